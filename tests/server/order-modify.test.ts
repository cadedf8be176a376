import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sharedWorld } from '../support/shared-world';
import type { SpotFill, SpotOrder } from '../../domain/protocol/trading';
import type { PrivateMessage, ServerMessage } from '../../domain/protocol/ws';
import { spotOrders } from '../../server/db/schema/trading';
import { userBalances } from '../../server/ledger/balances';
import { dbTargets } from '../support/server';
import { openSocket } from '../support/ws-client';
import {
  api,
  balance,
  coinBook,
  expectCleanLedger,
  requireTradePassword,
  spotWorld,
  stateOf,
  stockBook,
  trader,
  type Trader,
} from './spot-support';

type Result = { order: SpotOrder; fills: SpotFill[] };

/**
 * Modify on a real broker over a scripted book: a resting limit order's price and lots changed in
 * one writer job, its hold following (hand-computed BIST costs: commission 0.15 %, BSMV 5 % of
 * it, exchange fee 0.003 %, each to the kuruş), refusals changing nothing, a new price that
 * crosses filling as a new order would, and the queue turn a change keeps or loses.
 */
describe.each(dbTargets())('order modify on %s', (target) => {
  const t = sharedWorld(
    () => spotWorld(target),
    (world) => ({ call: api(world) }),
  );

  const reset = () => {
    stockBook(t.world.source);
    t.world.source.setTicker('THYAO', { last: '100.00', prev: '100.00' });
  };
  const buyLimit = async (me: Trader, price: string, quantity: string) => {
    const res = await t.call.post<Result>('/stock/order/buy', me.token, {
      symbol: 'THYAO',
      type: 'limit',
      price,
      quantity,
    });
    expect(res.code, JSON.stringify(res)).toBe(0);
    return res.data.order;
  };
  const modify = (me: Trader, fields: Record<string, string>, lang: 'en-US' | 'tr-TR' = 'en-US') =>
    t.call.post<Result>('/stock/order/modify', me.token, fields, lang);
  const tryOf = async (me: Trader) =>
    balance(await userBalances(t.world.db, me.userId, 'real'), 'stock', 'TRY');
  const rowOf = async (id: string) =>
    (
      await t.world.db
        .select()
        .from(spotOrders)
        .where(eq(spotOrders.id, BigInt(id)))
    )[0]!;

  it('moves a buy’s price and lots, its hold following each way', async () => {
    reset();
    const me = await trader(t.world.db);
    const order = await buyLimit(me, '99.00', '10');
    // 10 × 99 = 990: commission 1.485 → 1.49, BSMV 0.0745 → 0.07, fee 0.0297 → 0.03: 991.59.
    expect(await tryOf(me)).toEqual({ available: '99008.41', frozen: '991.59' });

    const lower = await modify(me, { id: order.id, price: '98.00' });
    expect(lower.code, JSON.stringify(lower)).toBe(0);
    // 10 × 98 = 980: 1.47 + 0.07 + 0.03: 981.57, 10.02 back to available.
    expect(lower.data.order).toMatchObject({
      id: order.id,
      price: '98',
      quantity: '10',
      frozen: '981.57',
      status: 'open',
    });
    expect(lower.data.fills).toEqual([]);
    expect(await tryOf(me)).toEqual({ available: '99018.43', frozen: '981.57' });

    const more = await modify(me, { id: order.id, quantity: '20' });
    // 20 × 98 = 1960: 2.94 + 0.147 → 0.15 + 0.0588 → 0.06: 1963.15.
    expect(more.data.order).toMatchObject({ price: '98', quantity: '20', frozen: '1963.15' });
    expect(await tryOf(me)).toEqual({ available: '98036.85', frozen: '1963.15' });
    // Listed as it now is.
    const open = await t.call.get<{ list: SpotOrder[] }>('/stock/order/list', me.token, { status: 'open' });
    expect(open.data.list.map((o) => [o.id, o.price, o.quantity])).toEqual([[order.id, '98', '20']]);
    await expectCleanLedger(t.world.db);
  });

  it('refuses what a new order would refuse, a finished or foreign order, and changes nothing', async () => {
    reset();
    const me = await trader(t.world.db, { TRY: '2000' });
    const order = await buyLimit(me, '99.00', '10');
    const before = { state: await stateOf(t.world.db, me.userId), row: await rowOf(order.id) };
    const refusals: [Record<string, string>, string][] = [
      [{ price: '99.01' }, 'PRICE_TICK'],
      [{ price: '121.00' }, 'PRICE_OUTSIDE_BAND'],
      [{ quantity: '10.5' }, 'QUANTITY_WHOLE'],
      [{ price: '99' }, 'ORDER_MODIFY_UNCHANGED'],
      // 30 × 99 = 2970 and costs: more than the 2000 the account holds.
      [{ quantity: '30' }, 'INSUFFICIENT_BALANCE'],
      [{ price: '-1' }, 'LIMIT_PRICE_ZERO'],
    ];
    for (const [fields, key] of refusals) {
      const res = await modify(me, { id: order.id, ...fields });
      expect([res.code, res.key], JSON.stringify(fields)).toEqual([-1001, key]);
    }
    const tr = await modify(me, { id: order.id, price: '121.00' }, 'tr-TR');
    expect(tr.msg).toMatch(/fiyat/i);
    const stranger = await trader(t.world.db);
    expect((await modify(stranger, { id: order.id, price: '98' })).key).toBe('ORDER_NOT_FOUND');
    // The coin path does not reach a stock order.
    expect((await t.call.post('/coin/order/modify', me.token, { id: order.id, price: '98' })).key).toBe(
      'ORDER_NOT_FOUND',
    );
    expect({ state: await stateOf(t.world.db, me.userId), row: await rowOf(order.id) }).toEqual(before);

    await t.call.get('/stock/order/cancel', me.token, { id: order.id });
    expect((await modify(me, { id: order.id, price: '98' })).key).toBe('ORDER_NOT_MODIFIABLE');
    await expectCleanLedger(t.world.db);
  });

  it('fills a new price that crosses the book at once, as a new order at that price would', async () => {
    reset();
    const me = await trader(t.world.db);
    const order = await buyLimit(me, '99.00', '15');
    const res = await modify(me, { id: order.id, price: '100.20' });
    expect(res.code, JSON.stringify(res)).toBe(0);
    // Asks 100.10 × 50 first: all 15 fill there, the rest of the hold comes back.
    expect(res.data.fills.map((f) => [f.price, f.qty])).toEqual([['100.1', '15']]);
    expect(res.data.order).toMatchObject({ status: 'closed', filledQty: '15', frozen: '0', price: '100.2' });
    // 15 × 100.10 = 1501.5: commission 2.25225 → 2.25, BSMV 0.1125 → 0.11, fee 0.045045 → 0.05: 1503.91.
    expect(await tryOf(me)).toEqual({ available: '98496.09', frozen: '0' });
    expect(balance(await userBalances(t.world.db, me.userId, 'real'), 'stock', 'THYAO').available).toBe('15');
    await expectCleanLedger(t.world.db);
  });

  it('a sell takes more lots only from shares free to sell; fewer give them back', async () => {
    reset();
    const me = await trader(t.world.db);
    expect(
      (await t.call.post('/stock/order/buy', me.token, { symbol: 'THYAO', type: 'market', quantity: '20' }))
        .code,
    ).toBe(0);
    reset();
    const sell = await t.call.post<Result>('/stock/order/sell', me.token, {
      symbol: 'THYAO',
      type: 'limit',
      price: '101.00',
      quantity: '10',
    });
    const id = sell.data.order.id;
    const shares = async () => balance(await userBalances(t.world.db, me.userId, 'real'), 'stock', 'THYAO');
    expect((await modify(me, { id, quantity: '31' })).key).toBe('INSUFFICIENT_QUANTITY');
    expect(await shares()).toEqual({ available: '10', frozen: '10' });
    expect((await modify(me, { id, quantity: '20' })).data.order).toMatchObject({
      quantity: '20',
      frozen: '20',
    });
    expect(await shares()).toEqual({ available: '0', frozen: '20' });
    expect((await modify(me, { id, quantity: '5', price: '102.00' })).data.order).toMatchObject({
      frozen: '5',
    });
    expect(await shares()).toEqual({ available: '15', frozen: '5' });
    await expectCleanLedger(t.world.db);
  });

  it('a new price or more lots queue behind the orders already waiting; fewer lots keep the turn', async () => {
    reset();
    const [a, b, c] = [await trader(t.world.db), await trader(t.world.db), await trader(t.world.db)];
    const first = await buyLimit(a, '99.00', '10');
    const second = await buyLimit(b, '99.00', '10');
    const third = await buyLimit(c, '99.00', '10');
    // A takes more lots (its turn goes behind B and C); C takes fewer (its turn stays behind B).
    await modify(a, { id: first.id, quantity: '12' });
    await modify(c, { id: third.id, quantity: '8' });
    expect((await rowOf(first.id)).queueSeq).toBeGreaterThan(BigInt(third.id));
    expect((await rowOf(third.id)).queueSeq).toBeNull();
    // 18 offered at 99: B's 10, then C's 8; A waits.
    t.world.source.emitBook('THYAO', [['98.90', '50']], [['99.00', '18']]);
    const filled = async () =>
      Promise.all([first, second, third].map(async (o) => (await rowOf(o.id)).filledQty));
    const deadline = Date.now() + 5_000;
    while ((await filled()).some((q, i) => i > 0 && Number(q) === 0) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 25));
    expect((await filled()).map(Number)).toEqual([0, 10, 8]);
    await expectCleanLedger(t.world.db);
  });

  it('asks the trade password as a new order does, and tells the user’s other screens', async () => {
    reset();
    const me = await trader(t.world.db);
    const order = await buyLimit(me, '99.00', '10');
    await requireTradePassword(t.world.db, me.userId, '246810');
    expect((await modify(me, { id: order.id, price: '98' })).key).toBe('TRADE_PASSWORD_REQUIRED');
    expect((await modify(me, { id: order.id, price: '98', tradePassword: '111111' })).code).toBe(-1001);
    expect((await rowOf(order.id)).price).toMatch(/^99\.0*$/);

    const client = await openSocket(t.world.server.url);
    client.send({ op: 'auth', token: me.token });
    await client.next((f) => f.op === 'authed');
    client.send({ op: 'sub', ch: 'orders' });
    await client.next((f) => f.op === 'subscribed');
    const ok = await modify(me, { id: order.id, price: '98', tradePassword: '246810' });
    expect(ok.code, JSON.stringify(ok)).toBe(0);
    const isOrder = (f: ServerMessage): f is PrivateMessage => f.op === 'private' && f.ch === 'orders';
    expect((await client.next(isOrder)).data).toMatchObject({
      kind: 'order',
      order: { id: order.id, price: '98' },
    });
    await client.close();
  });

  it('moves a coin order the same way, its USDT hold with the coin fee', async () => {
    coinBook(t.world.source);
    const me = await trader(t.world.db);
    const placed = await t.call.post<Result>('/coin/order/add', me.token, {
      symbol: 'BTCUSDT',
      side: 'buy',
      type: 'limit',
      price: '49000',
      quantity: '0.01',
    });
    expect(placed.data.order.frozen).toBe('490.49');
    const res = await t.call.post<Result>('/coin/order/modify', me.token, {
      id: placed.data.order.id,
      price: '49500.00',
    });
    // 0.01 × 49500 = 495, fee 0.1 % = 0.495: 495.495.
    expect(res.data.order).toMatchObject({ price: '49500', frozen: '495.495' });
    expect(balance(await userBalances(t.world.db, me.userId, 'real'), 'coin', 'USDT')).toEqual({
      available: '9504.505',
      frozen: '495.495',
    });
    expect(
      (await t.call.post('/coin/order/modify', me.token, { id: placed.data.order.id, price: '49500.001' }))
        .key,
    ).toBe('PRICE_TICK');
    await expectCleanLedger(t.world.db);
  });
});
