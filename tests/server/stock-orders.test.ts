import { describe, expect, it } from 'vitest';
import { sharedWorld } from '../support/shared-world';
import type { Holding, SpotFill, SpotOrder, TxRecord } from '../../domain/protocol/trading';
import Decimal from 'decimal.js';
import { stockBuyTotal } from '../../domain/rules/costs';
import { userBalances } from '../../server/ledger/balances';
import { DEFAULT_SETTINGS } from '../../server/settings';
import { spotFills, spotOrders } from '../../server/db/schema/trading';
import { eq } from 'drizzle-orm';
import { dbTargets } from '../support/server';
import {
  api,
  balance,
  expectCleanLedger,
  MONDAY_NOON,
  spotWorld,
  stateOf,
  stockBook,
  trader,
} from './spot-support';

type Result = { order: SpotOrder; fills: SpotFill[] };

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 5000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Matching on the scripted source: walking levels, costs, resting limits, cancel, expiry, T+1. */
describe.each(dbTargets())('stock orders on %s', (target) => {
  const t = sharedWorld(
    () => spotWorld(target),
    (world) => ({ call: api(world) }),
  );

  it('a market buy walks the levels the book shows, books costs and moves the book', async () => {
    stockBook(t.world.source);
    const me = await trader(t.world.db);
    const res = await t.call.post<Result>('/stock/order/buy', me.token, {
      symbol: 'THYAO',
      type: 'market',
      quantity: '60',
    });
    expect(res.code).toBe(0);
    const { order, fills } = res.data;
    expect(fills.map((f) => [f.price, f.qty, f.commission, f.bsmv, f.exchangeFee])).toEqual([
      ['100.1', '50', '7.51', '0.38', '0.15'],
      ['100.2', '10', '1.5', '0.07', '0.03'],
    ]);
    expect(order).toMatchObject({
      status: 'closed',
      filledQty: '60',
      filledAmount: '6007',
      fees: '9.64',
      frozen: '0',
      avgPrice: '100.116666',
    });
    const balances = await userBalances(t.world.db, me.userId, 'real');
    expect(balance(balances, 'stock', 'TRY')).toEqual({ available: '93983.36', frozen: '0' });
    expect(balance(balances, 'stock', 'THYAO')).toEqual({ available: '60', frozen: '0' });
    expect(t.world.source.book('THYAO', 1)?.asks[0]).toEqual(['100.20', '90']);
    const hold = await t.call.get<{ list: Holding[] }>('/stock/hold/list', me.token);
    expect(hold.data.list[0]).toMatchObject({
      symbol: 'THYAO',
      quantity: '60',
      sellable: '60',
      cost: '6016.64',
    });
    // The message says it as the screens do, in each reader's number format.
    const body = async (lang: 'tr-TR' | 'en-US') =>
      (
        await t.call.post<{ list: { body: string }[] }>('/user/message/list', me.token, {}, lang)
      ).data.list.map((m) => m.body);
    expect(await body('tr-TR')).toContain(
      `THYAO alış emrinizin 60 adedi ortalama 100,116666 fiyattan gerçekleşti (emir no ${order.id}).`,
    );
    expect(await body('en-US')).toContain(
      `60 of your THYAO buy order filled at an average of 100.116666 (order ${order.id}).`,
    );
    await expectCleanLedger(t.world.db);
  });

  it('a market buy whose cash covers the book as shown, but not the protection room, still fills', async () => {
    stockBook(t.world.source);
    // 10 at the best ask 100.10: exactly what the ticket previews, costs included.
    const shown = stockBuyTotal('1001', DEFAULT_SETTINGS.stockCosts);
    const short = await trader(t.world.db, { TRY: new Decimal(shown).minus('0.01').toFixed() });
    const refused = await t.call.post<Result>('/stock/order/buy', short.token, {
      symbol: 'THYAO',
      type: 'market',
      quantity: '10',
    });
    expect(refused).toMatchObject({ code: -1001, key: 'INSUFFICIENT_BALANCE' });
    const exact = await trader(t.world.db, { TRY: shown });
    const res = await t.call.post<Result>('/stock/order/buy', exact.token, {
      symbol: 'THYAO',
      type: 'market',
      quantity: '10',
    });
    expect(res.code).toBe(0);
    expect(res.data.order).toMatchObject({
      status: 'closed',
      filledQty: '10',
      filledAmount: '1001',
      frozen: '0',
    });
    expect(res.data.fills.map((f) => [f.price, f.qty])).toEqual([['100.1', '10']]);
    const balances = await userBalances(t.world.db, exact.userId, 'real');
    expect(balance(balances, 'stock', 'TRY')).toEqual({ available: '0', frozen: '0' });
    expect(balance(balances, 'stock', 'THYAO').available).toBe('10');
    await expectCleanLedger(t.world.db);
  });

  it('a limit order rests, fills as the market trades through it, and the unused hold returns', async () => {
    stockBook(t.world.source);
    const me = await trader(t.world.db);
    const placed = await t.call.post<Result>('/stock/order/buy', me.token, {
      symbol: 'THYAO',
      type: 'limit',
      price: '100.00',
      quantity: '10',
    });
    expect(placed.data.order).toMatchObject({ status: 'open', frozen: '1001.61', filledQty: '0' });
    t.world.source.emitBook('THYAO', [], [['99.95', '4']]);
    const info = (status: string) =>
      until(
        () => t.call.get<Result>('/stock/order/info', me.token, { id: placed.data.order.id }),
        (r) => r.data.order.status === status,
      );
    const partial = await info('partial');
    expect(partial.data.fills.map((f) => [f.price, f.qty])).toEqual([['99.95', '4']]);
    t.world.source.emitBook('THYAO', [], [['100.00', '30']]);
    const closed = await info('closed');
    expect(closed.data.order).toMatchObject({ filledQty: '10', filledAmount: '999.8', frozen: '0' });
    const balances = await userBalances(t.world.db, me.userId, 'real');
    expect(balance(balances, 'stock', 'TRY').frozen).toBe('0');
    expect(balance(balances, 'stock', 'THYAO').available).toBe('10');
    await expectCleanLedger(t.world.db);
  });

  it('cancels one order or all, releasing holds; a finished order is not cancellable', async () => {
    stockBook(t.world.source);
    const me = await trader(t.world.db);
    const ids: string[] = [];
    for (const price of ['99.00', '98.00', '97.00']) {
      const r = await t.call.post<Result>('/stock/order/buy', me.token, {
        symbol: 'THYAO',
        type: 'limit',
        price,
        quantity: '5',
        timeInForce: 'gtc',
      });
      ids.push(r.data.order.id);
    }
    const one = await t.call.get<{ cancelled: SpotOrder[] }>('/stock/order/cancel', me.token, {
      id: ids[0]!,
    });
    expect(one.data.cancelled.map((o) => [o.id, o.status])).toEqual([[ids[0], 'cancelled']]);
    const again = await t.call.get('/stock/order/cancel', me.token, { id: ids[0]! }, 'tr-TR');
    expect([again.key, again.msg]).toEqual(['ORDER_NOT_CANCELLABLE', 'Bu emir artık iptal edilemez.']);
    const missing = await t.call.get('/stock/order/cancel', me.token, { id: '999999999' });
    expect([missing.key, missing.msg]).toEqual(['ORDER_NOT_FOUND', 'Order not found.']);
    const all = await t.call.get<{ cancelled: SpotOrder[] }>('/stock/order/cancel', me.token, { all: '1' });
    expect(all.data.cancelled.map((o) => o.id).sort()).toEqual(ids.slice(1).sort());
    const open = await t.call.get<{ total: number }>('/stock/order/list', me.token, { status: 'open' });
    expect(open.data.total).toBe(0);
    const history = await t.call.get<{ total: number }>('/stock/order/list', me.token, { status: 'history' });
    expect(history.data.total).toBe(3);
    expect(balance(await userBalances(t.world.db, me.userId, 'real'), 'stock', 'TRY')).toEqual({
      available: '100000',
      frozen: '0',
    });
    await expectCleanLedger(t.world.db);
  });

  it('day orders expire at the end of their day (system closed), with a message', async () => {
    stockBook(t.world.source);
    const me = await trader(t.world.db);
    const placed = await t.call.post<Result>('/stock/order/buy', me.token, {
      symbol: 'THYAO',
      type: 'limit',
      price: '95.00',
      quantity: '5',
    });
    expect(placed.data.order.timeInForce).toBe('day');
    t.world.clock.set(Date.parse('2026-11-23T21:00:00Z'));
    try {
      const expired = await until(
        () => t.call.get<Result>('/stock/order/info', me.token, { id: placed.data.order.id }),
        (r) => r.data.order.status === 'system_closed',
      );
      expect(expired.data.order).toMatchObject({
        status: 'system_closed',
        statusReason: 'expired',
        frozen: '0',
      });
      const messages = await t.call.post<{ list: { title: string }[] }>(
        '/user/message/list',
        me.token,
        {},
        'en-US',
      );
      expect(JSON.stringify(messages.data)).toContain('Day order expired: THYAO');
      const tr = await t.call.post<{ list: { body: string }[] }>('/user/message/list', me.token, {}, 'tr-TR');
      expect(tr.data.list.map((m) => m.body)).toContain(
        `THYAO alış emriniz (5, emir no ${placed.data.order.id}) seans sonunda gerçekleşmeyen kısmıyla iptal edildi.`,
      );
    } finally {
      t.world.clock.set(MONDAY_NOON);
    }
    await expectCleanLedger(t.world.db);
  });

  it('T+1 shares are held but not sellable until the next trading day opens', async () => {
    stockBook(t.world.source, 'KONTR');
    const me = await trader(t.world.db);
    const bought = await t.call.post<Result>('/stock/order/buy', me.token, {
      symbol: 'KONTR',
      type: 'market',
      quantity: '10',
    });
    expect(bought.data.order.status).toBe('closed');
    const hold = await t.call.get<{ list: Holding[] }>('/stock/hold/list', me.token, { tab: 'locked' });
    expect(hold.data.list[0]).toMatchObject({
      symbol: 'KONTR',
      quantity: '10',
      locked: '10',
      sellable: '0',
      t1: true,
      unlockAt: Date.parse('2026-11-24T07:00:00Z'),
    });
    // /user/assets agrees: locked shares are not available.
    const kontr = async () =>
      (
        await t.call.post<{ balances: { wallet: string; currency: string }[] }>('/user/assets', me.token, {})
      ).data.balances.find((b) => b.wallet === 'stock' && b.currency === 'KONTR');
    expect(await kontr()).toEqual({
      wallet: 'stock',
      currency: 'KONTR',
      available: '0',
      frozen: '0',
      locked: '10',
      total: '10',
    });
    const beforeRefusals = await stateOf(t.world.db, me.userId);
    for (const [lang, msg] of [
      ['en-US', 'These shares are locked until the next trading day (T+1) and cannot be sold yet.'],
      ['tr-TR', 'Bu hisseler bir sonraki işlem gününe kadar kilitli (T+1), henüz satılamaz.'],
    ] as const) {
      const sell = await t.call.post(
        '/stock/order/sell',
        me.token,
        { symbol: 'KONTR', type: 'market', quantity: '5' },
        lang,
      );
      expect([sell.code, sell.key, sell.msg]).toEqual([-1001, 'T1_LOCKED', msg]);
    }
    // Refused means untouched: no order, no hold.
    expect(await stateOf(t.world.db, me.userId)).toEqual(beforeRefusals);
    t.world.clock.set(Date.parse('2026-11-24T07:00:00Z'));
    try {
      expect(await kontr()).toMatchObject({ available: '10', locked: '0', total: '10' });
      stockBook(t.world.source, 'KONTR');
      const sell = await t.call.post<Result>('/stock/order/sell', me.token, {
        symbol: 'KONTR',
        type: 'market',
        quantity: '5',
      });
      expect(sell.data.order).toMatchObject({ status: 'closed', filledQty: '5' });
      // Bought at 100.10 with 1.61 costs (avg 100.261); sold 5 at 99.90 less 0.80 costs:
      // −2.605, shown (and booked) to the kuruş.
      expect(sell.data.fills[0]?.realizedPnl).toBe('-2.61');
    } finally {
      t.world.clock.set(MONDAY_NOON);
    }
    await expectCleanLedger(t.world.db);
  });

  it('realised P&L is in kuruş on every read, adds up on the income screen, and to the cash once closed', async () => {
    stockBook(t.world.source);
    const me = await trader(t.world.db);
    const cash = async () =>
      new Decimal(balance(await userBalances(t.world.db, me.userId, 'real'), 'stock', 'TRY').available);
    const start = await cash();
    // 6 shares at 100.10 and 0.97 of costs: an average cost that does not end (601.57 / 6 = 100.2616…).
    await t.call.post('/stock/order/buy', me.token, { symbol: 'THYAO', type: 'market', quantity: '6' });
    const sell = async (quantity: string) =>
      (
        await t.call.post<Result>('/stock/order/sell', me.token, {
          symbol: 'THYAO',
          type: 'market',
          quantity,
        })
      ).data;
    const sells: Result[] = [];
    for (const quantity of ['1', '2', '2']) sells.push(await sell(quantity));
    const kurus = /^-?\d+(\.\d{1,2})?$/;
    const pnlOf = (results: Result[]) => results.flatMap((r) => r.fills.map((f) => f.realizedPnl ?? ''));
    const total = (values: string[]) => values.reduce((a, b) => a.plus(b), new Decimal(0));
    const fills = pnlOf(sells);
    expect(fills).toHaveLength(3);
    for (const pnl of [...fills, ...sells.map((r) => r.order.realizedPnl)]) expect(pnl).toMatch(kurus);
    const sum = total(fills);
    const listed = await t.call.post<{ list: SpotFill[] }>('/stock/order/trade/list', me.token, {});
    for (const f of listed.data.list) if (f.realizedPnl !== null) expect(f.realizedPnl).toMatch(kurus);
    const stats = await t.call.get<{ realizedPnl: string; byDay: { realizedPnl: string }[] }>(
      '/stock/order/statistics',
      me.token,
      { period: 'day' },
    );
    expect(stats.data.realizedPnl).toBe(sum.toFixed());
    expect(stats.data.byDay.map((d) => d.realizedPnl)).toEqual([sum.toFixed()]);
    // The one share still held carries the same realised figure.
    const holdings = await t.call.get<{ list: Holding[] }>('/stock/hold/list', me.token);
    expect(holdings.data.list.find((h) => h.symbol === 'THYAO')?.realizedPnl).toBe(sum.toFixed());

    // Sold out, what the fills realised is what the cash moved, to the kuruş: rounding each
    // fill on its own drifted (-0.36, -0.72, -0.72, -0.36 against a cash loss of 2.17 before costs).
    sells.push(await sell('1'));
    expect(total(pnlOf(sells)).toFixed()).toBe((await cash()).minus(start).toFixed());
    // The portfolio's realised total keeps a sold-out stock's, as the income screen does: it
    // summed only the stocks still listed and fell to 0 here.
    const after = await t.call.get<{ list: Holding[]; totals: { realizedPnl: string } }>(
      '/stock/hold/list',
      me.token,
    );
    expect(after.data.list.find((h) => h.symbol === 'THYAO')).toBeUndefined();
    expect(after.data.totals.realizedPnl).toBe(total(pnlOf(sells)).toFixed());
    expect(after.data.totals.realizedPnl).not.toBe('0');
    await expectCleanLedger(t.world.db);
  });

  it('rows booked before P&L was rounded read in kuruş, and the income screen sums what it lists', async () => {
    stockBook(t.world.source);
    const me = await trader(t.world.db);
    await t.call.post('/stock/order/buy', me.token, { symbol: 'THYAO', type: 'market', quantity: '6' });
    const sold = await t.call.post<Result>('/stock/order/sell', me.token, {
      symbol: 'THYAO',
      type: 'market',
      quantity: '2',
    });
    // As such a row was stored: the average cost's remainder to 18 places.
    const [fill] = sold.data.fills;
    await t.world.db
      .update(spotFills)
      .set({ realizedPnl: '-0.721666666666666666' })
      .where(eq(spotFills.id, BigInt(fill?.id ?? '0')));
    await t.world.db
      .update(spotOrders)
      .set({ realizedPnl: '-0.721666666666666666' })
      .where(eq(spotOrders.id, BigInt(sold.data.order.id)));
    const listed = await t.call.post<{ list: SpotFill[] }>('/stock/order/trade/list', me.token, {});
    expect(listed.data.list.find((f) => f.id === fill?.id)?.realizedPnl).toBe('-0.72');
    const info = await t.call.get<Result>('/stock/order/info', me.token, { id: sold.data.order.id });
    expect(info.data.order.realizedPnl).toBe('-0.72');
    expect(info.data.fills.map((f) => f.realizedPnl)).toEqual(['-0.72']);
    const stats = await t.call.get<{ realizedPnl: string }>('/stock/order/statistics', me.token, {
      period: 'day',
    });
    expect(stats.data.realizedPnl).toBe('-0.72');
  });

  it('statistics and the funds detail read what the fills booked', async () => {
    stockBook(t.world.source);
    const me = await trader(t.world.db);
    await t.call.post('/stock/order/buy', me.token, { symbol: 'THYAO', type: 'market', quantity: '20' });
    await t.call.post('/stock/order/sell', me.token, { symbol: 'THYAO', type: 'market', quantity: '20' });
    const stats = await t.call.get<Record<string, unknown>>('/stock/order/statistics', me.token, {
      period: 'day',
    });
    expect(stats.data).toMatchObject({ orders: 2, fills: 2, buyAmount: '2002', sellAmount: '1998' });
    expect(stats.data.bySymbol).toEqual([
      { symbol: 'THYAO', name: 'Türk Hava Yolları', realizedPnl: stats.data.realizedPnl },
    ]);
    const tx = await t.call.get<{ list: TxRecord[]; total: number }>('/user/tx/record', me.token, {
      wallet: 'stock',
      currency: 'TRY',
    });
    // A statement: one row per movement, the market buy's hold too (available to frozen), so the
    // fill's release of that hold is explained and the columns add up to the balance.
    expect(tx.data.list.map((r) => r.reason)).toEqual(['fill', 'fill', 'order_freeze', 'sandbox_funding']);
    const [sold, bought, held] = tx.data.list;
    expect(new Decimal(held?.available ?? 'NaN').plus(held?.frozen ?? 'NaN').isZero()).toBe(true);
    expect(new Decimal(bought?.frozen ?? 'NaN').plus(held?.frozen ?? 'NaN').isZero()).toBe(true);
    // The buy is one debit of its whole cost (20 × 100.10 = 2,002 and its costs), not the released hold.
    const buyTotal = stockBuyTotal('2002', DEFAULT_SETTINGS.stockCosts);
    expect(bought).toMatchObject({ side: 'buy', symbol: 'THYAO', amount: `-${buyTotal}` });
    expect(new Decimal(bought?.fees ?? 'NaN').plus(2002).toFixed()).toBe(buyTotal);
    expect(sold).toMatchObject({ side: 'sell', symbol: 'THYAO' });
    expect(new Decimal(sold?.amount ?? 'NaN').gt(0)).toBe(true);
    const shares = await t.call.get<{ list: TxRecord[] }>('/user/tx/record', me.token, {
      wallet: 'stock',
      currency: 'THYAO',
    });
    // The sell's hold of the shares (amount 0: available to frozen) between the buy and the sale.
    expect(shares.data.list.map((r) => [r.reason, r.side, r.amount])).toEqual([
      ['fill', 'sell', '-20'],
      ['order_freeze', 'sell', '0'],
      ['fill', 'buy', '20'],
    ]);
    const fills = await t.call.get<{ list: TxRecord[] }>('/user/tx/record', me.token, { reason: 'fill' });
    expect(fills.data.list.every((r) => r.reason === 'fill')).toBe(true);

    // Time bounds are epoch ms: inside them the same rows, and bounds no timestamp holds are a
    // field error (a 1e32 or 2^63 reached the query and answered 500).
    const t0 = Date.now() - 60_000;
    const within = await t.call.get<{ total: number }>('/user/tx/record', me.token, {
      wallet: 'stock',
      currency: 'TRY',
      from: String(t0),
      to: String(Date.now() + 60_000),
    });
    expect(within.data.total).toBe(tx.data.total);
    // Fills carry the trading clock's time (a fixed Monday here).
    const filled = await t.call.post<{ list: SpotFill[]; total: number }>(
      '/stock/order/trade/list',
      me.token,
      {
        from: '0',
        to: '253402300799999',
      },
    );
    expect(filled.data.total).toBe(2);
    const [last] = filled.data.list;
    const upTo = await t.call.post<{ total: number }>('/stock/order/trade/list', me.token, {
      to: String(last!.t - 1),
    });
    expect(upTo.data.total).toBe(filled.data.list.filter((f) => f.t < last!.t).length);
    for (const bound of [
      '99999999999999999999999999999999',
      '9223372036854775808',
      '-1',
      '1.5',
      '1e3',
      'x',
    ]) {
      for (const field of ['from', 'to']) {
        const record = await t.call.get('/user/tx/record', me.token, { [field]: bound });
        const listed = await t.call.post('/stock/order/trade/list', me.token, { [field]: bound });
        for (const res of [record, listed])
          expect(['FIELD_INVALID', 'NUMBER_FORMAT'], `${field}=${bound}: ${res.key}`).toContain(res.key);
      }
    }
  });
});
