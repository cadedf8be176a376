// Decides whether the built client is older than its sources, and builds it when it is.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const SOURCES = [
  'src',
  'domain',
  'workers',
  'locales',
  'index.html',
  'vite.config.ts',
  'vite-plugins',
  'package-lock.json',
  'public',
];
// CLIENT_DIR (as the broker reads it) lets two checkouts' runs build beside each other.
const OUT = path.resolve(ROOT, process.env.CLIENT_DIR ?? path.join('dist', 'client'));
const BUILT = path.join(OUT, 'index.html');

function newest(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = 0;
  for (const entry of readdirSync(target)) latest = Math.max(latest, newest(path.join(target, entry)));
  return latest;
}

export function clientIsStale() {
  if (!existsSync(BUILT)) return true;
  const built = statSync(BUILT).mtimeMs;
  return SOURCES.some((source) => newest(path.join(ROOT, source)) > built);
}

/** Builds the client with Vite; returns false when the build failed. */
export function buildClient() {
  const vite = path.join(ROOT, 'node_modules', '.bin', 'vite');
  // Always a production build: under vitest NODE_ENV is `test`, which Vite passes on to React, and
  // the development React it then bundles would be what `npm start` serves afterwards.
  const result = spawnSync(vite, ['build', '--logLevel', 'warn', '--outDir', OUT], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  return result.status === 0;
}
