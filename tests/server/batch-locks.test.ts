import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/client';
import { stockLocks } from '../../server/db/schema/trading';
import { lockedQty } from '../../server/trading/spot/place';
import { SpotPending } from '../../server/trading/spot/pending';
import { createWriter } from '../../server/trading/writer';
import { bareUser } from '../support/accounts';
import { dbTargets, freshDatabase } from '../support/server';

const T0 = Date.parse('2026-11-23T09:00:00Z');
const HOUR = 3_600_000;
/** NUMERIC answers carry the column's scale ("12.000…"): compared as numbers. */
const num = (v: string | undefined) => (v === undefined ? undefined : new Decimal(v).toFixed());

/**
 * A stock sell checks the user's T+1 and lock-up locks. The batch reads them for all its sells
 * with its one prefetch statement (server/trading/spot/pending.ts wantLocks/lockedRead); what it
 * answers must be exactly what the per-sell query (lockedQty) answers, or nothing, so the sell
 * asks the database itself.
 */
describe.each(dbTargets())('a batch reads T+1 locks with its prefetch on %s', (target) => {
  let database: Database;
  let dispose: () => Promise<void>;
  let user: bigint;

  beforeAll(async () => {
    ({ database, dispose } = await freshDatabase(target));
    user = await bareUser(database.db, 'locks');
    // THYAO: 5 unlocking at T0 + 1 h and 7 at T0 + 3 h; GARAN: 2 already unlocked at T0.
    await database.db.insert(stockLocks).values([
      { userId: user, accountType: 'demo', symbol: 'THYAO', qty: '5', unlockAt: T0 + HOUR },
      { userId: user, accountType: 'demo', symbol: 'THYAO', qty: '7', unlockAt: T0 + 3 * HOUR },
      { userId: user, accountType: 'demo', symbol: 'GARAN', qty: '2', unlockAt: T0 },
      // Another account type of the same user does not count.
      { userId: user, accountType: 'real', symbol: 'THYAO', qty: '100', unlockAt: T0 + 3 * HOUR },
    ]);
  });
  afterAll(async () => {
    await dispose?.();
  });

  it('answers the same sums as the per-sell query, and nothing where its read cannot be exact', async () => {
    const writer = createWriter(database.db);
    const thyao = { userId: user, accountType: 'demo' as const, symbol: 'THYAO' };
    const garan = { ...thyao, symbol: 'GARAN' };
    const akbnk = { ...thyao, symbol: 'AKBNK' };
    const seen = await writer.run(
      async ({ tx, batch }) => {
        const pending = SpotPending.of(batch);
        const at = async (key: typeof thyao, now: number) => ({
          batch: num(pending.lockedRead(key, now)),
          query: num(await lockedQty(tx, key.userId, key.accountType, key.symbol, now)),
        });
        return {
          // Read as of T0: 5 + 7 locked; exact up to (not at) the first unlock.
          t0: await at(thyao, T0),
          later: await at(thyao, T0 + HOUR - 1),
          // At the first unlock the read counted a lock that no longer counts: ask the database.
          unlocked: await at(thyao, T0 + HOUR),
          // Before the read's own time a lock it left out could still count: ask the database.
          earlier: await at(thyao, T0 - 1),
          garan: await at(garan, T0),
          none: await at(akbnk, T0 + 5 * HOUR),
        };
      },
      {
        inMemory: true,
        prefetch: (batch) => {
          const pending = SpotPending.of(batch);
          pending.wantLocks(thyao, T0 + 10);
          // Asked twice for one key: the earliest time counts.
          pending.wantLocks(thyao, T0);
          pending.wantLocks(garan, T0);
          pending.wantLocks(akbnk, T0);
        },
      },
    );
    expect(seen).toEqual({
      t0: { batch: '12', query: '12' },
      later: { batch: '12', query: '12' },
      unlocked: { batch: undefined, query: '7' },
      earlier: { batch: undefined, query: '12' },
      garan: { batch: '0', query: '0' },
      none: { batch: '0', query: '0' },
    });
  });

  it("counts the batch's own locks once they are written", async () => {
    const writer = createWriter(database.db);
    const key = { userId: user, accountType: 'demo' as const, symbol: 'ISCTR' };
    const seen = await writer.run(
      async ({ tx, batch }) => {
        const pending = SpotPending.of(batch);
        const before = pending.lockedRead(key, T0);
        pending.addLocks([
          { ...key, fillId: null, qty: '3', unlockAt: T0 + HOUR },
          // Already unlocked as of the read: it can never count.
          { ...key, fillId: null, qty: '4', unlockAt: T0 },
        ]);
        await batch.flush();
        return {
          before,
          written: pending.lockedRead(key, T0),
          query: num(await lockedQty(tx, key.userId, key.accountType, key.symbol, T0)),
          // The written lock unlocks at T0 + 1 h: from then on the read cannot answer.
          atUnlock: pending.lockedRead(key, T0 + HOUR),
        };
      },
      { inMemory: true, prefetch: (batch) => SpotPending.of(batch).wantLocks(key, T0) },
    );
    expect(seen).toEqual({ before: '0', written: '3', query: '3', atUnlock: undefined });
    const [{ n }] = (
      (await database.db.execute(
        sql`select count(*)::int as n from stock_locks where symbol = 'ISCTR'`,
      )) as unknown as {
        rows: { n: number }[];
      }
    ).rows as [{ n: number }];
    expect(n).toBe(2);
  });
});
