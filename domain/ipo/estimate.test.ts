import { describe, expect, it } from 'vitest';
import { rng, seedFromEnv } from '../../tests/support/random';
import { demandGroups, equalDistribution, type Application } from './allocation';
import { expectedLots, expectedLotsAtLeast } from './estimate';

describe('expected lots, hand-computed', () => {
  it('is the share with the user added as the latest applicant', () => {
    // pool 100, others ask 15, 21, 30, 60; the user asks 90 → as in the allocation vector:
    // shares 20, 21, 21 → the user gets 21 (the one leftover lot goes to an earlier applicant).
    const others = demandGroups([15n, 21n, 30n, 60n]);
    expect(expectedLots(100n, others, 90n)).toBe(21n);
    // Asking 10 ≤ ⌊100/5⌋: the user gets all 10.
    expect(expectedLots(100n, others, 10n)).toBe(10n);
  });

  it('gives the whole request when nobody else applied and the pool covers it', () => {
    expect(expectedLots(1000n, [], 40n)).toBe(40n);
    expect(expectedLots(30n, [], 40n)).toBe(30n);
  });

  it('gives nothing when lots are fewer than applicants', () => {
    // 1 000 applicants asking 1 lot, pool 500: share ⌊500/1001⌋ = 0, leftovers go to earlier ones.
    expect(expectedLots(500n, [{ lots: 1n, applicants: 1000n }], 1n)).toBe(0n);
  });

  it('has a floor from the applicant count alone', () => {
    // ⌊1000 / (9 + 1)⌋ = 100.
    expect(expectedLotsAtLeast(1000n, 9n, 250n)).toBe(100n);
    expect(expectedLotsAtLeast(1000n, 9n, 40n)).toBe(40n);
  });

  it('has no answer for bad input', () => {
    expect(expectedLots(-1n, [], 1n)).toBeNull();
    expect(expectedLots(10n, [], 0n)).toBeNull();
    expect(expectedLots(10n, [{ lots: 0n, applicants: 1n }], 1n)).toBeNull();
    expect(expectedLotsAtLeast(10n, -1n, 1n)).toBeNull();
  });
});

describe('expected lots, seeded random demand', () => {
  it('equals what the allocation gives a latest applicant, and never falls below the floor', () => {
    const seed = seedFromEnv();
    const random = rng(seed);
    for (let run = 0; run < 300; run++) {
      const others: Application[] = Array.from({ length: Math.floor(random() * 15) }, (_, i) => ({
        id: `u${i}`,
        lots: BigInt(1 + Math.floor(random() * (random() < 0.4 ? 4 : 80))),
        appliedAt: Math.floor(random() * 10),
      }));
      const mine = BigInt(1 + Math.floor(random() * 100));
      const pool = BigInt(Math.floor(random() * 400));
      const estimate = expectedLots(pool, demandGroups(others.map((a) => a.lots)), mine);
      const outcome = equalDistribution(pool, [...others, { id: 'me', lots: mine, appliedAt: 100 }]);
      const context = `SEED=${seed} run ${run}`;
      expect(outcome.ok, context).toBe(true);
      if (!outcome.ok) return;
      expect(estimate, context).toBe(outcome.allotments.find((a) => a.id === 'me')?.allotted);
      const floor = expectedLotsAtLeast(pool, BigInt(others.length), mine);
      expect(floor !== null && estimate !== null && floor <= estimate, context).toBe(true);
    }
  });
});
