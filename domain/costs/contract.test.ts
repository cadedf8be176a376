import { describe, expect, it } from 'vitest';
import { contractCounterpart, fundingCounterpart } from './contract';

/** Asks and bids of a thin perpetual book, best first. */
const ASKS = [
  ['100', '1'],
  ['101', '2'],
] as const;
const BIDS = [
  ['110', '1'],
  ['109', '1'],
] as const;

describe('contract fills on a real USDⓈ-M venue (hand-computed)', () => {
  it('a market opening that eats two levels: slippage against a top-of-book paper fill, the VIP 0 taker fee', () => {
    // Paper filled 1.5 at 100 (150 USDT, fee 0.04 % = 0.06); the book walked: 1 × 100 + 0.5 × 101 = 150.5.
    const c = contractCounterpart('buy', ASKS, [{ price: '100', qty: '1.5' }], '0.06');
    expect(c.qty).toBe('1.5');
    expect(c.avgPrice).toBe('100.333333333333'); // 150.5 / 1.5, to 8 + 4 decimals
    expect(c.fee).toBe('0.07525'); // 150.5 × 0.05 %
    expect(c.lines).toEqual({ slippage: '0.5', fees: '0.01525', taxes: '0', queue: '0' });
    expect(c.delta).toBe('0.51525');
  });

  it('an opening past a thin book: paper’s whole fee against the venue’s on what the walk reached', () => {
    // Paper filled 4 at 100 (fee 0.16, charged to the position at once); the asks hold 3: 1 × 100 +
    // 2 × 101 = 302, fee 0.151. Fees 0.151 − 0.16 = −0.009, not against paper's fee on 3 of 4.
    const c = contractCounterpart('buy', ASKS, [{ price: '100', qty: '4' }], '0.16');
    expect(c.qty).toBe('3');
    expect(c.lines.fees).toBe('-0.009');
  });

  it('a close that walked the same two levels as paper: no slippage, only the fee difference', () => {
    // Sell 1.5: 1 × 110 + 0.5 × 109 = 164.5 on both; paper fee 0.04 % = 0.0658, real 0.05 % = 0.08225.
    const fills = [
      { price: '110', qty: '1' },
      { price: '109', qty: '0.5' },
    ];
    const c = contractCounterpart('sell', BIDS, fills, '0.0658');
    expect(c.lines).toEqual({ slippage: '0', fees: '0.01645', taxes: '0', queue: '0' });
    expect(c.fee).toBe('0.08225');
    expect(c.delta).toBe('0.01645');
  });

  it('a sell the paper book filled better than the real one: slippage is what the real walk gave less', () => {
    // Paper 1.5 at 110 = 165; real 164.5: 0.5 USDT less. Paper fee 0, real 0.08225.
    const c = contractCounterpart('sell', BIDS, [{ price: '110', qty: '1.5' }], '0');
    expect(c.lines.slippage).toBe('0.5');
    expect(c.delta).toBe('0.58225');
  });

  it('one 8 h funding period: notional at the mark × the rate, as the paper position pays it', () => {
    // Long 1.5 at mark 100.2, 0.01 %: 150.3 × 0.0001 = 0.01503 paid; a short receives it.
    expect(fundingCounterpart('long', '1.5', '100.2', '0.01', '0.01503')).toEqual({
      paid: '0.01503',
      line: '0',
    });
    expect(fundingCounterpart('short', '1.5', '100.2', '0.01', '-0.01503')).toEqual({
      paid: '-0.01503',
      line: '0',
    });
    // No published rate: the venue's interest part (0.01 %); paper charged nothing.
    expect(fundingCounterpart('long', '1.5', '100.2', null, '0')).toEqual({
      paid: '0.01503',
      line: '0.01503',
    });
  });
});
