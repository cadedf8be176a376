// `npm run bench`: installs the benchmark peers (ccxt, trading-signals, technicalindicators) into
// tests/bench's own package the first time, so the app's `npm install` never carries them, then
// runs tests/bench/run.ts with the arguments given (`--only <prefix>`, `--json FILE`,
// `--markdown FILE`). The PostgreSQL and cluster rows get what `npm test` gives its suites: a
// throwaway PostgreSQL when DATABASE_URL is unset, Debian's nats-server, and Debian's Chromium
// for the browser rows (Lighthouse, taps, the UI). Whatever the run leaves behind (a broker, a
// browser) is stopped when it ends, however it ended (scripts/reap.mjs).
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ensureChromium } from './chromium.mjs';
import { ensureNats } from './nats.mjs';
import { providePostgres } from './postgres.mjs';
import { reap, RUN_TAG } from './reap.mjs';

const root = path.resolve(import.meta.dirname, '..');
const bench = path.join(root, 'tests', 'bench');
const { dependencies = {} } = JSON.parse(readFileSync(path.join(bench, 'package.json'), 'utf8'));
const missing = Object.keys(dependencies).filter(
  (name) => !existsSync(path.join(bench, 'node_modules', name, 'package.json')),
);

function runOrExit(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.error) throw result.error;
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (missing.length > 0) {
  console.log(`Installing the benchmark peers into tests/bench (${missing.join(', ')})…`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  runOrExit(npm, ['install', '--prefix', bench, '--no-audit', '--no-fund']);
}
let postgres = null;
if (!process.env.DATABASE_URL) {
  postgres = await providePostgres({ durable: true });
  if (postgres) process.env.DATABASE_URL = postgres.url;
}
ensureNats();
const chromium = ensureChromium();
if (!chromium) {
  await postgres?.stop();
  process.exit(1);
}
const tsx = path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs');
const tag = randomUUID();
const result = spawnSync(process.execPath, [tsx, path.join(bench, 'run.ts'), ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, [RUN_TAG]: tag, CHROMIUM_PATH: chromium, CHROME_PATH: chromium },
});
const left = await reap(RUN_TAG, tag);
if (left.length > 0)
  console.error(`Stopped ${left.length} process(es) the run left behind: ${left.join(', ')}`);
await postgres?.stop();
process.exit(result.status ?? 1);
