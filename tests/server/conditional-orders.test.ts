import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sharedWorld } from '../support/shared-world';
import type { ConditionalOrder } from '../../domain/protocol/conditional';
import type { SpotOrder } from '../../domain/protocol/trading';
import { hashToken } from '../../server/auth/session';
import { spotOrders } from '../../server/db/schema/trading';
import { sessions } from '../../server/db/schema/users';
import { openUserLedger } from '../../server/ledger/accounts';
import { userBalances } from '../../server/ledger/balances';
import { canonical } from '../../server/ledger/decimal';
import { dbTargets } from '../support/server';
import { userWithSession } from '../support/session';
import { conditionalApi, trade, until } from './conditional-support';
import {
  api,
  balance,
  coinBook,
  expectCleanLedger,
  spotWorld,
  stockBook,
  trader,
  type Trader,
} from './spot-support';

/**
 * Conditional orders on a real broker over a scripted feed: the hold taken when placed, the
 * order placed by the broker when a trade crosses the trigger (once), the hold back when
 * cancelled, refused at the trigger or expired.
 */
describe.each(dbTargets())('conditional orders on %s', (target) => {
  const t = sharedWorld(
    () => spotWorld(target),
    (world) => ({ cond: conditionalApi(world) }),
  );

  const stockOf = async (me: Trader, currency: string) =>
    balance(await userBalances(t.world.db, me.userId, 'real'), 'stock', currency);
  const one = async (me: Trader, id: string): Promise<ConditionalOrder> =>
    (await t.cond.list(me)).list.find((o) => o.id === id)!;
  const reset = () => {
    stockBook(t.world.source);
    t.world.source.setTicker('THYAO', { last: '100.00', prev: '100.00' });
  };
  /** A trader holding `shares` THYAO bought at market (asks 100.10 first). */
  async function holder(shares: string): Promise<Trader> {
    const me = await trader(t.world.db);
    reset();
    const bought = await api(t.world).post('/stock/order/buy', me.token, {
      symbol: 'THYAO',
      type: 'market',
      quantity: shares,
    });
    expect(bought.code).toBe(0);
    reset();
    return me;
  }

  it('holds a buy stop’s cost when placed, lists it, and gives it back when cancelled', async () => {
    reset();
    const me = await trader(t.world.db);
    const placed = await t.cond.add(me, {
      symbol: 'THYAO',
      side: 'buy',
      kind: 'stop',
      quantity: '10',
      trigger: '105.00',
    });
    expect(placed.code).toBe(0);
    const [order] = placed.data.list;
    // 10 × 105 = 1050; commission 1.575 → 1.58, BSMV 0.079 → 0.08, exchange fee 0.0315 → 0.03: 1051.69.
    expect(order).toMatchObject({
      kind: 'stop',
      side: 'buy',
      trigger: '105',
      limit: null,
      frozen: '1051.69',
      state: 'pending',
    });
    expect(await stockOf(me, 'TRY')).toEqual({ available: '98948.31', frozen: '1051.69' });
    expect((await t.cond.list(me, 'pending')).list.map((o) => o.id)).toEqual([order!.id]);

    const cancelled = await t.cond.cancel(me, order!.id);
    expect(cancelled.data.cancelled).toMatchObject([
      { id: order!.id, state: 'cancelled', reason: 'user', frozen: '0' },
    ]);
    expect(await stockOf(me, 'TRY')).toEqual({ available: '100000', frozen: '0' });
    expect((await t.cond.list(me, 'pending')).total).toBe(0);
    const again = await t.cond.cancel(me, order!.id);
    expect(again.key).toBe('CONDITIONAL_NOT_CANCELLABLE');
    // A trade through the old trigger places nothing.
    trade(t.world, 'THYAO', '106.00');
    await new Promise((r) => setTimeout(r, 100));
    expect((await one(me, order!.id)).state).toBe('cancelled');
    await expectCleanLedger(t.world.db);
  });

  it('fires a sell stop on the first trade that reaches it, once, through the spot order path', async () => {
    const me = await holder('20');
    const placed = await t.cond.add(me, {
      symbol: 'THYAO',
      side: 'sell',
      kind: 'stop',
      quantity: '10',
      trigger: '99.00',
    });
    const id = placed.data.list[0]!.id;
    expect(await stockOf(me, 'THYAO')).toEqual({ available: '10', frozen: '10' });
    trade(t.world, 'THYAO', '99.05');
    await new Promise((r) => setTimeout(r, 100));
    expect((await one(me, id)).state).toBe('pending');
    // Three crossing trades in a row, and one more event: one order.
    t.world.source.emitTrades('THYAO', [
      { id: 'X1', t: t.world.clock.now(), price: '98.90', qty: '1', side: 'sell' },
      { id: 'X2', t: t.world.clock.now(), price: '98.50', qty: '1', side: 'sell' },
    ]);
    trade(t.world, 'THYAO', '98.00');
    const fired = await until(
      () => one(me, id),
      (o) => o.state !== 'pending',
    );
    expect(fired).toMatchObject({ state: 'fired', reason: null, frozen: '0' });
    expect(fired.fired).toEqual({ price: '98.9', t: t.world.clock.now(), tradeId: 'X1' });
    const orders = await t.world.db
      .select()
      .from(spotOrders)
      .where(and(eq(spotOrders.userId, me.userId), eq(spotOrders.side, 'sell')));
    expect(orders.map((o) => String(o.id))).toEqual([fired.placedOrderId]);
    expect(orders[0]).toMatchObject({ type: 'market', status: 'closed', clientOrderId: `cond-${id}` });
    // The market sell filled at the best bid, 99.90.
    expect([orders[0]!.filledQty, orders[0]!.filledAmount].map((v) => canonical(v))).toEqual(['10', '999']);
    expect(await stockOf(me, 'THYAO')).toEqual({ available: '10', frozen: '0' });
    await expectCleanLedger(t.world.db);
  });

  it('records a stop-limit the rules refuse at its trigger as refused, with the key, and releases the hold', async () => {
    reset();
    const me = await trader(t.world.db);
    const placed = await t.cond.add(me, {
      symbol: 'THYAO',
      side: 'buy',
      kind: 'stop_limit',
      quantity: '10',
      trigger: '105.00',
      limit: '106.00',
    });
    const id = placed.data.list[0]!.id;
    // 1060 + 1.59 + 0.08 + 0.03.
    expect(await stockOf(me, 'TRY')).toEqual({ available: '98938.3', frozen: '1061.7' });
    // A new day's band (prev 80: 64–96) leaves the limit outside it when the trigger is reached.
    t.world.source.setTicker('THYAO', { prev: '80.00' });
    trade(t.world, 'THYAO', '105.00');
    const refused = await until(
      () => one(me, id),
      (o) => o.state !== 'pending',
    );
    expect(refused).toMatchObject({
      state: 'refused',
      reason: 'PRICE_OUTSIDE_BAND',
      placedOrderId: null,
      frozen: '0',
    });
    expect(refused.fired?.price).toBe('105');
    expect(await stockOf(me, 'TRY')).toEqual({ available: '100000', frozen: '0' });
    reset();
    await expectCleanLedger(t.world.db);
  });

  it('holds a one-cancels-other pair once, and the leg that fires cancels the other', async () => {
    const me = await holder('10');
    const placed = await t.cond.add(me, {
      symbol: 'THYAO',
      side: 'sell',
      kind: 'take_profit',
      quantity: '10',
      trigger: '110.00',
      limit: '110.00',
      oco: '1',
      ocoKind: 'stop',
      ocoTrigger: '95.00',
    });
    expect(placed.code).toBe(0);
    const [profit, stop] = placed.data.list;
    expect(stop!.groupId).toBe(profit!.id);
    expect([profit!.frozen, stop!.frozen]).toEqual(['10', '0']);
    expect(await stockOf(me, 'THYAO')).toEqual({ available: '0', frozen: '10' });
    trade(t.world, 'THYAO', '110.00');
    const fired = await until(
      () => one(me, profit!.id),
      (o) => o.state !== 'pending',
    );
    expect(fired.state).toBe('fired');
    expect(await one(me, stop!.id)).toMatchObject({ state: 'cancelled', reason: 'oco' });
    // The limit sell at 110 rests (the best bid is 99.90), holding the shares itself.
    const placedOrder = await api(t.world).get<{ order: SpotOrder }>('/stock/order/info', me.token, {
      id: fired.placedOrderId!,
    });
    // A stock's fired order waits the session out, as the user's own order would.
    expect(placedOrder.data.order).toMatchObject({
      type: 'limit',
      price: '110',
      status: 'open',
      timeInForce: 'day',
    });
    expect(await stockOf(me, 'THYAO')).toEqual({ available: '0', frozen: '10' });
    trade(t.world, 'THYAO', '94.00');
    await new Promise((r) => setTimeout(r, 100));
    expect((await one(me, stop!.id)).state).toBe('cancelled');
    await expectCleanLedger(t.world.db);
  });

  it('cancelling one leg of a pair cancels both and releases the one hold', async () => {
    const me = await holder('10');
    const placed = await t.cond.add(me, {
      symbol: 'THYAO',
      side: 'sell',
      kind: 'stop',
      quantity: '10',
      trigger: '95.00',
      oco: '1',
      ocoKind: 'take_profit',
      ocoTrigger: '110.00',
    });
    const [stop, profit] = placed.data.list;
    const cancelled = await t.cond.cancel(me, profit!.id);
    expect(cancelled.data.cancelled.map((o) => [o.id, o.reason])).toEqual([
      [stop!.id, 'oco'],
      [profit!.id, 'user'],
    ]);
    expect(await stockOf(me, 'THYAO')).toEqual({ available: '10', frozen: '0' });
    await expectCleanLedger(t.world.db);
  });

  it('trails a sell stop behind the highest price since placing and fires when the price falls back', async () => {
    const me = await holder('10');
    const placed = await t.cond.add(me, {
      symbol: 'THYAO',
      side: 'sell',
      kind: 'trailing',
      quantity: '10',
      trailBy: 'amount',
      trailValue: '2.00',
    });
    const id = placed.data.list[0]!.id;
    expect(placed.data.list[0]).toMatchObject({ trigger: '98', best: '100' });
    trade(t.world, 'THYAO', '103.00');
    // The new best is written, so a takeover goes on from it: 103 − 2 = 101.
    await until(
      () => one(me, id),
      (o) => o.trigger === '101',
    );
    trade(t.world, 'THYAO', '101.50');
    await new Promise((r) => setTimeout(r, 100));
    expect(await one(me, id)).toMatchObject({ state: 'pending', best: '103', trigger: '101' });
    trade(t.world, 'THYAO', '101.00');
    const fired = await until(
      () => one(me, id),
      (o) => o.state !== 'pending',
    );
    expect(fired).toMatchObject({ state: 'fired', fired: { price: '101' } });
    expect(await stockOf(me, 'THYAO')).toEqual({ available: '0', frozen: '0' });
    reset();
    await expectCleanLedger(t.world.db);
  });

  it('expires on the engines’ clock and gives the hold back', async () => {
    reset();
    const me = await trader(t.world.db);
    const placed = await t.cond.add(me, {
      symbol: 'THYAO',
      side: 'buy',
      kind: 'take_profit',
      quantity: '10',
      trigger: '95.00',
      expiresAt: String(t.world.clock.now() + 60_000),
    });
    const id = placed.data.list[0]!.id;
    // 950 + 1.43 (1.425 up) + 0.07 (0.0715) + 0.03 (0.0285).
    expect(await stockOf(me, 'TRY')).toEqual({ available: '99048.47', frozen: '951.53' });
    t.world.clock.advance(59_000);
    await new Promise((r) => setTimeout(r, 1_500));
    expect((await one(me, id)).state).toBe('pending');
    t.world.clock.advance(2_000);
    const expired = await until(
      () => one(me, id),
      (o) => o.state !== 'pending',
    );
    expect(expired).toMatchObject({ state: 'expired', reason: 'expired', frozen: '0' });
    expect(await stockOf(me, 'TRY')).toEqual({ available: '100000', frozen: '0' });
    await expectCleanLedger(t.world.db);
  });

  it('places one order for a request sent twice with the same request id', async () => {
    reset();
    const me = await trader(t.world.db);
    const fields = {
      symbol: 'THYAO',
      side: 'buy',
      kind: 'stop',
      quantity: '5',
      trigger: '110.00',
      requestId: 'cond-twice-0001',
    };
    const [a, b] = await Promise.all([t.cond.add(me, fields), t.cond.add(me, fields)]);
    const answered = [a, b].filter((r) => r.code === 0);
    expect(answered.length).toBeGreaterThan(0);
    const again = await t.cond.add(me, fields);
    expect(again.data.list[0]!.id).toBe(answered[0]!.data.list[0]!.id);
    expect((await t.cond.list(me)).total).toBe(1);
    // 550 + 0.83 (0.825 up) + 0.04 (0.04125) + 0.02 (0.0165).
    expect(await stockOf(me, 'TRY')).toEqual({ available: '99449.11', frozen: '550.89' });
  });

  it('cancels the demo’s waiting orders on a demo reset, so no trigger holds money the reset took back', async () => {
    reset();
    const user = await userWithSession(t.world.db);
    const userId = BigInt(user.userId);
    await openUserLedger(t.world.db, userId);
    const demo = { token: randomBytes(32).toString('base64url'), userId };
    await t.world.db.insert(sessions).values({
      tokenHash: hashToken(demo.token),
      userId,
      accountType: 'demo',
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    const start = await userBalances(t.world.db, userId, 'demo');
    const placed = await t.cond.add(demo, {
      symbol: 'THYAO',
      side: 'buy',
      kind: 'stop',
      quantity: '10',
      trigger: '105.00',
    });
    expect(placed.code).toBe(0);
    const answer = await api(t.world).post('/user/demo/reset', demo.token);
    expect(answer.code).toBe(0);
    expect(await userBalances(t.world.db, userId, 'demo')).toEqual(start);
    expect((await t.cond.list(demo)).list).toMatchObject([
      { state: 'cancelled', reason: 'demo_reset', frozen: '0' },
    ]);
    trade(t.world, 'THYAO', '106.00');
    await new Promise((r) => setTimeout(r, 100));
    expect((await t.cond.list(demo)).list[0]!.state).toBe('cancelled');
    await expectCleanLedger(t.world.db);
  });

  it('fires a coin buy stop on the coin feed, 24/7, holding USDT with the fee', async () => {
    coinBook(t.world.source);
    t.world.source.setTicker('BTCUSDT', { last: '50000.00', prev: '50000.00' });
    const coins = conditionalApi(t.world, 'coin');
    const me = await trader(t.world.db, { TRY: '0', USDT: '10000' });
    const placed = await coins.add(me, {
      symbol: 'BTCUSDT',
      side: 'buy',
      kind: 'stop',
      quantity: '0.01',
      trigger: '50005.00',
    });
    expect(placed.code).toBe(0);
    // 0.01 × 50005 = 500.05 plus the 0.1% fee 0.50005.
    expect(balance(await userBalances(t.world.db, me.userId, 'real'), 'coin', 'USDT')).toEqual({
      available: '9499.44995',
      frozen: '500.55005',
    });
    trade(t.world, 'BTCUSDT', '50006.00');
    const fired = await until(
      async () => (await coins.list(me)).list[0]!,
      (o) => o.state !== 'pending',
    );
    expect(fired.state).toBe('fired');
    // A coin's fired order is good till cancelled, and names the leg that placed it.
    const [order] = await t.world.db
      .select()
      .from(spotOrders)
      .where(eq(spotOrders.id, BigInt(fired.placedOrderId!)));
    expect(order).toMatchObject({ type: 'market', timeInForce: 'gtc', clientOrderId: `cond-${fired.id}` });
    // Bought at the best ask 50010: 500.1 + 0.5001.
    expect(balance(await userBalances(t.world.db, me.userId, 'real'), 'coin', 'USDT')).toEqual({
      available: '9499.3999',
      frozen: '0',
    });
    expect(balance(await userBalances(t.world.db, me.userId, 'real'), 'coin', 'BTC')).toEqual({
      available: '0.01',
      frozen: '0',
    });
    await expectCleanLedger(t.world.db);
  });
});
