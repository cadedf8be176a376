import { describe, expect, it } from 'vitest';
import { CREDIT_RULE, creditScore } from './score';

const DAY = 86_400_000;
const R = Date.parse('2026-01-01T00:00:00Z');

describe('the credit score rule', () => {
  it('starts a new account at the base', () => {
    const { score, changes } = creditScore(
      { registeredAt: R, kycApprovedAt: null, loanRepayments: [], liquidations: [] },
      R,
    );
    expect(score).toBe(60);
    expect(changes).toEqual([{ at: R, kind: 'base', points: 60, applied: 60, scoreAfter: 60 }]);
  });

  it('adds KYC and tenure, takes liquidations off, in date order (worked by hand)', () => {
    // Day 0 base 60; day 3 KYC +10 = 70; day 30 tenure +2 = 72; day 45 liquidation −5 = 67;
    // day 60 tenure +2 = 69; day 70 loan on time +5 = 74; day 80 late −10 = 64. At day 89: 64.
    const h = {
      registeredAt: R,
      kycApprovedAt: R + 3 * DAY,
      loanRepayments: [
        { at: R + 80 * DAY, onTime: false },
        { at: R + 70 * DAY, onTime: true },
      ],
      liquidations: [R + 45 * DAY],
    };
    const { score, changes } = creditScore(h, R + 89 * DAY);
    expect(score).toBe(64);
    expect(changes.map((c) => [c.kind, c.scoreAfter])).toEqual([
      ['base', 60],
      ['kyc_approved', 70],
      ['tenure', 72],
      ['liquidation', 67],
      ['tenure', 69],
      ['loan_repaid_on_time', 74],
      ['loan_repaid_late', 64],
    ]);
    // Day 90 adds the third tenure period: 66.
    expect(creditScore(h, R + 90 * DAY).score).toBe(66);
  });

  it('caps tenure at its maximum and clamps the score to [0, 100]', () => {
    const long = creditScore(
      { registeredAt: R, kycApprovedAt: R, loanRepayments: [], liquidations: [] },
      R + 1000 * DAY,
    );
    // 60 + 10 + 5 periods × 2 = 80: tenure stops at +10.
    expect(long.score).toBe(80);
    expect(long.changes.filter((c) => c.kind === 'tenure')).toHaveLength(5);
    const loans = Array.from({ length: 7 }, (_, i) => ({ at: R + (i + 1) * DAY, onTime: true }));
    const high = creditScore(
      { registeredAt: R, kycApprovedAt: null, loanRepayments: loans, liquidations: [] },
      R + 10 * DAY,
    );
    // 60 + 7 × 5 = 95; with KYC's 10 the 6th loan reaches 100 and the 7th applies nothing.
    expect(high.score).toBe(95);
    const capped = creditScore(
      { registeredAt: R, kycApprovedAt: R, loanRepayments: loans, liquidations: [] },
      R + 10 * DAY,
    );
    expect(capped.score).toBe(CREDIT_RULE.max);
    expect(capped.changes.at(-1)).toMatchObject({ points: 5, applied: 0, scoreAfter: 100 });
    const low = creditScore(
      {
        registeredAt: R,
        kycApprovedAt: null,
        loanRepayments: [],
        liquidations: Array.from({ length: 13 }, (_, i) => R + (i + 1) * DAY),
      },
      R + 20 * DAY,
    );
    // 60 − 12 × 5 = 0, the 13th applies nothing.
    expect(low.score).toBe(0);
    expect(low.changes.at(-1)).toMatchObject({ points: -5, applied: 0, scoreAfter: 0 });
  });

  it('ignores what lies after now', () => {
    const h = { registeredAt: R, kycApprovedAt: R + 5 * DAY, loanRepayments: [], liquidations: [] };
    expect(creditScore(h, R + 4 * DAY).score).toBe(60);
  });
});
