// `npm run bench -- --markdown FILE`: the run's rows as the current table of BENCHMARKS.md. In a
// file that has the table's markers, the rows of this run replace the rows of the same cases and
// the others stay (so `--only` refreshes part of the table); elsewhere the file becomes the table.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import { goalText, type Row } from './row';

const START = '<!-- bench:table:start -->';
const END = '<!-- bench:table:end -->';
const HEAD = [
  '| case | against | unit | ours | peer | ratio | goal | machine | date |',
  '| --- | --- | --- | ---: | ---: | ---: | --- | --- | --- |',
];

const number = (x: number) => x.toLocaleString('en-US', { maximumFractionDigits: 2 });

export function machine(): string {
  const cpus = os.cpus();
  return `${cpus.length} × ${(cpus[0]?.model ?? 'cpu').replace(/\s+/g, ' ').trim()}, node ${process.version}`;
}

/** The machine, and for a client row the phone it simulated there (tests/bench/phone.ts). */
const where = (r: Row, on: string) =>
  r.multiplier === undefined ? on : `${on}; benchmarkIndex ${r.benchmarkIndex}, CPU ${r.multiplier}×`;

const line = (r: Row, at: string, on: string) =>
  `| ${r.case} | ${r.against} | ${r.unit} | ${number(r.ours)} | ${number(r.peer)} | ${r.ratio.toFixed(2)} | ${goalText(r)} | ${where(r, on)} | ${at} |`;

export function writeMarkdown(file: string, rows: readonly Row[]): void {
  const at = new Date().toISOString().slice(0, 10);
  const on = machine();
  const fresh = new Map(rows.map((r) => [r.case, line(r, at, on)]));
  const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const start = text.indexOf(START);
  const end = text.indexOf(END);
  if (start < 0 || end < start) {
    writeFileSync(file, `${[START, ...HEAD, ...fresh.values(), END].join('\n')}\n`);
    return format(file);
  }
  // The table's own lines past its head and separator (prettier pads the cells: names are trimmed).
  const kept = text
    .slice(start + START.length, end)
    .split('\n')
    .filter((l) => l.startsWith('|'))
    .slice(2);
  const merged = new Map(kept.map((l) => [l.split('|')[1]!.trim(), l]));
  for (const [name, l] of fresh) merged.set(name, l);
  const table = [START, ...HEAD, ...[...merged.values()], END].join('\n');
  writeFileSync(file, text.slice(0, start) + table + text.slice(end + END.length));
  format(file);
}

/** Laid out as `npm test`'s format check wants it, so a refreshed table needs no second step. */
function format(file: string): void {
  const prettier = path.join(import.meta.dirname, '..', '..', 'node_modules', '.bin', 'prettier');
  if (existsSync(prettier))
    spawnSync(prettier, ['--write', '--log-level', 'warn', file], { stdio: 'inherit' });
}
