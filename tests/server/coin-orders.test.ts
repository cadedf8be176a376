import { describe, expect, it } from 'vitest';
import { sharedWorld } from '../support/shared-world';
import type { MarketStatus } from '../../domain/protocol/market';
import type { SpotFill, SpotOrder } from '../../domain/protocol/trading';
import { userBalances } from '../../server/ledger/balances';
import { dbTargets } from '../support/server';
import {
  api,
  balance,
  coinBook,
  expectCleanLedger,
  spotWorld,
  stateOf,
  trader,
  type Lang,
} from './spot-support';

type Result = { order: SpotOrder; fills: SpotFill[] };

/** Coin spot: the stock engine with coin rules (24/7, no band, base-coin quantity, fee in USDT). */
describe.each(dbTargets())('coin spot orders on %s', (target) => {
  const t = sharedWorld(
    () => spotWorld(target),
    async (world) => ({ call: api(world), me: await trader(world.db, { TRY: '0', USDT: '10000' }) }),
  );

  it('buys and sells at market, around the clock, with the fee in USDT and realised P&L', async () => {
    coinBook(t.world.source);
    const status = t.world.source.status;
    // BIST closed changes nothing for coins.
    t.world.source.status = (market): MarketStatus =>
      market === 'BIST' ? { ...status(market), state: 'closed', open: false } : status(market);
    try {
      const buy = await t.call.post<Result>('/coin/order/add', t.me.token, {
        symbol: 'BTCUSDT',
        side: 'buy',
        type: 'market',
        quantity: '0.1',
      });
      expect(buy.data.order).toMatchObject({
        status: 'closed',
        filledAmount: '5001',
        fees: '5.001',
        frozen: '0',
      });
      expect(buy.data.fills.map((f) => [f.price, f.qty, f.commission])).toEqual([['50010', '0.1', '5.001']]);
      let balances = await userBalances(t.world.db, t.me.userId, 'real');
      expect(balance(balances, 'coin', 'USDT')).toEqual({ available: '4993.999', frozen: '0' });
      expect(balance(balances, 'coin', 'BTC')).toEqual({ available: '0.1', frozen: '0' });
      const sell = await t.call.post<Result>('/coin/order/add', t.me.token, {
        symbol: 'BTCUSDT',
        side: 'sell',
        type: 'market',
        quantity: '0.05',
      });
      // Average cost (5001 + 5.001) / 0.1 = 50060.01; (49990 − 50060.01) × 0.05 − 2.4995 = −6.
      expect(sell.data.fills.map((f) => [f.price, f.qty, f.commission, f.realizedPnl])).toEqual([
        ['49990', '0.05', '2.4995', '-6'],
      ]);
      balances = await userBalances(t.world.db, t.me.userId, 'real');
      expect(balance(balances, 'coin', 'USDT')).toEqual({ available: '7490.9995', frozen: '0' });
      expect(balance(balances, 'coin', 'BTC')).toEqual({ available: '0.05', frozen: '0' });
    } finally {
      t.world.source.status = status;
    }
    await expectCleanLedger(t.world.db);
  });

  it('rests a limit order, lists it, queries it and closes it', async () => {
    coinBook(t.world.source);
    const placed = await t.call.post<Result>('/coin/order/add', t.me.token, {
      symbol: 'BTCUSDT',
      side: 'buy',
      type: 'limit',
      price: '40000.00',
      quantity: '0.01',
    });
    expect(placed.data.order).toMatchObject({ status: 'open', frozen: '400.4', timeInForce: 'gtc' });
    const open = await t.call.post<{ list: SpotOrder[] }>('/coin/order/list', t.me.token, { status: 'open' });
    expect(open.data.list.map((o) => o.id)).toEqual([placed.data.order.id]);
    const query = await t.call.post<Result>('/coin/order/query', t.me.token, { id: placed.data.order.id });
    expect(query.data.order.status).toBe('open');
    const closed = await t.call.post<{ cancelled: SpotOrder[] }>('/coin/order/close', t.me.token, {
      id: placed.data.order.id,
    });
    expect(closed.data.cancelled[0]).toMatchObject({ status: 'cancelled', frozen: '0' });
    expect(balance(await userBalances(t.world.db, t.me.userId, 'real'), 'coin', 'USDT').frozen).toBe('0');
    // A stock order is not a coin order: neither endpoint sees the other's.
    const other = await t.call.post('/coin/order/query', t.me.token, { id: placed.data.order.id });
    expect(other.code).toBe(0);
    const asStock = await t.call.get('/stock/order/info', t.me.token, { id: placed.data.order.id });
    expect(asStock.key).toBe('ORDER_NOT_FOUND');
    await expectCleanLedger(t.world.db);
  });

  const cases: [string, Record<string, string>, string, string, string][] = [
    [
      'a stock symbol',
      { symbol: 'THYAO', side: 'buy', type: 'market', quantity: '1' },
      'NOT_TRADABLE',
      'This instrument cannot be traded here.',
      'Bu enstrüman burada alınıp satılamaz.',
    ],
    [
      // The rate pair values the USDT wallets in TRY; the coin wallet holds no TRY to trade it with.
      'the USDT/TRY rate pair',
      { symbol: 'USDTTRY', side: 'buy', type: 'market', quantity: '10' },
      'NOT_TRADABLE',
      'This instrument cannot be traded here.',
      'Bu enstrüman burada alınıp satılamaz.',
    ],
    [
      'a quantity off the grid',
      { symbol: 'BTCUSDT', side: 'buy', type: 'market', quantity: '0.000001' },
      'LOT_MULTIPLE',
      'The quantity must be a multiple of 0.00001 BTC.',
      'Miktar, 0,00001 BTC değerinin katı olmalıdır.',
    ],
    [
      'a price off the grid',
      { symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '40000.001', quantity: '0.01' },
      'PRICE_TICK',
      'The price must be a multiple of the tick size 0.01 USDT.',
      'Fiyat, fiyat adımının (0,01 USDT) katı olmalıdır.',
    ],
    [
      'an amount below the minimum',
      { symbol: 'BTCUSDT', side: 'buy', type: 'market', quantity: '0.00001' },
      'ORDER_BELOW_MINIMUM',
      'The order amount must be at least 5 USDT.',
      'Emir tutarı en az 5 USDT olmalıdır.',
    ],
    [
      'more than the USDT',
      { symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '50000.00', quantity: '1' },
      'INSUFFICIENT_BALANCE',
      'Insufficient balance.',
      'Yetersiz bakiye.',
    ],
    [
      // Its cost is past any balance the ledger can hold: short, not an internal error.
      'a 40-digit quantity',
      { symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '1.00', quantity: '1'.padEnd(40, '0') },
      'NUMBER_OUT_OF_RANGE',
      'Quantity is too large: at most 20 digits before the decimal point.',
      'Miktar çok büyük: ondalık ayırıcıdan önce en fazla 20 basamak olabilir.',
    ],
    [
      'more coins than held',
      { symbol: 'BTCUSDT', side: 'sell', type: 'market', quantity: '1' },
      'INSUFFICIENT_QUANTITY',
      'You can sell at most 0.05.',
      'En fazla 0,05 satabilirsiniz.',
    ],
  ];
  for (const [name, fields, key, en, tr] of cases)
    it(`refuses ${name} (${key}) in both languages, changing nothing`, async () => {
      coinBook(t.world.source);
      for (const [lang, msg] of [
        ['en-US', en],
        ['tr-TR', tr],
      ] as [Lang, string][]) {
        const before = await stateOf(t.world.db, t.me.userId);
        const res = await t.call.post('/coin/order/add', t.me.token, fields, lang);
        expect([res.code, res.key, res.msg]).toEqual([-1001, key, msg]);
        expect(await stateOf(t.world.db, t.me.userId)).toEqual(before);
      }
    });
});
