import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { existsSync, statfsSync } from 'node:fs';
import { cp, mkdtemp, readdir, readFile, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { openDatabase } from '../../server/db/client';

const run = promisify(execFile);

/** Free room a memory file system needs before the test databases go there. */
const MIN_FREE_BYTES = 2 * 1024 ** 3;

/**
 * Where the test databases live: in memory (/dev/shm) when the machine has one with room, else
 * the temporary directory. Throwaway databases gain nothing from a disk: on one, copying the
 * template took 0.4–1.1 s and PGlite's writes wait on it; in memory the copy takes ~60 ms. A
 * container's /dev/shm is often 64 MB, too small for even one database, hence the room check.
 */
function scratchRoot(): string {
  try {
    const { bavail, bsize } = statfsSync('/dev/shm');
    if (bavail * bsize >= MIN_FREE_BYTES) return '/dev/shm';
  } catch {
    // No /dev/shm here (not Linux): the temporary directory.
  }
  return tmpdir();
}

const SCRATCH = scratchRoot();

const MIGRATIONS = path.resolve(import.meta.dirname, '../../server/db/migrations');

/**
 * A new PGlite data directory, already initialised and migrated, copied from a template made once
 * per migration set. initdb plus the migrations cost 3–9 s a database on the 2-core machines
 * (measured while other suites ran), the copy and reopen ~0.25 s in memory; the server suites make some
 * forty databases. The template is keyed by the migrations' bytes and PGlite's version, so a new
 * migration makes a new one, and is built aside then renamed into place so parallel workers can
 * race to make it and all use the same. The seed is not in it: seeds date things from "now".
 */
export async function pgliteDataDir(): Promise<string> {
  const template = await ensureTemplate();
  const dataDir = await mkdtemp(path.join(SCRATCH, 'seans-pglite-'));
  await copyTree(template, dataDir);
  return dataDir;
}

/**
 * The template's ~1,300 files (42 MB) into `to`: on a disk the system's cp took 0.4–1.1 s and
 * node's fs.promises.cp 1.1–1.8 s (it copies file by file in JavaScript), and a server test file
 * makes a database or more. Node's copy where there is no cp.
 */
async function copyTree(from: string, to: string): Promise<void> {
  try {
    await run('cp', ['-R', `${from}/.`, to]);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    await cp(from, to, { recursive: true });
  }
}

let made: Promise<string> | null = null;

function ensureTemplate(): Promise<string> {
  made ??= (async () => {
    const dir = path.join(SCRATCH, `seans-pglite-template-${await migrationsKey()}`);
    if (existsSync(path.join(dir, 'PG_VERSION'))) return dir;
    const building = await mkdtemp(path.join(SCRATCH, 'seans-pglite-building-'));
    const database = await openDatabase({ kind: 'pglite', dataDir: building, initdb: 'in-process' });
    await database.close();
    try {
      await rename(building, dir);
    } catch (error) {
      // Another worker renamed its template into place first: theirs is the same, use it.
      await rm(building, { recursive: true, force: true });
      if (!existsSync(path.join(dir, 'PG_VERSION'))) throw error;
    }
    return dir;
  })();
  return made;
}

async function migrationsKey(): Promise<string> {
  const hash = createHash('sha256');
  // PGlite's own files (its version) are part of what the template is made of.
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  hash.update(await readFile(path.join(path.dirname(entry), '..', 'package.json')));
  const files = (await readdir(MIGRATIONS, { recursive: true })).sort();
  for (const file of files) {
    const full = path.join(MIGRATIONS, file);
    if (!file.endsWith('.sql') && !file.endsWith('.json')) continue;
    hash.update(file);
    hash.update(await readFile(full));
  }
  return hash.digest('hex').slice(0, 16);
}
