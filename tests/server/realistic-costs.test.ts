import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AssetsAnswer } from '../../domain/protocol/account';
import type { SpotFill, SpotOrder } from '../../domain/protocol/trading';
import { eq } from 'drizzle-orm';
import { realisticOf, type Realistic } from '../../server/costs/store';
import { spotFills } from '../../server/db/schema/trading';
import { fillToWire } from '../../server/trading/spot/rows';
import { dbTargets } from '../support/server';
import { api, spotWorld, trader, type SpotWorld, type Trader } from './spot-support';

type Result = { order: SpotOrder; fills: SpotFill[] };

/**
 * Every spot fill gets its realistic counterpart after its batch commits (docs/real-costs.md):
 * figures by hand on scripted books; paper's own costs are the sandbox defaults (stock commission
 * 0.15 %, BSMV 5 %, exchange fee 0.003 %; coin fee 0.1 %).
 */
describe.each(dbTargets())('realistic costs of fills on %s', (target) => {
  let world: SpotWorld;
  let call: ReturnType<typeof api>;
  let me: Trader;
  beforeAll(async () => {
    world = await spotWorld(target);
    call = api(world);
    me = await trader(world.db, { TRY: '100000', USDT: '30000' });
  });
  afterAll(async () => world?.close());

  const counterparts = async (fills: readonly SpotFill[]): Promise<Realistic[]> => {
    let found = new Map<string, Realistic>();
    await vi.waitFor(
      async () => {
        found = await realisticOf(
          world.db,
          fills.map((f) => f.id),
        );
        expect(found.size).toBe(fills.length);
      },
      { timeout: 5_000 },
    );
    return fills.map((f) => found.get(f.id)!);
  };
  const assets = async () => (await call.post<AssetsAnswer>('/user/assets', me.token)).data.realistic;

  it('a stock market buy: the same levels, BIST retail fees (binde 2, BSMV, borsa payı) beside paper', async () => {
    world.source.setBook(
      'THYAO',
      1,
      [['99.90', '50']],
      [
        ['100.10', '50'],
        ['100.20', '100'],
      ],
    );
    // No fills yet: nothing to compare, left out of the answer.
    expect(await assets()).toBeUndefined();
    const buy = await call.post<Result>('/stock/order/buy', me.token, {
      symbol: 'THYAO',
      type: 'market',
      quantity: '120',
    });
    expect(buy).toMatchObject({ code: 0 });
    // Paper: 5,005.00 → 7.51 + 0.38 + 0.15 = 8.04; 12,019.00 → 18.03 + 0.90 + 0.36 = 19.29 (11.25 more).
    expect(buy.data.fills.map((f) => [f.price, f.qty, f.commission, f.bsmv, f.exchangeFee])).toEqual([
      ['100.1', '50', '7.51', '0.38', '0.15'],
      ['100.2', '70', '10.52', '0.52', '0.21'],
    ]);
    // Real: 5,005.00 → 10.01 + 0.50 + 0.15 = 10.66; 12,019.00 → 24.04 + 1.20 + 0.36 = 25.60 (14.94 more).
    const real = await counterparts(buy.data.fills);
    expect(real.map((r) => [r.role, r.venue, r.qty, r.avgPrice, r.fees, r.lines, r.delta])).toEqual([
      [
        'taker',
        'bist',
        '50',
        '100.1',
        '10.66',
        { slippage: '0', fees: '2.62', taxes: '0', queue: '0' },
        '2.62',
      ],
      [
        'taker',
        'bist',
        '70',
        '100.2',
        '14.94',
        { slippage: '0', fees: '3.69', taxes: '0', queue: '0' },
        '3.69',
      ],
    ]);
    expect(await assets()).toEqual([
      {
        wallet: 'stock',
        currency: 'TRY',
        paper: '0',
        realistic: '-6.31',
        slippage: '0',
        fees: '6.31',
        taxes: '0',
        queue: '0',
        fills: 2,
        priced: 2,
      },
    ]);
  });

  it('a resting coin limit: filled at its price once the queue ahead has traded, not at the better book', async () => {
    world.source.setBook('BTCUSDT', 1, [['49990.00', '0.5']], [['50010.00', '0.5']]);
    const placed = await call.post<Result>('/coin/order/add', me.token, {
      symbol: 'BTCUSDT',
      side: 'buy',
      type: 'limit',
      price: '49990',
      quantity: '0.4',
    });
    expect(placed.data.fills).toEqual([]);
    // 0.5 was ahead at 49,990; 0.6 prints there, 0.1 past the queue. A print above the bid is no help.
    await vi.waitFor(() => expect(world.source.listenerCount()).toBeGreaterThan(0));
    world.clock.advance(1_000);
    world.source.emitTrades('BTCUSDT', [
      { id: 'T1', t: world.clock.now(), price: '49990.00', qty: '0.6', side: 'sell' },
      { id: 'T2', t: world.clock.now(), price: '50000.00', qty: '0.3', side: 'buy' },
    ]);
    // The asks come down through the bid: paper fills 0.4 at 49,985 (fee 19.994).
    world.source.emitBook('BTCUSDT', [], [['49985.00', '1']]);
    const orderId = placed.data.order.id;
    let fills: SpotFill[] = [];
    await vi.waitFor(async () => {
      const rows = await world.db
        .select()
        .from(spotFills)
        .where(eq(spotFills.orderId, BigInt(orderId)));
      fills = rows.map(fillToWire);
      expect(fills).toHaveLength(1);
    });
    expect(fills.map((f) => [f.price, f.qty, f.commission])).toEqual([['49985', '0.4', '19.994']]);
    // Real: 0.1 @ 49,990 = 4,999 (fee 4.999); slippage 4,999 − 0.1 × 49,985 = 0.50.
    const [real] = await counterparts(fills);
    expect(real).toMatchObject({
      role: 'maker',
      venue: 'binance-spot',
      qty: '0.1',
      avgPrice: '49990',
      fees: '4.999',
    });
    expect(real!.lines).toEqual({ slippage: '0.5', fees: '-14.995', taxes: '0', queue: '0' });
    expect(real!.queueKnown).toBe(true);
  });

  it('a resting coin sell the queue held back: its gain stays unrealised, and the account shows both P&Ls', async () => {
    // Held: 0.4 BTC at an average cost of (19,994 + 19.994) / 0.4 = 50,034.985.
    world.source.setBook(
      'BTCUSDT',
      2,
      [['49990.00', '0.5']],
      [
        ['50100.00', '0.2'],
        ['50200.00', '1'],
      ],
    );
    const placed = await call.post<Result>('/coin/order/add', me.token, {
      symbol: 'BTCUSDT',
      side: 'sell',
      type: 'limit',
      price: '50100',
      quantity: '0.4',
    });
    expect(placed.data.fills).toEqual([]);
    world.clock.advance(1_000);
    // 0.2 ahead at 50,100; 0.3 prints there: 0.1 of the order reached.
    world.source.emitTrades('BTCUSDT', [
      { id: 'T3', t: world.clock.now(), price: '50100.00', qty: '0.3', side: 'buy' },
    ]);
    world.source.emitBook('BTCUSDT', [['50120.00', '1']], []);
    const orderId = BigInt(placed.data.order.id);
    let fills: SpotFill[] = [];
    await vi.waitFor(async () => {
      fills = (await world.db.select().from(spotFills).where(eq(spotFills.orderId, orderId))).map(fillToWire);
      expect(fills).toHaveLength(1);
    });
    // Paper: 0.4 @ 50,120 = 20,048, fee 20.048; (50,120 − 50,034.985) × 0.4 = 34.006, less the fee 13.958.
    expect(fills.map((f) => [f.price, f.qty, f.commission, f.realizedPnl])).toEqual([
      ['50120', '0.4', '20.048', '13.958'],
    ]);
    // Real: 0.1 @ 50,100 = 5,010, fee 5.01; slippage 0.1 × 50,120 − 5,010 = 2; queue 85.015 × 0.3 = 25.5045.
    const [real] = await counterparts(fills);
    expect(real).toMatchObject({ role: 'maker', qty: '0.1', avgPrice: '50100', fees: '5.01', tax: '0' });
    expect(real!.lines).toEqual({ slippage: '2', fees: '-15.038', taxes: '0', queue: '25.5045' });
    expect(real!.delta).toBe('12.4665');
    // Coins: paper 13.958; lines 0.5 + 2 slippage, −14.995 − 15.038 fees, 25.5045 queue: Σ −2.0285.
    expect((await assets())?.find((r) => r.wallet === 'coin')).toEqual({
      wallet: 'coin',
      currency: 'USDT',
      paper: '13.958',
      realistic: '15.9865',
      slippage: '2.5',
      fees: '-30.033',
      taxes: '0',
      queue: '25.5045',
      fills: 2,
      priced: 2,
    });
  });

  it('a resting order moved across the book by a modify trades on arrival: priced as a taker', async () => {
    world.source.setBook('BTCUSDT', 3, [['49990.00', '0.5']], [['50010.00', '0.5']]);
    const placed = await call.post<Result>('/coin/order/add', me.token, {
      symbol: 'BTCUSDT',
      side: 'buy',
      type: 'limit',
      price: '49000',
      quantity: '0.1',
    });
    world.clock.advance(1_000);
    const moved = await call.post<Result>('/coin/order/modify', me.token, {
      id: placed.data.order.id,
      price: '50010',
    });
    expect(moved).toMatchObject({ code: 0 });
    // Paper and real alike: 0.1 @ 50,010 = 5,001, fee 0.1 % = 5.001 on both.
    expect(moved.data.fills.map((f) => [f.price, f.qty, f.commission])).toEqual([['50010', '0.1', '5.001']]);
    const [real] = await counterparts(moved.data.fills);
    expect(real).toMatchObject({ role: 'taker', qty: '0.1', avgPrice: '50010', fees: '5.001', delta: '0' });
  });
});
