import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sharedWorld } from '../support/shared-world';
import type { SpotOrder } from '../../domain/protocol/trading';
import { spotOrders } from '../../server/db/schema/trading';
import { ledgerTransactions } from '../../server/db/schema/ledger';
import { userBalances } from '../../server/ledger/balances';
import { dbTargets } from '../support/server';
import { api, balance, expectCleanLedger, spotWorld, stockBook, trader } from './spot-support';

type Result = { order: SpotOrder };

/**
 * 200 orders at once from one user can't spend more than the account holds (on PostgreSQL this
 * is real concurrency on the pool; on PGlite the writer's serial batches); a client order id
 * places one order however often and however concurrently it is sent.
 */
describe.each(dbTargets())('concurrent orders on %s', (target) => {
  const t = sharedWorld(
    () => spotWorld(target),
    (world) => {
      const call = api(world);
      stockBook(world.source);
      return { call };
    },
  );

  it('200 concurrent orders from one user cannot overspend', async () => {
    // Each resting buy holds 10 × 99.00 + costs 1.59 = 991.59; 50,000 covers 50 of them.
    const me = await trader(t.world.db, { TRY: '50000' });
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        t.call.post<Result>('/stock/order/buy', me.token, {
          symbol: 'THYAO',
          ...(i % 10 === 0 ? { type: 'market' } : { type: 'limit', price: '99.00' }),
          quantity: '10',
          timeInForce: 'gtc',
        }),
      ),
    );
    const accepted = answers.filter((a) => a.code === 0);
    const refused = answers.filter((a) => a.code !== 0);
    expect(new Set(refused.map((a) => a.key))).toEqual(new Set(['INSUFFICIENT_BALANCE']));
    expect(accepted.length).toBeGreaterThan(40);
    const balances = await userBalances(t.world.db, me.userId, 'real');
    const cash = balance(balances, 'stock', 'TRY');
    // What the accepted orders hold or spent is exactly what left the available balance.
    const used = accepted.reduce(
      (s, a) =>
        s + Number(a.data.order.frozen) + Number(a.data.order.filledAmount) + Number(a.data.order.fees),
      0,
    );
    expect(Number(cash.available) + used).toBeCloseTo(50000, 6);
    expect(Number(cash.available)).toBeGreaterThanOrEqual(0);
    expect(Number(cash.available)).toBeLessThan(991.59 + 1010);
    await expectCleanLedger(t.world.db);
  }, 120_000);

  it('the same client order id places one order, sequentially and concurrently', async () => {
    const me = await trader(t.world.db);
    const order = { symbol: 'THYAO', type: 'limit', price: '98.00', quantity: '5', clientOrderId: 'retry-1' };
    const first = await t.call.post<Result>('/stock/order/buy', me.token, order);
    const second = await t.call.post<Result>('/stock/order/buy', me.token, order);
    expect(second.data.order).toEqual(first.data.order);
    const burst = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.call.post<Result>('/stock/order/buy', me.token, { ...order, clientOrderId: 'burst-1' }),
      ),
    );
    expect(new Set(burst.map((b) => b.code))).toEqual(new Set([0]));
    expect(new Set(burst.map((b) => b.data.order.id)).size).toBe(1);
    const rows = await t.world.db
      .select()
      .from(spotOrders)
      .where(and(eq(spotOrders.userId, me.userId), eq(spotOrders.clientOrderId, 'burst-1')));
    expect(rows).toHaveLength(1);
    const freezes = await t.world.db
      .select()
      .from(ledgerTransactions)
      .where(
        and(
          eq(ledgerTransactions.referenceType, 'spot_order'),
          eq(ledgerTransactions.referenceId, String(rows[0]!.id)),
        ),
      );
    expect(freezes.map((f) => f.reason)).toEqual(['order_freeze']);
    const cash = balance(await userBalances(t.world.db, me.userId, 'real'), 'stock', 'TRY');
    // Two orders of 5 × 98.00 + 0.74 + 0.04 + 0.01 = 490.79 each.
    expect(cash).toEqual({ available: '99018.42', frozen: '981.58' });
    await expectCleanLedger(t.world.db);
  });

  it('answers a retry with its order after the market moved, where a new order would be refused', async () => {
    // A market order placed just before the close, its answer lost; the retry after
    // the close was refused MARKET_CLOSED, which read as "nothing placed", so the phone let the
    // same order go again under a new id. The retry gets its order; a new order is still refused.
    const me = await trader(t.world.db);
    const order = { symbol: 'THYAO', type: 'market', quantity: '2', clientOrderId: 'close-1' };
    const first = await t.call.post<Result>('/stock/order/buy', me.token, order);
    expect(first.code).toBe(0);
    const status = t.world.source.status;
    t.world.source.status = (market) => ({ ...status(market), state: 'closed', open: false });
    try {
      const retry = await t.call.post<Result>('/stock/order/buy', me.token, order);
      expect(retry.code).toBe(0);
      expect(retry.data.order).toEqual(first.data.order);
      const fresh = await t.call.post<Result>('/stock/order/buy', me.token, {
        ...order,
        clientOrderId: 'close-2',
      });
      expect(fresh).toMatchObject({ code: -1001, key: 'MARKET_CLOSED' });
      // Another order under the used id is still the client's mistake, not its first order.
      const other = await t.call.post<Result>('/stock/order/buy', me.token, { ...order, quantity: '3' });
      expect(other).toMatchObject({ code: -1001, key: 'CLIENT_ORDER_ID_REUSED' });
    } finally {
      t.world.source.status = status;
    }
    const rows = await t.world.db.select().from(spotOrders).where(eq(spotOrders.userId, me.userId));
    expect(rows).toHaveLength(1);
    await expectCleanLedger(t.world.db);
  });

  it('refuses a client order id reused for a different order, in both languages, changing nothing', async () => {
    const me = await trader(t.world.db);
    const order = { symbol: 'THYAO', type: 'limit', price: '98.00', quantity: '5', clientOrderId: 'reuse-1' };
    const first = await t.call.post<Result>('/stock/order/buy', me.token, order);
    expect(first.code).toBe(0);
    const before = await userBalances(t.world.db, me.userId, 'real');
    // The same order again, written differently (98 = 98.00), is a retry and replays.
    const retry = await t.call.post<Result>('/stock/order/buy', me.token, { ...order, price: '98' });
    expect(retry.data.order.id).toBe(first.data.order.id);
    for (const [changed, lang, msg] of [
      [
        { quantity: '6' },
        'en-US',
        'This client order id was already used for a different order. Send a new one for a new order.',
      ],
      [
        { price: '97.95' },
        'tr-TR',
        'Bu istemci emir numarası farklı bir emir için zaten kullanıldı. Yeni bir emir için yeni bir numara gönderin.',
      ],
      [
        { type: 'market', price: undefined },
        'en-US',
        'This client order id was already used for a different order. Send a new one for a new order.',
      ],
    ] as const) {
      const fields = Object.fromEntries(
        Object.entries({ ...order, ...changed }).filter(([, v]) => v !== undefined),
      );
      const res = await t.call.post('/stock/order/buy', me.token, fields as Record<string, string>, lang);
      expect(res).toMatchObject({ code: -1001, key: 'CLIENT_ORDER_ID_REUSED', msg });
    }
    const sell = await t.call.post('/stock/order/sell', me.token, order);
    expect(sell).toMatchObject({ key: 'CLIENT_ORDER_ID_REUSED' });
    expect(await userBalances(t.world.db, me.userId, 'real')).toEqual(before);
    const rows = await t.world.db
      .select()
      .from(spotOrders)
      .where(and(eq(spotOrders.userId, me.userId), eq(spotOrders.clientOrderId, 'reuse-1')));
    expect(rows).toHaveLength(1);
    await expectCleanLedger(t.world.db);
  });
});
