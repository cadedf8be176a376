import { describe, expect, it } from 'vitest';
import { sharedWorld } from '../support/shared-world';
import type { AssetsAnswer } from '../../domain/protocol/account';
import { dbTargets } from '../support/server';
import { counterparts, fillsOf, restingCoinBuy, type Placed } from './realistic-support';
import { api, spotWorld, trader } from './spot-support';

/**
 * Every spot fill gets its realistic counterpart after its batch commits (docs/real-costs.md):
 * figures by hand on scripted books; paper's own costs are the sandbox defaults (stock commission
 * 0.15 %, BSMV 5 %, exchange fee 0.003 %; coin fee 0.1 %).
 */
describe.each(dbTargets())('realistic costs of fills on %s', (target) => {
  const t = sharedWorld(
    () => spotWorld(target),
    async (world) => ({ call: api(world), me: await trader(world.db, { TRY: '100000', USDT: '30000' }) }),
  );

  const assets = async () => (await t.call.post<AssetsAnswer>('/user/assets', t.me.token)).data.realistic;

  it('a stock market buy: the same levels, BIST retail fees (binde 2, BSMV, borsa payı) beside paper', async () => {
    t.world.source.setBook(
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
    const buy = await t.call.post<Placed>('/stock/order/buy', t.me.token, {
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
    const real = await counterparts(t.world.db, buy.data.fills);
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

  it('a resting coin buy trades only as far as the queue ahead at its price has gone', async () => {
    const placed = await restingCoinBuy(t.world, t.call, t.me.token, 1);
    t.world.clock.advance(1_000);
    // 0.5 was ahead at 49,990; 0.3 prints there (a print above the bid is no help)…
    t.world.source.emitTrades('BTCUSDT', [
      { id: 'T1', t: t.world.clock.now(), price: '49990.00', qty: '0.3', side: 'sell' },
      { id: 'T2', t: t.world.clock.now(), price: '50000.00', qty: '0.3', side: 'buy' },
    ]);
    // …then a seller offers 0.3 at the bid: paper takes all of it (fee 14.997).
    t.world.source.emitBook('BTCUSDT', [], [['49990.00', '0.3']]);
    const fills = await fillsOf(t.world.db, placed.id, 1);
    expect(fills.map((f) => [f.price, f.qty, f.commission])).toEqual([['49990', '0.3', '14.997']]);
    // Real: 0.3 printed + 0.3 offered − 0.5 ahead = 0.1 reached, at 49,990 (fee 4.999); 0.2 still queued.
    const [real] = await counterparts(t.world.db, fills);
    expect(real).toMatchObject({
      role: 'maker',
      venue: 'binance-spot',
      qty: '0.1',
      avgPrice: '49990',
      fees: '4.999',
    });
    // Fees against paper's on the same 0.1 (14.997 / 3 = 4.999): 0. The 0.2 a real order did not
    // buy keep paper's fee in their cost, and leave with their gain when they are sold.
    expect(real!.lines).toEqual({ slippage: '0', fees: '0', taxes: '0', queue: '0' });
    expect(real!.queueKnown).toBe(true);
  });

  it('a resting coin sell the queue held back: its gain stays unrealised, and the account shows both P&Ls', async () => {
    // Held: 0.3 BTC at an average cost of (14,997 + 14.997) / 0.3 = 50,039.99.
    t.world.source.setBook(
      'BTCUSDT',
      2,
      [['49990.00', '0.5']],
      [
        ['50100.00', '0.2'],
        ['50200.00', '1'],
      ],
    );
    const placed = await t.call.post<Placed>('/coin/order/add', t.me.token, {
      symbol: 'BTCUSDT',
      side: 'sell',
      type: 'limit',
      price: '50100',
      quantity: '0.3',
    });
    expect(placed.data.fills).toEqual([]);
    t.world.clock.advance(1_000);
    // 0.2 ahead at 50,100; a buyer bids 50,120 for 0.1 and paper sells it 0.1 there.
    t.world.source.emitBook('BTCUSDT', [['50120.00', '0.1']], []);
    const fills = await fillsOf(t.world.db, placed.data.order.id, 1);
    // Paper: 0.1 @ 50,120 = 5,012, fee 5.012; (50,120 − 50,039.99) × 0.1 = 8.001, less the fee 2.989.
    expect(fills.map((f) => [f.price, f.qty, f.commission, f.realizedPnl])).toEqual([
      ['50120', '0.1', '5.012', '2.989'],
    ]);
    // Real: the 0.1 offered went to the 0.2 ahead: nothing sold, the 8.001 gain not realised.
    const [real] = await counterparts(t.world.db, fills);
    expect(real).toMatchObject({ role: 'maker', qty: '0', avgPrice: null, fees: '0', tax: '0' });
    expect(real!.lines).toEqual({ slippage: '0', fees: '-5.012', taxes: '0', queue: '8.001' });
    expect(real!.delta).toBe('2.989');
    // Coins: paper 2.989; fees 0 − 5.012, queue 8.001: Σ 2.989, so realistic 0: a real account
    // bought 0.1 and has sold none of it.
    expect((await assets())?.find((r) => r.wallet === 'coin')).toEqual({
      wallet: 'coin',
      currency: 'USDT',
      paper: '2.989',
      realistic: '0',
      slippage: '0',
      fees: '-5.012',
      taxes: '0',
      queue: '8.001',
      fills: 2,
      priced: 2,
    });
  });

  it('a resting order moved across the book by a modify trades on arrival: priced as a taker', async () => {
    t.world.source.setBook('BTCUSDT', 3, [['49990.00', '0.5']], [['50010.00', '0.5']]);
    const placed = await t.call.post<Placed>('/coin/order/add', t.me.token, {
      symbol: 'BTCUSDT',
      side: 'buy',
      type: 'limit',
      price: '49000',
      quantity: '0.1',
    });
    t.world.clock.advance(1_000);
    const moved = await t.call.post<Placed>('/coin/order/modify', t.me.token, {
      id: placed.data.order.id,
      price: '50010',
    });
    expect(moved).toMatchObject({ code: 0 });
    // Paper and real alike: 0.1 @ 50,010 = 5,001, fee 0.1 % = 5.001 on both.
    expect(moved.data.fills.map((f) => [f.price, f.qty, f.commission])).toEqual([['50010', '0.1', '5.001']]);
    const [real] = await counterparts(t.world.db, moved.data.fills);
    expect(real).toMatchObject({ role: 'taker', qty: '0.1', avgPrice: '50010', fees: '5.001', delta: '0' });
  });
});
