import Decimal from 'decimal.js';
import {
  dailyInterest,
  dailyPenalty,
  dailyPenaltyRate,
  dailyRate,
  interestFor,
  type LoanRates,
} from './money';

/**
 * A loan's charges run in segments of constant principal: one starts at disbursement, and a new
 * one where an approved repayment settled the interest (the instant it was asked for). Within a
 * segment the charges are computed whole from its start and rounded once, so a clock looking
 * every minute charges exactly what one looking once would: each look posts only the difference.
 */
export type Segment = {
  /** The principal outstanding through the segment. */
  principal: Decimal.Value;
  /** When it started. */
  from: number;
  /** The loan's due date: the penalty runs from it (or from the segment's start, if later). */
  dueAt: number;
};

export type Charges = { interest: Decimal; penalty: Decimal };

const ZERO = new Decimal(0);
const max0 = (v: Decimal) => (v.isNegative() ? ZERO : v);

/** A segment's interest and penalty from its start to `now`. */
export function segmentCharges(segment: Segment, rates: LoanRates, now: number): Charges {
  const { principal, from, dueAt } = segment;
  return {
    interest: interestFor(principal, dailyRate(rates), now - from),
    penalty: interestFor(principal, dailyPenaltyRate(rates), now - Math.max(from, dueAt)),
  };
}

/** What is still to post at `now`: the segment's charges less what was posted in it already. */
export function chargesDue(segment: Segment, rates: LoanRates, posted: Charges, now: number): Charges {
  const c = segmentCharges(segment, rates, now);
  return {
    interest: max0(c.interest.minus(posted.interest)),
    penalty: max0(c.penalty.minus(posted.penalty)),
  };
}

/** A loan out, as its books stand (charges posted so far, paid so far). */
export type LoanBooks = {
  principalOutstanding: Decimal.Value;
  /** Every charge posted since disbursement, interest and penalty. */
  chargesPosted: Decimal.Value;
  /** The penalty part of it. */
  penaltyPosted: Decimal.Value;
  /** Charges paid back so far. */
  chargesPaid: Decimal.Value;
  segment: Segment;
  /** What was posted in the current segment. */
  segmentPosted: Charges;
};

export type LiveLoan = {
  /** Charges accrued to `now` (interest and penalty), posted or not yet. */
  chargesAccrued: Decimal;
  /** The same apart, never overlapping: the interest alone, and the penalty alone. */
  interestAccrued: Decimal;
  penaltyAccrued: Decimal;
  /** Principal outstanding + charges accrued and unpaid. */
  owed: Decimal;
  /** A full day's interest, and a full day's penalty, on the principal outstanding. */
  dailyInterest: Decimal;
  dailyPenalty: Decimal;
  /** What repaying everything on the due date costs (now, if that is past). */
  totalAtDue: Decimal;
  /**
   * totalAtDue = principal outstanding + interestInTotal + penaltyInTotal: the unpaid charges in
   * it, split (the penalty is the part a repayment has not covered yet).
   */
  interestInTotal: Decimal;
  penaltyInTotal: Decimal;
};

/**
 * The figures a user sees of a loan out at `now`: they follow the principal outstanding, so a
 * partial repayment lowers the day's interest at once, and the charges accrue to the moment.
 */
export function liveLoan(books: LoanBooks, rates: LoanRates, now: number): LiveLoan {
  const pending = chargesDue(books.segment, rates, books.segmentPosted, now);
  const chargesAccrued = new Decimal(books.chargesPosted).plus(pending.interest).plus(pending.penalty);
  const principal = new Decimal(books.principalOutstanding);
  const owed = principal.plus(chargesAccrued).minus(books.chargesPaid);
  const atDue = chargesDue(books.segment, rates, books.segmentPosted, Math.max(now, books.segment.dueAt));
  const unpaidAtDue = new Decimal(books.chargesPosted)
    .plus(atDue.interest)
    .plus(atDue.penalty)
    .minus(books.chargesPaid);
  const penaltyAccrued = new Decimal(books.penaltyPosted).plus(pending.penalty);
  // Charges are repaid as one sum, so what is left of them is counted penalty first: a user who
  // paid some charges sees the penalty still owed in full, and the interest as the rest.
  const penaltyInTotal = Decimal.min(new Decimal(books.penaltyPosted).plus(atDue.penalty), unpaidAtDue);
  return {
    chargesAccrued,
    interestAccrued: chargesAccrued.minus(penaltyAccrued),
    penaltyAccrued,
    interestInTotal: max0(unpaidAtDue.minus(penaltyInTotal)),
    penaltyInTotal: max0(penaltyInTotal),
    owed,
    dailyInterest: dailyInterest(principal, rates),
    dailyPenalty: dailyPenalty(principal, rates),
    totalAtDue: principal.plus(unpaidAtDue),
  };
}
