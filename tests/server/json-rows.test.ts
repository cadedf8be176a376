import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/client';
import { keyArray } from '../../server/trading/json-rows';
import { statementRunner } from '../../server/trading/prepared';
import { dbTargets, freshDatabase } from '../support/server';

/** Keys passed as one array parameter reach the database exactly, however they are spelled. */
describe.each(dbTargets())('key arrays on %s', (target) => {
  let database: Database;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    ({ database, dispose } = await freshDatabase(target));
  });
  afterAll(async () => dispose?.());

  const unnest = async (query: ReturnType<typeof keyArray>) => {
    // Through the batch's runner: inlined as a literal into a prepared statement on PGlite.
    const run = statementRunner(database.db);
    const result = await database.db.transaction((tx) =>
      run(
        tx as never,
        sql`select coalesce(json_agg(k order by n), '[]'::json) as keys
        from unnest(${query}) with ordinality as u(k, n)`,
      ),
    );
    const keys = (result as unknown as { rows: { keys: unknown }[] }).rows[0]!.keys;
    // PGlite's batch path answers columns as text (prepared.ts), PostgreSQL's parses JSON: the
    // batch reads both the same way (batch.ts), and so does this.
    return typeof keys === 'string' ? (JSON.parse(keys) as unknown) : keys;
  };

  it('round-trips text with quotes, backslashes, commas, braces and spaces', async () => {
    const keys = [
      'user:1:real:stock:TRY:available',
      'a"b',
      'back\\slash',
      'x,y',
      '{z}',
      ' spaced ',
      "it's",
      '',
    ];
    expect(await unnest(keyArray(keys, 'text'))).toEqual(keys);
  });

  it('round-trips bigint ids past 2^53, and an empty set', async () => {
    expect(await unnest(keyArray([1n, 42n, 7n], 'bigint'))).toEqual([1, 42, 7]);
    const big = await database.db.execute(
      sql`select (${keyArray([9007199254740993n], 'bigint')})[1]::text as v`,
    );
    expect((big as unknown as { rows: { v: string }[] }).rows[0]!.v).toBe('9007199254740993');
    expect(await unnest(keyArray([], 'text'))).toEqual([]);
  });
});
