// `npm run bench`: installs the benchmark peers (ccxt, trading-signals, technicalindicators) into
// tests/bench's own package the first time, so the app's `npm install` never carries them, then
// runs tests/bench/run.ts with the arguments given (`--only <prefix>`, `--json FILE`,
// `--markdown FILE`). The PostgreSQL and cluster rows get what `npm test` gives its suites: a
// throwaway PostgreSQL when DATABASE_URL is unset, and Debian's nats-server.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ensureNats } from './nats.mjs';
import { providePostgres } from './postgres.mjs';

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
const tsx = path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs');
const result = spawnSync(process.execPath, [tsx, path.join(bench, 'run.ts'), ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
});
await postgres?.stop();
process.exit(result.status ?? 1);
