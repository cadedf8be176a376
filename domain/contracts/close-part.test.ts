import { describe, expect, it } from 'vitest';
import { closeEstimate } from './close-estimate';
import { closeMarginShare, closeQuantity, closingPart } from './close-part';

describe('closing part of a position', () => {
  it('takes the slider’s share of the quantity, down to the step; all of it at 100 %', () => {
    expect(closeQuantity('0.1', 50, 6)?.toFixed()).toBe('0.05');
    expect(closeQuantity('0.1', 25, 6)?.toFixed()).toBe('0.025');
    expect(closeQuantity('0.1', 75, 6)?.toFixed()).toBe('0.075');
    expect(closeQuantity('0.1', 100, 6)?.toFixed()).toBe('0.1');
    // 0.003 × 25 % = 0.00075 → 0.0007 at 4 places; 0.003 × 75 % = 0.00225 → 0.0022.
    expect(closeQuantity('0.003', 25, 4)?.toFixed()).toBe('0.0007');
    expect(closeQuantity('0.003', 75, 4)?.toFixed()).toBe('0.0022');
    // One step has no quarter.
    expect(closeQuantity('0.001', 25, 3)).toBeNull();
    expect(closeQuantity('0.001', 100, 3)?.toFixed()).toBe('0.001');
  });

  it('releases the margin’s share, rounded down at 8 places; all of it for the whole', () => {
    expect(closeMarginShare('500', '0.05', '0.1').toFixed()).toBe('250');
    // 100 × 1/3 = 33.333333333… → 33.33333333.
    expect(closeMarginShare('100', '1', '3').toFixed()).toBe('33.33333333');
    expect(closeMarginShare('100.00000001', '0.1', '0.1').toFixed()).toBe('100.00000001');
  });

  it('estimates half a long as a position of half the size and half the margin (hand-computed)', () => {
    const position = { side: 'long' as const, qty: '0.1', entryPrice: '50000', margin: '500' };
    const half = closingPart(position, '0.05');
    expect(half.qty).toBe('0.05');
    expect(half.margin).toBe('250');
    // At 51000: pnl 0.05 × 1000 = 50; fee 0.05 × 51000 × 0.0005 = 1.275; back 250 + 50 − 1.275.
    const estimate = closeEstimate(half, '51000', { feeRate: '0.0005', liquidationFeeRate: '0.005' });
    expect(estimate?.pnl.toFixed()).toBe('50');
    expect(estimate?.fee.toFixed()).toBe('1.275');
    expect(estimate?.returned.toFixed()).toBe('298.725');
  });
});
