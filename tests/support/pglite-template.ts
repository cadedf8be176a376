import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readdir, readFile, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../server/db/client';

const MIGRATIONS = path.resolve(import.meta.dirname, '../../server/db/migrations');

/**
 * A new PGlite data directory, already initialised and migrated, copied from a template made once
 * per migration set. initdb plus the migrations cost 3–9 s a database on the 2-core machines
 * (measured while other suites ran), the copy and reopen under 2 s; the server suites make some
 * forty databases. The template is keyed by the migrations' bytes and PGlite's version, so a new
 * migration makes a new one, and is built aside then renamed into place so parallel workers can
 * race to make it and all use the same. The seed is not in it: seeds date things from "now".
 */
export async function pgliteDataDir(): Promise<string> {
  const template = await ensureTemplate();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'seans-pglite-'));
  await cp(template, dataDir, { recursive: true });
  return dataDir;
}

let made: Promise<string> | null = null;

function ensureTemplate(): Promise<string> {
  made ??= (async () => {
    const dir = path.join(tmpdir(), `seans-pglite-template-${await migrationsKey()}`);
    if (existsSync(path.join(dir, 'PG_VERSION'))) return dir;
    const building = await mkdtemp(path.join(tmpdir(), 'seans-pglite-building-'));
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
