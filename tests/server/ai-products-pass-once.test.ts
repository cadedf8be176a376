import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AiOrderDetails } from '../../domain/protocol/ai-products';
import { runAiPass } from '../../server/ai-products/pass';
import { aiFills, aiRebalances } from '../../server/db/schema/ai-products';
import { messages } from '../../server/db/schema/content';
import { dbTargets } from '../support/server';
import { mondayAiWorld, DAY, type AiWorld } from './ai-products-support';
import { holder } from './options-support';
import { api, expectCleanLedger, MONDAY_NOON, requireTradePassword } from './spot-support';

const PIN = '246810';

/**
 * Two rebalancing passes over the same period at once (a cluster's old owner still finishing its
 * pass as the new one starts its own, or a pass run by hand beside the job): each read the order
 * as due before either locked it, and the second rebalanced it again once the first let go —
 * counted twice, told twice, marked twice. Under the lock the order is due or it is skipped, as
 * the robot and loan passes check their own progress under theirs.
 */
describe.each(dbTargets())('AI rebalancing passes racing over one period on %s', (target) => {
  let world: AiWorld;
  const WEEK = MONDAY_NOON + 7 * DAY;
  beforeAll(async () => {
    world = await mondayAiWorld(target);
  });
  afterAll(async () => world?.close());

  it('rebalances a due order once', async () => {
    const call = api(world as never);
    const u = await holder(world.db, '20000');
    await requireTradePassword(world.db, u.userId, PIN);
    world.clock.set(MONDAY_NOON);
    const bought = await call.post<AiOrderDetails>('/stock/ai/buy', u.token, {
      action: 'buy',
      id: 'mom-2',
      amount: '10000',
      tradePassword: PIN,
    });
    expect(bought.code).toBe(0);
    const orderId = BigInt(bought.data.id);

    world.clock.set(WEEK);
    world.setCloses(WEEK, { AAA: ['12', '12', '11'], BBB: ['21', '21', '22'], CCC: ['49', '50', '55'] });
    for (const [s, p] of [
      ['AAA', '11'],
      ['BBB', '22'],
      ['CCC', '55'],
    ] as const)
      world.setPrice(s, p);
    const done = await Promise.all([
      runAiPass(world.db, world.source, WEEK),
      runAiPass(world.db, world.source, WEEK),
    ]);
    expect(done[0] + done[1]).toBe(1);

    const o = (await call.post<AiOrderDetails>('/stock/ai/order/details', u.token, { id: String(orderId) }))
      .data;
    expect(o).toMatchObject({ rebalances: 1, lastRebalanceAt: WEEK, cash: '29.92' });
    const [fills] = await world.db.select({ n: count() }).from(aiFills).where(eq(aiFills.orderId, orderId));
    expect(fills?.n).toBe(5); // two bought, then AAA and part of BBB sold and CCC bought, once
    const [told] = await world.db.select({ n: count() }).from(messages).where(eq(messages.userId, u.userId));
    expect(told?.n).toBe(1);
    const [marks] = await world.db.select({ n: count() }).from(aiRebalances);
    expect(marks?.n).toBe(1);
    await expectCleanLedger(world.db);
  });
});
