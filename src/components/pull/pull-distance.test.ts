import { describe, expect, it } from 'vitest';
import { PULL_THRESHOLD_PX, pullDistance } from './pull-distance';

describe('the pull to refresh distance', () => {
  it('follows half the finger up to the threshold', () => {
    expect(pullDistance(0)).toBe(0);
    expect(pullDistance(-30)).toBe(0);
    expect(pullDistance(Number.NaN)).toBe(0);
    expect(pullDistance(40)).toBe(20);
    expect(pullDistance(128)).toBe(PULL_THRESHOLD_PX);
  });

  it('resists beyond it, towards 128 px and never past', () => {
    // 64 px over the threshold after halving: 64 + 64 × (1 − e⁻¹) = 104.4555…
    expect(pullDistance(256)).toBeCloseTo(104.4555, 3);
    expect(pullDistance(10_000)).toBeLessThanOrEqual(128);
    expect(pullDistance(10_000)).toBeGreaterThan(127.9);
  });
});
