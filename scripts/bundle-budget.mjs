// The size budget (ARCHITECTURE rule 10): what a phone downloads before the first screen —
// the entry script, the chunks index.html preloads, and the CSS — gzipped, against a limit.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const ROOT = path.resolve(import.meta.dirname, '..');
const CLIENT = path.join(ROOT, 'dist', 'client');

/** Limits in gzipped bytes. Raise them only with a reason in the commit message. */
export const BUDGET = { js: 150 * 1024, css: 12 * 1024 };

export function measureInitialLoad() {
  const html = readFileSync(path.join(CLIENT, 'index.html'), 'utf8');
  const files = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(js|css))"/g)].map((m) => ({
    file: m[1],
    kind: m[2],
  }));
  const sizes = { js: 0, css: 0 };
  for (const { file, kind } of files) {
    sizes[kind] += gzipSync(readFileSync(path.join(CLIENT, file)), { level: 9 }).length;
  }
  return { files: files.length, ...sizes };
}

/** Prints the sizes and returns false when over budget. */
export function checkBudget() {
  const { files, js, css } = measureInitialLoad();
  const kb = (n) => `${(n / 1024).toFixed(1)} KiB`;
  console.log(
    `initial load (${files} files, gzip): JS ${kb(js)} of ${kb(BUDGET.js)}, CSS ${kb(css)} of ${kb(BUDGET.css)}`,
  );
  return js <= BUDGET.js && css <= BUDGET.css;
}
