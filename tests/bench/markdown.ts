// `npm run bench -- --markdown FILE`: the run's rows as the current table of BENCHMARKS.md. In a
// file that has the table's markers, the rows of this run replace the rows of the same cases and
// the others stay (so `--only` refreshes part of the table); elsewhere the file becomes the table.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
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

const line = (r: Row, at: string, on: string) =>
  `| ${r.case} | ${r.against} | ${r.unit} | ${number(r.ours)} | ${number(r.peer)} | ${r.ratio.toFixed(2)} | ${goalText(r)} | ${on} | ${at} |`;

export function writeMarkdown(file: string, rows: readonly Row[]): void {
  const at = new Date().toISOString().slice(0, 10);
  const on = machine();
  const fresh = new Map(rows.map((r) => [r.case, line(r, at, on)]));
  const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const start = text.indexOf(START);
  const end = text.indexOf(END);
  if (start < 0 || end < start) {
    writeFileSync(file, `${[START, ...HEAD, ...fresh.values(), END].join('\n')}\n`);
    return;
  }
  const kept = text
    .slice(start + START.length, end)
    .split('\n')
    .filter((l) => l.startsWith('| ') && !HEAD.includes(l));
  const merged = new Map(kept.map((l) => [l.slice(2, l.indexOf(' |', 2)), l]));
  for (const [name, l] of fresh) merged.set(name, l);
  const table = [START, ...HEAD, ...[...merged.values()], END].join('\n');
  writeFileSync(file, text.slice(0, start) + table + text.slice(end + END.length));
}
