// `npm test`: everything, in order of cheapest first, non-zero on any failure.
// format check → type check → lint → unit → server (PGlite and PostgreSQL) → cluster (3 nodes on
// PostgreSQL + NATS) → build → size budget (the first load, in Chromium) → browser (Debian
// Chromium). Ends with one summary line. PostgreSQL is DATABASE_URL's server when it is set, and
// otherwise one this run starts (scripts/postgres.mjs), so a fresh machine runs every suite.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildClient } from './client-build.mjs';
import { ensureChromium } from './chromium.mjs';
import { ensureNats } from './nats.mjs';
import { providePostgres } from './postgres.mjs';
import { checkBudget } from './bundle-budget.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const bin = (name) => path.join(ROOT, 'node_modules', '.bin', name);
const reports = mkdtempSync(path.join(tmpdir(), 'seans-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const started = Date.now();
let postgres = null; // the server this run started, if it started one

function step(title, command, args, env = {}) {
  console.log(`\n▶ ${title}`);
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
}

/** Runs a step with its output held: resolves once it ends, with whether it passed and what it printed. */
function background(title, command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    let ended = false;
    const end = (ok) => {
      if (ended) return;
      ended = true;
      resolve({ title, ok, output: Buffer.concat(output) });
    };
    child.on('error', (error) => {
      output.push(Buffer.from(`${error.message}\n`));
      end(false);
    });
    child.on('close', (code) => end(code === 0));
  });
}

async function finish(ok, reason) {
  rmSync(reports, { recursive: true, force: true });
  await postgres?.stop();
  const seconds = Math.round((Date.now() - started) / 1000);
  if (reason) console.error(`\n✖ ${reason}`);
  console.log(`\nnpm test ${ok ? 'passed' : 'FAILED'} in ${seconds} s`);
  console.log(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
  process.exit(ok ? 0 : 1);
}

/** Runs one suite: its vitest projects side by side in one run (`unit` is two, see vitest.config.ts). */
async function vitest(project, env = {}, projects = [project]) {
  const out = path.join(reports, `${project}.json`);
  const ok = step(
    `${project} tests`,
    bin('vitest'),
    [
      'run',
      ...projects.flatMap((name) => ['--project', name]),
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${out}`,
    ],
    env,
  );
  try {
    const report = JSON.parse(readFileSync(out, 'utf8'));
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests;
    totals.skipped += report.numPendingTests + report.numTodoTests;
    if (report.numTotalTests === 0) await finish(false, `the ${project} suite ran no test`);
    if (report.numPendingTests + report.numTodoTests > 0)
      await finish(false, `the ${project} suite skipped tests`);
  } catch {
    await finish(false, `the ${project} suite wrote no report`);
  }
  if (!ok) await finish(false, `${project} tests failed`);
}

// The static checks read the tree and write nothing the others read, so they run side by
// side; each one's output is printed whole under its title, in this order, once all have ended.
// The type check is TypeScript 7's native compiler (tsgo: the same errors as TypeScript 6, 105 s
// of one core → 44 s here); typescript-eslint still needs TypeScript 6 (package.json), which
// `npx tsc -b` runs for anyone who wants it.
const checks = await Promise.all([
  background('format check (prettier)', bin('prettier'), ['--check', '--log-level', 'warn', '.']),
  background('type check (tsgo -b)', bin('tsgo'), ['-b']),
  background('lint (eslint)', bin('eslint'), ['--max-warnings', '0', '.']),
  background('import circles', process.execPath, [path.join(ROOT, 'scripts', 'lint', 'cycles.mjs')]),
  background('one class, one look', process.execPath, [
    path.join(ROOT, 'scripts', 'lint', 'css-classes.mjs'),
  ]),
  background('sizes', process.execPath, [
    path.join(ROOT, 'scripts', 'lint', 'sizes.mjs'),
    '--max-functions',
    '0',
    '--max-files',
    '0',
  ]),
]);
for (const check of checks) {
  console.log(`\n▶ ${check.title}`);
  process.stdout.write(check.output);
}
const [formatted, typed, linted, acyclic, oneLook, small] = checks.map((check) => check.ok);
if (!formatted) await finish(false, 'formatting differs: run `npm run format`');
if (!typed) await finish(false, 'type check failed');
if (!linted) await finish(false, 'lint failed');
if (!acyclic) await finish(false, 'import circles: move what both files need into a file of its own');
if (!oneLook) await finish(false, 'a class is defined by two area style sheets: give each area its own name');
if (!small)
  await finish(false, 'a source file over 300 lines or a function over 80: split it (listed above)');

await vitest('unit', {}, ['unit', 'unit-isolated']);

if (process.env.DATABASE_URL) {
  console.log('\nServer suites run on PGlite and on PostgreSQL (DATABASE_URL).');
} else {
  console.log('\n▶ PostgreSQL for the server and cluster suites (DATABASE_URL is unset)');
  postgres = await providePostgres();
  if (!postgres) await finish(false, 'the PostgreSQL suites need PostgreSQL');
  process.env.DATABASE_URL = postgres.url;
  for (const signal of ['SIGINT', 'SIGTERM'])
    process.once(signal, () => finish(false, `stopped by ${signal}`));
}
await vitest('server');

// Broker nodes as processes on PostgreSQL and NATS.
if (!ensureNats()) await finish(false, 'the cluster suite needs nats-server');
await vitest('cluster');

console.log('\n▶ build the client');
if (!buildClient()) await finish(false, 'client build failed');
const chromium = ensureChromium();
if (!chromium) await finish(false, 'Chromium is required for the size budget and the browser tests');
console.log('\n▶ size budget (the first load of / in Chromium)');
if (!(await checkBudget({ chromiumPath: chromium }))) {
  await finish(false, 'the first load is over its size budget (scripts/bundle-budget.mjs)');
}
await vitest('browser', { CHROMIUM_PATH: chromium });

await finish(true);
