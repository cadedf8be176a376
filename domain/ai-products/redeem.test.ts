import { describe, expect, it } from 'vitest';
import { redeemEstimate } from './redeem';

const COSTS = { commissionRate: '0.0015', minCommission: '0', bsmvRate: '0.05', exchangeFeeRate: '0.00003' };

describe('redeemEstimate', () => {
  it('sells each holding with its own costs, by hand', () => {
    // 273 × 23 = 6279: commission 9.4185 → 9.42, BSMV 0.471 → 0.47, fee 0.18837 → 0.19: 10.08.
    // 109 × 56 = 6104: 9.156 → 9.16, 0.458 → 0.46, 0.18312 → 0.18: 9.80.
    // Net 46.74 + 6279 − 10.08 + 6104 − 9.80 = 12409.86 (the flow test's redemption, booked).
    expect(
      redeemEstimate(
        '46.74',
        [
          { qty: '273', price: '23' },
          { qty: '109', price: '56' },
        ],
        COSTS,
      ),
    ).toEqual({ costs: '19.88', net: '12409.86' });
  });

  it('is the cash alone with nothing held, and a holding without a price is worth nothing', () => {
    expect(redeemEstimate('12.5', [], COSTS)).toEqual({ costs: '0', net: '12.5' });
    expect(redeemEstimate('0', [{ qty: '10', price: null }], COSTS)).toEqual({ costs: '0', net: '0' });
  });
});
