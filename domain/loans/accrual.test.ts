import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { chargesDue, liveLoan, segmentCharges, type Charges, type LoanBooks } from './accrual';
import { DAY_MS } from '../time';

const T0 = Date.parse('2026-11-23T09:00:00Z');
const HOUR = 3_600_000;
const rates = { rateKind: 'daily' as const, rate: '0.0005', penaltyRate: '0.0005' };
const none: Charges = { interest: new Decimal(0), penalty: new Decimal(0) };
const fixed = (c: Charges) => [c.interest.toFixed(2), c.penalty.toFixed(2)];

describe('loan charges by segment, worked by hand', () => {
  it('a loan repaid 17 s after disbursement owes a started kuruş', () => {
    const segment = { principal: '12345.67', from: T0, dueAt: T0 + 7 * DAY_MS };
    // 12,345.67 × 0.0005 × 17 / 86,400 = 0.0012145… → 0.01; no penalty before the due date
    expect(fixed(segmentCharges(segment, rates, T0 + 17_000))).toEqual(['0.01', '0.00']);
    const books: LoanBooks = {
      principalOutstanding: '12345.67',
      chargesPosted: '0',
      penaltyPosted: '0',
      chargesPaid: '0',
      segment,
      segmentPosted: none,
    };
    expect(liveLoan(books, rates, T0 + 17_000).owed.toFixed(2)).toBe('12345.68');
  });

  it('a clock looking every minute posts what one look would, no more', () => {
    const segment = { principal: '10000', from: T0, dueAt: T0 + 30 * DAY_MS };
    let posted = { interest: new Decimal(0), penalty: new Decimal(0) };
    for (let t = T0 + 60_000; t <= T0 + DAY_MS; t += 60_000) {
      const d = chargesDue(segment, rates, posted, t);
      posted = { interest: posted.interest.plus(d.interest), penalty: posted.penalty.plus(d.penalty) };
    }
    // 10,000 × 0.0005 × 1 day = 5.00, whatever the steps
    expect(fixed(posted)).toEqual(['5.00', '0.00']);
  });

  it('after a partial repayment the figures follow the new principal', () => {
    // 10,000 from T0; at T0 + 3 d + 1 h: 5 × (3 + 1/24) = 15.208333… → 15.21 accrued.
    // 2,015.21 repaid then: 15.21 charges, 2,000 principal → 8,000 from T0 + 3 d + 1 h.
    const at = T0 + 3 * DAY_MS + HOUR;
    const first = { principal: '10000', from: T0, dueAt: T0 + 30 * DAY_MS };
    expect(fixed(segmentCharges(first, rates, at))).toEqual(['15.21', '0.00']);
    const books: LoanBooks = {
      principalOutstanding: '8000',
      chargesPosted: '15.21',
      penaltyPosted: '0',
      chargesPaid: '15.21',
      segment: { principal: '8000', from: at, dueAt: T0 + 30 * DAY_MS },
      segmentPosted: none,
    };
    // a day's interest is 8,000 × 0.0005 = 4.00 (no longer 5.00)
    const half = liveLoan(books, rates, at + 12 * HOUR);
    expect(half.dailyInterest.toFixed(2)).toBe('4.00');
    // 12 h on 8,000: 2.00 → accrued 15.21 + 2.00 = 17.21, owed 8,000 + 17.21 − 15.21 = 8,002.00
    expect(half.chargesAccrued.toFixed(2)).toBe('17.21');
    expect(half.owed.toFixed(2)).toBe('8002.00');
    // Due at T0 + 30 d: 26 d 23 h on 8,000 = 4 × (26 + 23/24) = 107.833… → 107.84; total 8,107.84
    expect(half.totalAtDue.toFixed(2)).toBe('8107.84');
  });

  it('past the due date the penalty accrues on top, from the due instant', () => {
    const due = T0 + 30 * DAY_MS;
    const from = T0 + 3 * DAY_MS + HOUR;
    const segment = { principal: '8000', from, dueAt: due };
    // 2 d 6 h past due: interest 4 × (26 d 23 h + 2 d 6 h = 29 d 5 h) = 4 × 29.208333… = 116.833… → 116.84
    // penalty 8,000 × 0.0005 × 2.25 = 9.00
    const now = due + 2 * DAY_MS + 6 * HOUR;
    expect(fixed(segmentCharges(segment, rates, now))).toEqual(['116.84', '9.00']);
    // 8.00 interest was posted already in the segment: the rest is due now
    const posted = { interest: new Decimal('8.00'), penalty: new Decimal(0) };
    expect(fixed(chargesDue(segment, rates, posted, now))).toEqual(['108.84', '9.00']);
    const live = liveLoan(
      {
        principalOutstanding: '8000',
        chargesPosted: '23.21',
        penaltyPosted: '0',
        chargesPaid: '15.21',
        segment,
        segmentPosted: posted,
      },
      rates,
      now,
    );
    // accrued 23.21 + 108.84 + 9.00 = 141.05; owed 8,000 + 141.05 − 15.21 = 8,125.84
    expect(live.chargesAccrued.toFixed(2)).toBe('141.05');
    expect(live.penaltyAccrued.toFixed(2)).toBe('9.00');
    // Apart, never overlapping: interest 23.21 + 108.84 = 132.05, and 132.05 + 9.00 = 141.05.
    expect(live.interestAccrued.toFixed(2)).toBe('132.05');
    // In the total: unpaid 141.05 − 15.21 = 125.84, the 9.00 penalty all still owed, so
    // 8,000 + 116.84 interest + 9.00 penalty = 8,125.84.
    expect(live.penaltyInTotal.toFixed(2)).toBe('9.00');
    expect(live.interestInTotal.toFixed(2)).toBe('116.84');
    expect(live.owed.toFixed(2)).toBe('8125.84');
    // past due, the total is what is owed now; a day costs 4.00 interest + 4.00 penalty
    expect(live.totalAtDue.toFixed(2)).toBe('8125.84');
    expect(live.dailyPenalty.toFixed(2)).toBe('4.00');
  });

  it('a segment that starts after the due date runs its penalty from its own start', () => {
    const due = T0 + 7 * DAY_MS;
    const segment = { principal: '1000', from: due + DAY_MS, dueAt: due };
    // 1 day on 1,000: interest 0.50, penalty 0.50 (not 1.00 from the due date)
    expect(fixed(segmentCharges(segment, rates, due + 2 * DAY_MS))).toEqual(['0.50', '0.50']);
  });
});
