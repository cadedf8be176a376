import { describe, expect, it } from 'vitest';
import { afterglowInside, clusterScatter, lognormalPoints } from './clustering';

describe('a clustered variance over a window', () => {
  it('keeps the afterglow of a jump at a uniform step: the sums written out', () => {
    // One step: nothing after the jump is inside. Two: a jump at step 1 keeps 1 step of excess
    // (φ⁰), at step 2 none; average ½ of the unlimited 1/(1 − φ) = 25: 0.5/25 = 0.02.
    expect(afterglowInside(1, 0.96)).toBe(0);
    expect(afterglowInside(2, 0.96)).toBeCloseTo(0.02, 13);
    // Three: (1 + 0.96) + 1 + 0 = 2.96 over 3 steps, / 25 = 0.0394667.
    expect(afterglowInside(3, 0.96)).toBeCloseTo(2.96 / 3 / 25, 13);
    // A session of minutes: 1 − (1 − 0.96^480)/(480·0.04) = 0.9479167.
    expect(afterglowInside(480, 0.96)).toBeCloseTo(0.947916666827691, 12);
    expect(afterglowInside(480, 0)).toBe(0);
  });

  it('scatters by Σ φ^|i−j| / M²: the sums written out', () => {
    expect(clusterScatter(1, 0.96)).toBeCloseTo(1, 13);
    // Two steps: (2 + 2·0.96)/4 = 0.98. Three: (3 + 4·0.96 + 2·0.9216)/9 = 0.9648.
    expect(clusterScatter(2, 0.96)).toBeCloseTo(0.98, 12);
    expect(clusterScatter(3, 0.96)).toBeCloseTo(0.9648, 12);
    // 480 minutes (the 230,400-term sum, in 30-digit arithmetic): 0.0968750.
    expect(clusterScatter(480, 0.96)).toBeCloseTo(0.0968750000161024, 13);
    // Under a step counts as one; with no persistence the steps are independent.
    expect(clusterScatter(0.2, 0.96)).toBeCloseTo(1, 13);
    expect(clusterScatter(4, 0)).toBe(0.25);
  });

  it('spreads a lognormal of mean 1 on five Gauss–Hermite points', () => {
    // CV² 0.25: s² = ln 1.25; factors e^(s·z − s²/2) at z = −√(5+√10), −√(5−√10), 0.
    const { factors, weights } = lognormalPoints(0.25);
    expect(factors[0]).toBeCloseTo(0.2319695077539601, 14);
    expect(factors[1]).toBeCloseTo(0.47144942052790924, 14);
    expect(factors[2]).toBeCloseTo(0.8944271909999159, 14);
    expect(weights.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 15);
    // Mean 1 and E[f²] = 1 + CV² within the rule's error (e^(s·z) is not a polynomial).
    const moment = (k: number) => factors.reduce((sum, f, i) => sum + weights[i]! * f ** k, 0);
    expect(moment(1)).toBeCloseTo(1, 6);
    expect(moment(2)).toBeCloseTo(1.25, 4);
    expect(lognormalPoints(0)).toEqual({ factors: [1], weights: [1] });
  });
});
