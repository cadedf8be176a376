import { describe, expect, it } from 'vitest';
import { walkSlice } from './book-walk';
import { queueReach, reachedQty } from './queue';
import { realisticFills, venueFees, type PaperFill } from './realistic';
import { BINANCE_SPOT_VIP0, BINANCE_USDM_VIP0, BIST_RETAIL, spotScheduleOf } from './schedules';

const fill = (
  id: string,
  price: string,
  qty: string,
  fees: string,
  gain: string | null = null,
): PaperFill => ({
  id,
  price,
  qty,
  fees,
  gain,
});

// A recorded THYAO book at the moment of the order (asks best first).
const THYAO_ASKS = [
  ['300.00', '100'],
  ['300.25', '200'],
  ['300.50', '500'],
] as const;

describe('BIST retail costs (binde 2, BSMV 5 %, borsa payı yüzbinde 3)', () => {
  it('charges each cost rounded to the kuruş on its own', () => {
    // 75,037.50 × 0.002 = 150.075 → 150.08; × 5 % = 7.504 → 7.50; × 0.00003 = 2.251125 → 2.25.
    expect(venueFees('75037.5', BIST_RETAIL.takerRate, BIST_RETAIL)).toEqual({
      commission: '150.08',
      bsmv: '7.5',
      exchangeFee: '2.25',
      total: '159.83',
    });
  });

  it('a market buy of 250 THYAO, paper walked the same levels: only the fees differ', () => {
    // Paper fills 100 @ 300.00 and 150 @ 300.25, charged 31.50 and 47.29 by the sandbox's settings.
    const out = realisticFills(
      { side: 'buy', limit: null },
      { kind: 'taker', levels: THYAO_ASKS },
      [fill('1', '300.00', '100', '31.5'), fill('2', '300.25', '150', '47.29')],
      BIST_RETAIL,
    );
    // Fees at 30,000: 60.00 + 3.00 + 0.90 = 63.90; at 75,037.50: 159.83, so the second fill pays 95.93.
    expect(out.map((f) => [f.qty, f.avgPrice, f.fees.total, f.lines, f.delta])).toEqual([
      ['100', '300', '63.9', { slippage: '0', fees: '32.4', taxes: '0', queue: '0' }, '32.4'],
      ['150', '300.25', '95.93', { slippage: '0', fees: '48.64', taxes: '0', queue: '0' }, '48.64'],
    ]);
    expect(out[1]!.fees).toEqual({ commission: '90.08', bsmv: '4.5', exchangeFee: '1.35', total: '95.93' });
  });

  it('a paper fill at the top of the book only: the real walk adds slippage', () => {
    // 100 @ 300.00 + 150 @ 300.25 = 75,037.50 (avg 300.15) against 250 × 300.00 = 75,000: 37.50.
    const [out] = realisticFills(
      { side: 'buy', limit: null },
      { kind: 'taker', levels: THYAO_ASKS },
      [fill('9', '300.00', '250', '78.75')],
      BIST_RETAIL,
    );
    expect(out).toMatchObject({ qty: '250', avgPrice: '300.15', amount: '75037.5', tax: '0' });
    expect(out!.lines).toEqual({ slippage: '37.5', fees: '81.08', taxes: '0', queue: '0' });
    expect(out!.delta).toBe('118.58');
  });

  it('a sell at a gain: walked down the bids, 0 % withholding on BIST shares', () => {
    // Bids 60 @ 300.00, 100 @ 299.75: 18,000 + 11,990 = 29,990 against 30,000 on paper: 10.00.
    // Fees on 29,990: 59.98 + 3.00 (2.999) + 0.90 (0.8997) = 63.88. Gain (300 − 250) × 100 = 5,000.
    const bids = [
      ['300.00', '60'],
      ['299.75', '100'],
    ] as const;
    const sell = [fill('3', '300.00', '100', '31.5', '5000')];
    const [out] = realisticFills(
      { side: 'sell', limit: null },
      { kind: 'taker', levels: bids },
      sell,
      BIST_RETAIL,
    );
    expect(out!.lines).toEqual({ slippage: '10', fees: '32.38', taxes: '0', queue: '0' });
    expect(out!.delta).toBe('42.38');
    // The same sell where 10 % were withheld: (5,000 − 10) × 10 % = 499.00.
    const [taxed] = realisticFills({ side: 'sell', limit: null }, { kind: 'taker', levels: bids }, sell, {
      ...BIST_RETAIL,
      gainsWithholdingRate: '0.1',
    });
    expect(taxed!.tax).toBe('499');
    expect(taxed!.delta).toBe('541.38');
  });
});

describe('a resting BTCUSDT limit order on Binance spot (VIP 0, 0.1 %)', () => {
  // Paper: the asks came down through the bid, 0.3 @ 59,999.50 and 0.2 @ 59,999.90, fee 0.1 %:
  // 17.99985 on 17,999.85, then 29.99983 − 17.99985 = 11.99998.
  const paper = [fill('11', '59999.50', '0.3', '17.99985'), fill('12', '59999.90', '0.2', '11.99998')];

  it('waits behind the 1.2 BTC ahead of it: the tape reached 0.2 of its 0.5', () => {
    const reach = queueReach('buy', '60000.00', '1.2', [
      { price: '60000.00', qty: '0.8' },
      { price: '60000.01', qty: '0.3' },
      { price: '60000.00', qty: '0.6' },
    ]);
    expect(reach).toEqual({ cleared: '0.2', through: false });
    const out = realisticFills(
      { side: 'buy', limit: '60000.00' },
      { kind: 'maker', reached: reachedQty(reach), before: '0' },
      paper,
      BINANCE_SPOT_VIP0,
    );
    // 0.2 @ 60,000 = 12,000 (fee 12) against 0.2 × 59,999.50 = 11,999.90 on paper: 0.10 slippage.
    // Fees against paper's on the same 0.2: 17.99985 × 0.2 / 0.3 = 11.9999, so 0.0001; the 0.3
    // never bought keep paper's fee in its cost, to leave with their gain (held-back.test.ts).
    expect(out.map((f) => [f.qty, f.avgPrice, f.fees.total, f.lines, f.delta])).toEqual([
      ['0.2', '60000', '12', { slippage: '0.1', fees: '0.0001', taxes: '0', queue: '0' }, '0.1001'],
      ['0', null, '0', { slippage: '0', fees: '0', taxes: '0', queue: '0' }, '0'],
    ]);
  });

  it('a print through the price fills it whole, at its limit, without the price improvement', () => {
    const reach = queueReach('buy', '60000.00', '1.2', [{ price: '59999.99', qty: '0.01' }]);
    expect(reach.through).toBe(true);
    const out = realisticFills(
      { side: 'buy', limit: '60000.00' },
      { kind: 'maker', reached: reachedQty(reach), before: '0' },
      paper,
      BINANCE_SPOT_VIP0,
    );
    // 18,000 − 17,999.85 = 0.15 and 12,000 − 11,999.98 = 0.02; fees 18 and 30 − 18 = 12.
    expect(out.map((f) => [f.qty, f.amount, f.fees.total, f.lines.slippage])).toEqual([
      ['0.3', '18000', '18', '0.15'],
      ['0.2', '12000', '12', '0.02'],
    ]);
  });

  it('a sell the queue held back leaves its gain unrealised (the queue line)', () => {
    // Sell 1 BTC at 61,000, nothing ahead, 0.4 printed there; paper filled 1 @ 61,000.50 on an
    // average cost of 60,000 (gain 1,000.50, fee 61.0005). Real: 0.4 @ 61,000 = 24,400, fee 24.4;
    // slippage 0.4 × 61,000.50 − 24,400 = 0.20; queue 1,000.50 × 0.6 = 600.30.
    const reach = queueReach('sell', '61000', '0', [{ price: '61000', qty: '0.4' }]);
    const [out] = realisticFills(
      { side: 'sell', limit: '61000' },
      { kind: 'maker', reached: reachedQty(reach), before: '0' },
      [fill('21', '61000.5', '1', '61.0005', '1000.5')],
      BINANCE_SPOT_VIP0,
    );
    expect(out!.lines).toEqual({ slippage: '0.2', fees: '-36.6005', taxes: '0', queue: '600.3' });
    expect(out!.delta).toBe('563.8995');
  });

  it('counts what earlier executions of the order already took from the reach', () => {
    // 0.5 reached, 0.4 filled before: this 0.3 fill gets 0.1 of it.
    const [out] = realisticFills(
      { side: 'buy', limit: '100' },
      { kind: 'maker', reached: '0.5', before: '0.4' },
      [fill('31', '99', '0.3', '0.0297')],
      BINANCE_SPOT_VIP0,
    );
    expect(out).toMatchObject({ qty: '0.1', amount: '10', avgPrice: '100' });
  });
});

describe('schedules', () => {
  it('USDⓈ-M futures VIP 0 is 0.02 % maker and 0.05 % taker', () => {
    expect(venueFees('10000', BINANCE_USDM_VIP0.makerRate, BINANCE_USDM_VIP0).total).toBe('2');
    expect(venueFees('10000', BINANCE_USDM_VIP0.takerRate, BINANCE_USDM_VIP0).total).toBe('5');
  });

  it('stocks price on BIST, coins on Binance spot', () => {
    expect(spotScheduleOf('stock')).toBe(BIST_RETAIL);
    expect(spotScheduleOf('coin')).toBe(BINANCE_SPOT_VIP0);
  });

  it('a walk stops at the limit and where the book runs out', () => {
    const walk = (to: string, limit: string | null) => walkSlice(THYAO_ASKS, 'buy', limit, '50', to);
    expect(walk('400', '300.25').qty.toFixed()).toBe('250');
    expect(walk('400', '300.25').amount.toFixed()).toBe('75050');
    expect(walk('1000', null).qty.toFixed()).toBe('750');
  });
});
