import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, PGLITE_SHARED_BUFFERS } from '../../server/db/client';

// The idle broker's memory: PGlite's buffer cache is sized below PostgreSQL's
// default, and a new data directory is made by a child process so initdb's garbage never
// lands in the broker.
const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

async function freshDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'seans-pglite-memory-'));
  dirs.push(dir);
  return path.join(dir, 'data');
}

type Database = Awaited<ReturnType<typeof openDatabase>>;

/** The first row of a statement (db.execute answers each driver's own result type). */
async function firstRow(db: Database, query: SQL): Promise<Record<string, unknown>> {
  const result = (await db.db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
  return result.rows[0] ?? {};
}

const setting = async (db: Database, name: string) => (await firstRow(db, sql.raw(`show ${name}`)))[name];

describe('PGlite memory settings', () => {
  // A whole initdb in a child process, the migrations and a second open: 10–15 s alone, past the
  // suite's 30 s default when both cores are busy (it failed so in a loaded full run).
  it(
    'makes a new data directory in a child process, then opens and migrates it here',
    { timeout: 120_000 },
    async () => {
      const dataDir = await freshDir();
      const database = await openDatabase({ kind: 'pglite', dataDir });
      try {
        expect(existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(true);
        expect(await setting(database, 'shared_buffers')).toBe(PGLITE_SHARED_BUFFERS);
        // Migrated: the schema's tables are there.
        expect(await firstRow(database, sql`select count(*)::int as n from spot_orders`)).toEqual({ n: 0 });
      } finally {
        await database.close();
      }
      // Reopening finds the directory made and keeps the data.
      const again = await openDatabase({ kind: 'pglite', dataDir, sharedBuffers: '16MB' });
      try {
        expect(await setting(again, 'shared_buffers')).toBe('16MB');
      } finally {
        await again.close();
      }
    },
  );

  it('can still make the directory in this process (the tests do, for speed)', async () => {
    const dataDir = await freshDir();
    const database = await openDatabase({ kind: 'pglite', dataDir, initdb: 'in-process' });
    try {
      expect(existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(true);
      expect(await setting(database, 'shared_buffers')).toBe(PGLITE_SHARED_BUFFERS);
    } finally {
      await database.close();
    }
  });
});
