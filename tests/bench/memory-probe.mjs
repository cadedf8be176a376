// Loaded into the broker by tests/bench/memory-idle.ts (`node --import …/memory-probe.mjs`): on
// SIGUSR2 it writes what V8 knows of the process's memory to MEMORY_PROBE_OUT, since RSS from
// outside cannot tell the JavaScript heap from PGlite's WebAssembly memory.
import { writeFileSync } from 'node:fs';
import v8 from 'node:v8';

const out = process.env.MEMORY_PROBE_OUT;
if (out)
  process.on('SIGUSR2', () => {
    const spaces = Object.fromEntries(
      v8.getHeapSpaceStatistics().map((s) => [s.space_name, { used: s.space_used_size, size: s.space_size }]),
    );
    writeFileSync(out, JSON.stringify({ usage: process.memoryUsage(), spaces }));
  });
