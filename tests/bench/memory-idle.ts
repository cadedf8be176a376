// Not a bench case: `npx tsx tests/bench/memory-idle.ts [SECONDS] [node args…]` starts the broker
// as `npm start` runs it (scripts/start.mjs: the bundled broker, PGlite in a fresh data directory, the default
// market), lets it idle SECONDS (default 30), and says where its resident memory is: V8's own
// account (tests/bench/memory-probe.mjs) beside the kernel's (/proc/PID/smaps), mapping by
// mapping. It does this twice: the first start (initdb) and a restart on the same data, which
// is what a running broker usually is. The environment passes through (e.g. MALLOC_ARENA_MAX).
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startBroker } from '../support/process';

const [secondsArg = '30', ...nodeArgs] = process.argv.slice(2);
const seconds = Number(secondsArg);
const MB = 1024 * 1024;
const mb = (bytes: number) => `${(bytes / MB).toFixed(0).padStart(5)} MB`;

type Mapping = { start: bigint; size: number; rss: number; name: string; perms: string };

/** Every mapping of the process with its size and resident bytes. */
function mappings(pid: number): Mapping[] {
  const list: Mapping[] = [];
  let current: Mapping | null = null;
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) {
      const start = BigInt(`0x${head[1]}`);
      current = {
        start,
        size: Number(BigInt(`0x${head[2]}`) - start),
        rss: 0,
        name: head[4] ?? '',
        perms: head[3] ?? '',
      };
      list.push(current);
    } else if (current && line.startsWith('Rss:')) current.rss = Number(line.split(/\s+/)[1]) * 1024;
  }
  return list;
}

/**
 * What a mapping is, as far as the kernel's view tells: a WebAssembly memory is a writable
 * mapping of its current size followed by an inaccessible reservation of ~10 GiB (its guard
 * region; PGlite has one, initdb another); glibc's thread arenas are anonymous mappings aligned
 * to 64 MiB, each at most 64 MiB.
 */
function kind(m: Mapping, next: Mapping | undefined): string {
  if (m.name === '[heap]') return 'malloc: main arena';
  if (m.name.startsWith('/')) return 'files: node binary, libraries';
  if (m.name.startsWith('[')) return `other: ${m.name}`;
  if (
    next &&
    next.start === m.start + BigInt(m.size) &&
    next.perms.startsWith('---') &&
    next.size >= 4096 * MB
  )
    return 'WebAssembly memory (PGlite)';
  if (m.start % BigInt(64 * MB) === 0n && m.size <= 64 * MB) return 'malloc: thread arenas';
  if (m.perms.includes('x')) return 'anonymous executable (JIT, WebAssembly code)';
  return 'anonymous: V8 heap pages and the rest';
}

type Probe = {
  usage: NodeJS.MemoryUsage;
  spaces: Record<string, { used: number; size: number }>;
};

async function measure(dataDir: string, label: string): Promise<void> {
  const probeOut = path.join(dataDir, `memory-probe-${label.split(' ')[0]}.json`);
  const broker = await startBroker(
    {
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      CLIENT_DIR: process.env.CLIENT_DIR ?? 'dist/client',
      MEMORY_PROBE_OUT: probeOut,
    },
    180_000,
    [...nodeArgs, '--import', path.join(import.meta.dirname, 'memory-probe.mjs'), 'scripts/start.mjs'],
  );
  try {
    await new Promise((r) => setTimeout(r, seconds * 1000));
    const pid = broker.child.pid!;
    const maps = mappings(pid);
    broker.child.kill('SIGUSR2');
    for (let i = 0; i < 50 && !existsSync(probeOut); i++) await new Promise((r) => setTimeout(r, 100));
    const probe = JSON.parse(readFileSync(probeOut, 'utf8')) as Probe;
    const total = maps.reduce((s, m) => s + m.rss, 0);
    const kinds = new Map<string, number>();
    maps.forEach((m, i) => {
      const k = kind(m, maps[i + 1]);
      kinds.set(k, (kinds.get(k) ?? 0) + m.rss);
    });
    console.log(`\n${label}: RSS ${mb(total)} after ${seconds} s idle`);
    for (const [k, bytes] of [...kinds].sort((a, b) => b[1] - a[1]))
      if (bytes >= MB) console.log(`  ${mb(bytes)}  ${k}`);
    const { usage, spaces } = probe;
    console.log(
      `  V8: heap ${mb(usage.heapTotal)} (used ${mb(usage.heapUsed)}), external ${mb(usage.external)} (array buffers ${mb(usage.arrayBuffers)})`,
    );
    console.log(
      `  V8 spaces (used/size): ${Object.entries(spaces)
        .filter(([, s]) => s.size > MB)
        .map(([name, s]) => `${name} ${(s.used / MB).toFixed(0)}/${(s.size / MB).toFixed(0)}`)
        .join(', ')}`,
    );
  } finally {
    await broker.stop();
  }
}

const dataDir = await mkdtemp(path.join(tmpdir(), 'seans-memory-'));
try {
  await measure(dataDir, 'first start (initdb)');
  await measure(dataDir, 'restart on the same data');
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
