import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { heldBackAfter, sellableOnVenue } from './held-back';
import { realisticFills, type PaperFill, type RealisticFill } from './realistic';
import { BINANCE_SPOT_VIP0 } from './schedules';

const sum = (fills: readonly RealisticFill[]) =>
  fills.reduce((s, f) => s.plus(f.delta), new Decimal(0)).toFixed();

/**
 * A resting buy of 0.5 BTC at 60,000 that paper filled whole while the queue ahead let a real
 * order have 0.2; the price rises and the 0.5 are sold at market at 61,000 (Binance spot, 0.1 %).
 */
describe('units the queue kept from a buy are not sold for real either', () => {
  // Paper: 0.5 @ 60,000 = 30,000, fee 30: average cost (30,000 + 30) / 0.5 = 60,060.
  const buy: PaperFill = { id: '1', price: '60000', qty: '0.5', fees: '30', gain: null };
  // Paper: 0.5 @ 61,000 = 30,500, fee 30.5; gain (61,000 − 60,060) × 0.5 = 470, realised 439.5.
  const sell: PaperFill = { id: '2', price: '61000', qty: '0.5', fees: '30.5', gain: '470' };
  const bids = [['61000', '1']] as const;

  it('realistic P&L counts the 0.2 bought for real only', () => {
    const [bought] = realisticFills(
      { side: 'buy', limit: '60000' },
      { kind: 'maker', reached: '0.2', before: '0' },
      [buy],
      BINANCE_SPOT_VIP0,
    );
    // Real: 0.2 @ 60,000 = 12,000, fee 12, against paper's fee on those 0.2 (30 × 0.4 = 12): 0.
    expect(bought).toMatchObject({ qty: '0.2', amount: '12000', delta: '0' });
    const heldBack = heldBackAfter('0', 'buy', buy.qty, bought!.qty);
    expect(heldBack).toBe('0.3');
    // Paper holds 0.5, a real account 0.5 − 0.3 = 0.2.
    const sellable = sellableOnVenue('0.5', heldBack);
    expect(sellable).toBe('0.2');
    const [sold] = realisticFills(
      { side: 'sell', limit: null, sellable },
      { kind: 'taker', levels: bids },
      [sell],
      BINANCE_SPOT_VIP0,
    );
    // Real: 0.2 @ 61,000 = 12,200, fee 12.2 (paper's 30.5: −18.3); the 0.3 never bought leave
    // their gain, 940 × 0.3 = 282, to the queue line.
    expect(sold).toMatchObject({ qty: '0.2', amount: '12200', tax: '0', delta: '263.7' });
    expect(sold!.lines).toEqual({ slippage: '0', fees: '-18.3', taxes: '0', queue: '282' });
    expect(heldBackAfter(heldBack, 'sell', sell.qty, sold!.qty)).toBe('0');
    // Paper 439.5 − Σ deltas 263.7 = 175.8, what a real account made: 12,200 − 12.2 − 12,012.
    expect(new Decimal('439.5').minus(sum([bought!, sold!])).toFixed()).toBe('175.8');
    expect(new Decimal('12200').minus('12.2').minus('12012').toFixed()).toBe('175.8');
  });

  it('a sell reaches the units held back last: a holder of 0.2 sells 0.2 of 0.5 first', () => {
    // Paper sells 0.2 of its 0.5 first (gain 940 × 0.2 = 188): the real account has all 0.2.
    const part = { ...sell, qty: '0.2', fees: '12.2', gain: '188' };
    const [first] = realisticFills(
      { side: 'sell', limit: null, sellable: sellableOnVenue('0.5', '0.3') },
      { kind: 'taker', levels: bids },
      [part],
      BINANCE_SPOT_VIP0,
    );
    expect(first).toMatchObject({ qty: '0.2', delta: '0' });
    // Then the other 0.3 (gain 282, fee 18.3): the real account has none left.
    const rest = { ...sell, qty: '0.3', fees: '18.3', gain: '282' };
    const [second] = realisticFills(
      { side: 'sell', limit: null, sellable: sellableOnVenue('0.3', '0.3') },
      { kind: 'taker', levels: bids },
      [rest],
      BINANCE_SPOT_VIP0,
    );
    expect(second).toMatchObject({ qty: '0', amount: '0', avgPrice: null });
    expect(second!.lines).toEqual({ slippage: '0', fees: '-18.3', taxes: '0', queue: '282' });
  });

  it('a sell the queue held back leaves units the real account still holds: negative', () => {
    // Paper sold 1, a real order 0.4: the real account holds 0.6 more than paper.
    expect(heldBackAfter('0', 'sell', '1', '0.4')).toBe('-0.6');
    expect(sellableOnVenue('0.5', '-0.6')).toBe('1.1');
    expect(sellableOnVenue('0.2', '0.3')).toBe('0');
  });
});
