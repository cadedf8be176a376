import Decimal from 'decimal.js';
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sharedWorld } from '../support/shared-world';
import type { ContractPosition } from '../../domain/protocol/contracts';
import type { MarketStatus } from '../../domain/protocol/market';
import type { ContractPreview, SpotPreview } from '../../domain/protocol/order-preview';
import type { SpotFill, SpotOrder } from '../../domain/protocol/trading';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../../server/db/schema/ledger';
import { contractPositions, riskAcceptances, spotOrders } from '../../server/db/schema/trading';
import type { Db } from '../../server/db/client';
import { transfer } from '../../server/ledger/moves';
import { userBalances } from '../../server/ledger/balances';
import { dbTargets } from '../support/server';
import {
  api,
  balance,
  coinBook,
  expectCleanLedger,
  spotWorld,
  stockBook,
  trader,
  type Envelope,
} from './spot-support';

type Result = { order: SpotOrder; fills: SpotFill[] };

/** Everything a preview must leave alone: ledger transactions, orders, positions, risk acceptances. */
async function rowCounts(db: Db) {
  const one = async (table: typeof ledgerTransactions | typeof spotOrders | typeof contractPositions) =>
    (await db.select({ n: count() }).from(table))[0]?.n ?? 0;
  const [accepted] = await db.select({ n: count() }).from(riskAcceptances);
  return {
    tx: await one(ledgerTransactions),
    orders: await one(spotOrders),
    positions: await one(contractPositions),
    acceptances: accepted?.n ?? 0,
  };
}

/** What an order's freeze posting put in the frozen bucket: the hold it took. */
async function holdOf(db: Db, orderId: string): Promise<string> {
  const rows = await db
    .select({ amount: ledgerEntries.amount })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerEntries.transactionId, ledgerTransactions.id))
    .innerJoin(ledgerAccounts, eq(ledgerEntries.accountId, ledgerAccounts.id))
    .where(
      and(
        eq(ledgerTransactions.reason, 'order_freeze'),
        eq(ledgerTransactions.referenceId, orderId),
        eq(ledgerAccounts.bucket, 'frozen'),
      ),
    );
  expect(rows).toHaveLength(1);
  return canonical(rows[0]?.amount ?? '');
}

/** NUMERIC comes back padded with zeros; the wire's figures are canonical. */
const canonical = (value: Decimal.Value): string => new Decimal(value).toFixed();

const sumOf = (fills: SpotFill[], pick: (f: SpotFill) => string): string =>
  fills.reduce((s, f) => s.plus(pick(f)), new Decimal(0)).toFixed();

/** How much a balance went down from `before` to `after`. */
const spent = (before: { available: string }, after: { available: string }): string =>
  new Decimal(before.available).minus(after.available).toFixed();

const levels = (fills: readonly { price: string; qty: string }[]) =>
  fills.map((f) => [canonical(f.price), canonical(f.qty)]);

/** The position opened is the one previewed: quantity, entry, margin, fee, liquidation price. */
function expectOpenedAsPreviewed(opened: Envelope<ContractPosition>, seen: ContractPreview): void {
  expect(opened, JSON.stringify(opened)).toMatchObject({ code: 0 });
  expect(opened.data).toMatchObject({
    qty: seen.qty,
    entryPrice: seen.avgPrice,
    margin: seen.margin,
    openFee: seen.feeTotal,
    liquidationPrice: seen.liquidationPrice,
  });
}

/**
 * The cost before an order equals what the order then books, on a book that does not move
 * between the two (the scripted source changes only when told to, and by the fills): the
 * preview runs the placing code's own checks and sums, and writes nothing.
 */
describe.each(dbTargets())('order preview equals the fill on a quiet book, on %s', (target) => {
  const t = sharedWorld(
    () => spotWorld(target),
    async (world) => {
      const call = api(world);
      const me = await trader(world.db, { TRY: '100000', USDT: '50000' });
      await transfer(world.db, {
        reason: 'test',
        referenceType: 'test',
        referenceId: 'preview',
        userId: me.userId,
        accountType: 'real',
        fromWallet: 'coin',
        toWallet: 'contract',
        currency: 'USDT',
        amount: '10000',
      });
      return { call, me };
    },
  );

  const preview = async <T>(path: string, fields: Record<string, string>): Promise<T> => {
    const before = await rowCounts(t.world.db);
    const balances = await userBalances(t.world.db, t.me.userId, 'real');
    const answer = await t.call.post<T>(path, t.me.token, fields);
    expect(answer, JSON.stringify(answer)).toMatchObject({ code: 0 });
    expect(await rowCounts(t.world.db)).toEqual(before);
    expect(await userBalances(t.world.db, t.me.userId, 'real')).toEqual(balances);
    return answer.data;
  };

  it('a stock market buy: fees by line, average, hold and total as booked', async () => {
    stockBook(t.world.source);
    const order = { symbol: 'THYAO', type: 'market', quantity: '120' };
    const seen = await preview<SpotPreview>('/stock/order/preview', { ...order, side: 'buy' });
    // 50 × 100.10 + 70 × 100.20 = 12019; 18.03 commission, 0.90 BSMV, 0.36 exchange fee.
    expect(seen).toMatchObject({
      currency: 'TRY',
      asset: 'THYAO',
      amount: '12019',
      avgPrice: '100.158333',
      feeTotal: '19.29',
      total: '12038.29',
      // Held at the cap 100.20 × 1.005 = 100.70: 12084 + 19.40.
      hold: '12103.4',
      holdCurrency: 'TRY',
      last: '100.00',
      priceDiff: '0.158333',
      priceDiffPercent: '0.16',
    });
    expect(seen.fees).toEqual([
      { key: 'commission', amount: '18.03' },
      { key: 'bsmv', amount: '0.9' },
      { key: 'exchangeFee', amount: '0.36' },
    ]);
    const cashBefore = balance(await userBalances(t.world.db, t.me.userId, 'real'), 'stock', 'TRY');
    const placed = await t.call.post<Result>('/stock/order/buy', t.me.token, order);
    expect(placed.code).toBe(0);
    const { order: booked, fills } = placed.data;
    expect(booked.avgPrice).toBe(seen.avgPrice);
    expect(booked.fees).toBe(seen.feeTotal);
    expect(booked.filledAmount).toBe(seen.amount);
    expect(levels(fills)).toEqual(levels(seen.fills));
    expect(sumOf(fills, (f) => f.commission)).toBe(seen.fees[0]?.amount);
    expect(sumOf(fills, (f) => f.bsmv)).toBe(seen.fees[1]?.amount);
    expect(sumOf(fills, (f) => f.exchangeFee)).toBe(seen.fees[2]?.amount);
    expect(await holdOf(t.world.db, booked.id)).toBe(seen.hold);
    const cashAfter = balance(await userBalances(t.world.db, t.me.userId, 'real'), 'stock', 'TRY');
    expect(spent(cashBefore, cashAfter)).toBe(seen.total);

    // A limit buy takes the 30 left at 100.20 now and rests 20 there: held whole at its limit,
    // 5010 + 7.52 + 0.38 + 0.15 (5010 × 0.0015 = 7.515, × 0.05 = 0.376, × 0.00003 = 0.1503).
    const limit = { symbol: 'THYAO', type: 'limit', quantity: '50', price: '100.20' };
    const resting = await preview<SpotPreview>('/stock/order/preview', { ...limit, side: 'buy' });
    expect(resting).toMatchObject({ filledQty: '30', restQty: '20', amount: '5010', hold: '5018.05' });
    const rests = await t.call.post<Result>('/stock/order/buy', t.me.token, limit);
    expect(rests.data.order).toMatchObject({ filledQty: resting.filledQty, status: 'partial' });
    expect(await holdOf(t.world.db, rests.data.order.id)).toBe(resting.hold);
    await t.call.get('/stock/order/cancel', t.me.token, { id: rests.data.order.id });
    await expectCleanLedger(t.world.db);
  });

  it('a coin market buy and sell: the fee, average, hold and total as booked', async () => {
    coinBook(t.world.source);
    const buy = { symbol: 'BTCUSDT', side: 'buy', type: 'market', quantity: '0.6' };
    const seen = await preview<SpotPreview>('/coin/order/preview', buy);
    // 0.5 × 50010 + 0.1 × 50020 = 30007, fee 30.007; held at 50020 × 1.005 = 50270.10.
    expect(seen).toMatchObject({
      currency: 'USDT',
      asset: 'BTC',
      amount: '30007',
      avgPrice: '50011.666666',
      fees: [{ key: 'fee', amount: '30.007' }],
      total: '30037.007',
      hold: '30192.22206',
    });
    const placed = await t.call.post<Result>('/coin/order/add', t.me.token, buy);
    expect(placed.code).toBe(0);
    expect(placed.data.order).toMatchObject({
      avgPrice: seen.avgPrice,
      fees: seen.feeTotal,
      filledAmount: seen.amount,
    });
    expect(await holdOf(t.world.db, placed.data.order.id)).toBe(seen.hold);

    const sell = { symbol: 'BTCUSDT', side: 'sell', type: 'market', quantity: '0.55' };
    const sold = await preview<SpotPreview>('/coin/order/preview', sell);
    // 0.5 × 49990 + 0.05 × 49980 = 24995 + 2499 = 27494, fee 27.494: 27466.506 comes in.
    expect(sold).toMatchObject({ amount: '27494', total: '27466.506', hold: '0.55', holdCurrency: 'BTC' });
    const usdt = balance(await userBalances(t.world.db, t.me.userId, 'real'), 'coin', 'USDT');
    const placedSell = await t.call.post<Result>('/coin/order/add', t.me.token, sell);
    expect(placedSell.data.order).toMatchObject({ avgPrice: sold.avgPrice, fees: sold.feeTotal });
    expect(await holdOf(t.world.db, placedSell.data.order.id)).toBe(sold.hold);
    const after = balance(await userBalances(t.world.db, t.me.userId, 'real'), 'coin', 'USDT');
    expect(spent(after, usdt)).toBe(sold.total);
    await expectCleanLedger(t.world.db);
  });

  it('a contract long: entry, margin, fee and liquidation price as opened', async () => {
    coinBook(t.world.source);
    t.world.source.setMark('BTCUSDT', { mark: '50000.00' });
    const open = { symbol: 'BTCUSDT', side: 'long', leverage: '5', quantity: '0.6', acceptRisk: '1' };
    const seen = await preview<ContractPreview>('/coin/contract/order/preview', open);
    // 30007 notional at 5×: margin 6001.40, fee 30007 × 0.0005 = 15.0035.
    expect(seen).toMatchObject({
      qty: '0.6',
      avgPrice: '50011.66666667',
      notional: '30007',
      margin: '6001.4',
      fees: [{ key: 'openFee', amount: '15.0035' }],
      total: '6016.4035',
    });
    expect(seen.liquidationPrice).not.toBeNull();
    const walletBefore = balance(await userBalances(t.world.db, t.me.userId, 'real'), 'contract', 'USDT');
    const opened = await t.call.post<ContractPosition>('/coin/contract/order/add', t.me.token, open);
    expectOpenedAsPreviewed(opened, seen);
    const walletAfter = balance(await userBalances(t.world.db, t.me.userId, 'real'), 'contract', 'USDT');
    expect(spent(walletBefore, walletAfter)).toBe(seen.total);
    await expectCleanLedger(t.world.db);
  });

  it('a contract opened by margin: the quantity the margin buys, as opened', async () => {
    coinBook(t.world.source);
    const open = { symbol: 'BTCUSDT', side: 'short', leverage: '3', margin: '10000', acceptRisk: '1' };
    // Not enough left in the wallet for 10000 of margin: both refuse it alike.
    const short = await t.call.post('/coin/contract/order/preview', t.me.token, open);
    expect(short.key).toBe('INSUFFICIENT_BALANCE');
    const small = { ...open, margin: '2000' };
    const seen = await preview<ContractPreview>('/coin/contract/order/preview', small);
    const opened = await t.call.post<ContractPosition>('/coin/contract/order/add', t.me.token, small);
    expectOpenedAsPreviewed(opened, seen);
    expect(levels(seen.fills).map(([price]) => price)).toEqual(['49990']);
  });

  it('refuses what the order call refuses, with the same key and text, and writes nothing', async () => {
    stockBook(t.world.source);
    coinBook(t.world.source);
    const cases: [preview: string, order: string, fields: Record<string, string>][] = [
      // Off the 0.01 tick, past the day's band (group 1: 100 ± 20 %), not a whole lot.
      [
        '/stock/order/preview',
        '/stock/order/buy',
        { symbol: 'THYAO', type: 'limit', quantity: '1', price: '100.005' },
      ],
      [
        '/stock/order/preview',
        '/stock/order/buy',
        { symbol: 'THYAO', type: 'limit', quantity: '1', price: '125.00' },
      ],
      ['/stock/order/preview', '/stock/order/buy', { symbol: 'THYAO', type: 'market', quantity: '1.5' }],
      // Nothing held to sell; nobody on the other side.
      ['/stock/order/preview', '/stock/order/sell', { symbol: 'KONTR', type: 'market', quantity: '1' }],
      ['/stock/order/preview', '/stock/order/buy', { symbol: 'PENNY', type: 'market', quantity: '1' }],
      // More than the wallet holds.
      [
        '/coin/order/preview',
        '/coin/order/add',
        { symbol: 'BTCUSDT', side: 'buy', type: 'market', quantity: '2.4' },
      ],
      [
        '/coin/contract/order/preview',
        '/coin/contract/order/add',
        { symbol: 'BTCUSDT', side: 'long', leverage: '7', quantity: '0.1', acceptRisk: '1' },
      ],
    ];
    for (const [previewPath, orderPath, fields] of cases) {
      const side = orderPath.endsWith('/sell') ? 'sell' : 'buy';
      const body = previewPath === '/stock/order/preview' ? { ...fields, side } : fields;
      const before = await rowCounts(t.world.db);
      for (const lang of ['en-US', 'tr-TR'] as const) {
        const asked = await t.call.post(previewPath, t.me.token, body, lang);
        const placed = await t.call.post(orderPath, t.me.token, fields, lang);
        expect(asked.code, `${previewPath} ${JSON.stringify(fields)}`).toBe(-1001);
        expect({ key: asked.key, msg: asked.msg }).toEqual({ key: placed.key, msg: placed.msg });
      }
      expect(await rowCounts(t.world.db)).toEqual(before);
    }
    // Out of session a stock market order is refused, previewed or placed.
    const status = t.world.source.status;
    t.world.source.status = (market): MarketStatus =>
      market === 'BIST' ? { ...status(market), state: 'closed', open: false } : status(market);
    try {
      const order = { symbol: 'THYAO', type: 'market', quantity: '1' };
      const asked = await t.call.post('/stock/order/preview', t.me.token, { ...order, side: 'buy' });
      const placed = await t.call.post('/stock/order/buy', t.me.token, order);
      expect([asked.key, placed.key]).toEqual(['MARKET_CLOSED', 'MARKET_CLOSED']);
    } finally {
      t.world.source.status = status;
    }
  });
});
