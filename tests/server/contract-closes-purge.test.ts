import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AssetsAnswer } from '../../domain/protocol/account';
import { contractCloses } from '../../server/db/schema/trading';
import { OWNED_JOBS } from '../../server/jobs';
import { CLOSE_RETENTION_MS, purgeContractCloses } from '../../server/trading/contracts/closes-purge';
import { dbTargets } from '../support/server';
import { ok, openLong, sharedContractWorld } from './contract-support';

const HOUR = 3_600_000;

/**
 * The purge of contract closes (server/trading/contracts/closes-purge.ts), called as its job
 * does on the trading clock. Its only reader is the day P&L, which counts the closes of the last
 * 24 h: what it reads must be the same before and after a purge.
 */
describe.each(dbTargets())('contract closes purge on %s', (target) => {
  const t = sharedContractWorld(target);

  const closesOf = async (positionId: string) =>
    (
      await t.world.db
        .select({ at: contractCloses.at })
        .from(contractCloses)
        .where(eq(contractCloses.positionId, BigInt(positionId)))
    )
      .map((r) => r.at)
      .sort((a, b) => a - b);

  it('runs as an owned job, so in a cluster only the lease owner purges', () => {
    expect(OWNED_JOBS.map((j) => j.name)).toContain('contract-closes-purge');
  });

  it('deletes the closes past their retention and leaves what the day P&L reads unchanged', async () => {
    await t.world.tick(50_000);
    const me = await t.world.trader('1000');
    const long = await openLong(t.world, me.real, { margin: '200' });
    const closePart = () =>
      t.world.call('/coin/contract/order/close', me.real, { id: long.id, quantity: '0.01' });
    const t0 = t.world.clock.t;
    ok(await closePart());
    t.world.clock.t += 30 * HOUR;
    ok(await closePart());
    t.world.clock.t += 20 * HOUR;
    t.world.source.setTicker('BTCUSDT', { prev: '49500.00' });
    await t.world.tick(49_900);
    const now = t.world.clock.t;
    expect(await closesOf(long.id)).toEqual([t0, t0 + 30 * HOUR]);

    const before = ok<AssetsAnswer>(await t.world.call('/user/assets', me.real)).openPnlRef;
    // 50 h old is past the 48 h retention; 20 h old is inside the day P&L's 24 h.
    expect(now - t0).toBeGreaterThan(CLOSE_RETENTION_MS);
    expect(await purgeContractCloses(t.world.db, now)).toBe(1);
    expect(await closesOf(long.id)).toEqual([t0 + 30 * HOUR]);
    const after = ok<AssetsAnswer>(await t.world.call('/user/assets', me.real)).openPnlRef;
    expect(after).toBe(before);
    expect(await purgeContractCloses(t.world.db, now)).toBe(0);
  });

  it('deletes in batches until none is left (more rows than one batch)', async () => {
    const me = await t.world.trader('1000');
    const long = await openLong(t.world, me.real);
    const now = t.world.clock.t;
    const row = (age: number) => ({
      positionId: BigInt(long.id),
      qty: '0.001',
      price: '50000',
      at: now - age,
    });
    await t.world.db
      .insert(contractCloses)
      .values(Array.from({ length: 1_234 }, () => row(CLOSE_RETENTION_MS + 1)));
    await t.world.db.insert(contractCloses).values(row(CLOSE_RETENTION_MS - 1));
    expect(await purgeContractCloses(t.world.db, now)).toBe(1_234);
    expect(await closesOf(long.id)).toEqual([now - CLOSE_RETENTION_MS + 1]);
  });
});
