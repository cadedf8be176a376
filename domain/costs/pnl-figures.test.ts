import { describe, expect, it } from 'vitest';
import { pnlFigures } from './pnl-figures';

describe('the paper and realistic P&L figures shown', () => {
  it('truncates each to the kuruş and makes realistic from the figures shown, so the lines add up', () => {
    // Raw: paper 10.019, slippage 0.006, fees 6.315, taxes 0, queue −0.004 (Σ 6.317).
    // Half up each on its own: paper 10.02, lines 0.01 + 6.32 + 0 + 0.00 = 6.33, realistic
    // round(10.019 − 6.317 = 3.702) = 3.70 — but 10.02 − 6.33 = 3.69. Truncated: 10.01 − (0 + 6.31 +
    // 0 + 0) = 3.70, and every figure is what a reader adds.
    expect(
      pnlFigures({ paper: '10.019', slippage: '0.006', fees: '6.315', taxes: '0', queue: '-0.004' }, 2),
    ).toEqual({ paper: '10.01', realistic: '3.7', slippage: '0', fees: '6.31', taxes: '0', queue: '0' });
  });

  it('truncates toward zero on losses too, at a coin’s eight decimals', () => {
    // −2.123456789 → −2.12345678; fees −15.010000009 → −15.01; realistic −2.12345678 + 15.01 = 12.88654322.
    expect(
      pnlFigures(
        { paper: '-2.123456789', slippage: '0', fees: '-15.010000009', taxes: '0', queue: '0.000000001' },
        8,
      ),
    ).toEqual({
      paper: '-2.12345678',
      realistic: '12.88654322',
      slippage: '0',
      fees: '-15.01',
      taxes: '0',
      queue: '0',
    });
  });
});
