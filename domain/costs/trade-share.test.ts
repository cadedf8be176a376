import { describe, expect, it } from 'vitest';
import { realisticTradePnl } from './trade-share';

describe('a closed trade priced on a real venue', () => {
  const deltas = new Map([
    ['b1', '6.31'],
    ['s1', '12.4665'],
  ]);

  it('takes each fill’s delta for the share of it the trade closed', () => {
    // 100 − 6.31 × 40/120 − 12.4665 × 0.4/0.4 = 100 − 2.103333… − 12.4665 = 85.430166…
    const pnl = realisticTradePnl(
      '100',
      [
        { id: 'b1', qty: '40', of: '120' },
        { id: 's1', qty: '0.4', of: '0.4' },
      ],
      (id) => deltas.get(id),
    );
    expect(pnl?.toDecimalPlaces(6).toFixed()).toBe('85.430167');
  });

  it('is unknown when a fill has no counterpart', () => {
    expect(realisticTradePnl('100', [{ id: 'old', qty: '1', of: '1' }], (id) => deltas.get(id))).toBeNull();
  });
});
