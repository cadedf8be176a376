// `npm run bench [-- --only <prefix>] [-- --json FILE]`: every case of every tests/bench/*.cases.ts
// module, ours beside its peer (or its goal), as ratios from one run.
import { readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { run, type Case } from './harness';

const here = import.meta.dirname;
const modules = readdirSync(here)
  .filter((f) => f.endsWith('.cases.ts'))
  .sort();
const cases: Case[] = [];
for (const file of modules) {
  const loaded: { cases?: unknown } = await import(pathToFileURL(path.join(here, file)).href);
  if (!Array.isArray(loaded.cases)) throw new Error(`${file} must export cases: Case[]`);
  cases.push(...(loaded.cases as Case[]));
}
const names = cases.map((c) => c.name);
const twice = names.filter((n, i) => names.indexOf(n) !== i);
if (twice.length) throw new Error(`case names must be unique: ${twice.join(', ')}`);

console.log(
  `Seans benchmarks — node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${new Date().toISOString()}`,
);
await run(cases, process.argv.slice(2));
// A failed case may still hold a timer or a socket; what it started is already stopped.
process.exit();
