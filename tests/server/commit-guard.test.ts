import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/client';
import { dbTargets, freshDatabase } from '../support/server';

/**
 * A transaction in which a statement failed cannot commit (server/db/commit-guard.ts): code that
 * catches the failure and returns normally gets an error at COMMIT, on PostgreSQL as on PGlite,
 * never a success for writes that are gone. A failure inside a savepoint stays the savepoint's.
 */
function sqlStateOf(error: unknown): unknown {
  for (let e = error; typeof e === 'object' && e !== null; e = (e as { cause?: unknown }).cause) {
    const { code } = e as { code?: unknown };
    if (typeof code === 'string') return code;
  }
  return undefined;
}

describe.each(dbTargets())('a transaction whose statement failed, on %s', (target) => {
  let database: Database;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    ({ database, dispose } = await freshDatabase(target));
    await database.db.execute(sql`create table commit_guard (n int)`);
  });
  afterAll(async () => {
    await dispose?.();
  });

  const count = async (n: number) => {
    const r = await database.db.execute<{ c: number }>(
      sql`select count(*)::int as c from commit_guard where n = ${n}`,
    );
    return (r as unknown as { rows: { c: number }[] }).rows[0]!.c;
  };

  it('fails at COMMIT when the failure was caught and swallowed: nothing is written', async () => {
    const attempt = database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into commit_guard values (1)`);
      await tx.execute(sql`select 1 / 0`).catch(() => undefined);
      return 'done';
    });
    const error = await attempt.then(
      () => null,
      (e: unknown) => e,
    );
    // drizzle wraps the driver's error (on PostgreSQL, the guard's) as its cause.
    expect(sqlStateOf(error), String(error)).toBe('25P02');
    expect(await count(1)).toBe(0);
  });

  it('commits when the failed statement was in a savepoint, and after a guarded failure the pool works', async () => {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into commit_guard values (2)`);
      await tx
        .transaction(async (sp) => {
          await sp.execute(sql`insert into commit_guard values (3)`);
          await sp.execute(sql`select 1 / 0`);
        })
        .catch(() => undefined);
    });
    expect(await count(2)).toBe(1);
    expect(await count(3)).toBe(0);
  });
});
