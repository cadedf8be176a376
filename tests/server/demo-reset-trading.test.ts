import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ledgerTransactions } from '../../server/db/schema/ledger';
import { openUserLedger } from '../../server/ledger/accounts';
import { userBalances } from '../../server/ledger/balances';
import { dbTargets } from '../support/server';
import { userWithSession, demoSession } from '../support/session';
import { api, expectCleanLedger, spotWorld, stockBook, type SpotWorld } from './spot-support';

/**
 * A demo reset (DECISIONS §3) with trading under way: the demo's live orders are cancelled in the
 * same request, so no order is left resting on money the reset took back.
 */
describe.each(dbTargets())('demo reset with open orders on %s', (target) => {
  let world: SpotWorld;
  beforeAll(async () => {
    world = await spotWorld(target);
    stockBook(world.source);
  });
  afterAll(async () => {
    await expectCleanLedger(world.db);
    await world?.close();
  });

  it('cancels the demo orders and restores the starting balances', async () => {
    const { db } = world;
    const user = await userWithSession(db);
    const userId = BigInt(user.userId);
    await openUserLedger(db, userId);
    const demo = await demoSession(db, userId);
    const call = api(world);
    const start = await userBalances(db, userId, 'demo');

    // A limit below the best ask rests and freezes demo cash.
    const resting = { symbol: 'THYAO', type: 'limit', quantity: '10', price: '99.00' };
    const placed = await call.post<{ order: { id: string; status: string } }>(
      '/stock/order/buy',
      demo,
      resting,
    );
    expect(placed).toMatchObject({ code: 0, data: { order: { status: 'open' } } });
    // 10 × 99.00 = 990.00, plus commission 1.485, BSMV 0.07425 and exchange fee 0.0297 held too.
    const frozen = (await userBalances(db, userId, 'demo')).find((b) => b.wallet === 'stock');
    expect(frozen?.frozen).toBe('991.59');

    const reset = await call.post<{ balances: unknown }>('/user/demo/reset', demo);
    expect(reset.code).toBe(0);
    expect(reset.data.balances).toEqual(start);
    expect(await userBalances(db, userId, 'demo')).toEqual(start);

    const info = await call.get<{ order: { status: string; statusReason: string; frozen: string } }>(
      '/stock/order/info',
      demo,
      { id: placed.data.order.id },
    );
    expect(info.data.order).toMatchObject({ status: 'cancelled', statusReason: 'demo_reset', frozen: '0' });
    // The hold came back through the ledger before the reset, not by the reset zeroing it.
    const releases = await db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.referenceId, placed.data.order.id));
    expect(releases.map((r) => r.reason).sort()).toEqual(['order_freeze', 'order_release']);
    const open = await call.get<{ total: number }>('/stock/order/list', demo, { status: 'open' });
    expect(open.data.total).toBe(0);
  });
});
