import { describe, expect, it } from 'vitest';
import { equalDistribution } from './allocation';
import { leftoverRule } from './leftover-rule';
import { proRataAllocation } from './pro-rata';

/**
 * The rule each pool states is the rule its allocation runs, on hand-worked cases of 10 lots.
 * Equal split, four asking 5 (applied at t = 4, 1, 3, 2; ids a–d): ⌊10 / 4⌋ = 2 each and 2 lots
 * left over, one each in application time: b (t=1) and d (t=2).
 * Pro rata, asks 9, 3, 4, 4 (demand 20): 4.5, 1.5, 2, 2 → floors 4, 1, 2, 2 (9 allotted),
 * remainders (lots × 10 mod 20) 10, 10, 0, 0: the lot left goes to the larger remainder, the tie
 * between a and b to b, the earlier application.
 */
const at = (id: string, lots: bigint, appliedAt: number) => ({ id, lots, appliedAt });

describe('leftover lots, as each pool states them', () => {
  it('retail equal distribution: one each, in application time order', () => {
    expect(leftoverRule({ kind: 'retail', method: 'equal' })).toBe('application_time');
    const outcome = equalDistribution(10n, [at('a', 5n, 4), at('b', 5n, 1), at('c', 5n, 3), at('d', 5n, 2)]);
    if (!outcome.ok) throw new Error('refused');
    const lots = Object.fromEntries(outcome.allotments.map((x) => [x.id, x.allotted]));
    expect(lots).toEqual({ a: 2n, b: 3n, c: 2n, d: 3n });
  });

  it('the institutional tranche: pro rata to demand, the rest to the largest remainders', () => {
    expect(leftoverRule({ kind: 'institutional' })).toBe('largest_remainder');
    const outcome = proRataAllocation(10n, [at('a', 9n, 4), at('b', 3n, 1), at('c', 4n, 3), at('d', 4n, 2)]);
    if (!outcome.ok) throw new Error('refused');
    const lots = Object.fromEntries(outcome.allotments.map((x) => [x.id, x.allotted]));
    // a: 4.5 and b: 1.5 share the largest remainder; b applied first and takes the lot.
    expect(lots).toEqual({ a: 4n, b: 2n, c: 2n, d: 2n });
  });

  it('lotteries draw whole tickets; coin sales round tokens down', () => {
    expect(leftoverRule({ kind: 'retail', method: 'lottery' })).toBe('ticket_draw');
    expect(leftoverRule({ kind: 'coin_sale' })).toBe('rounded_down');
  });
});
