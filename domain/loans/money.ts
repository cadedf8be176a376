import Decimal from 'decimal.js';
import { DAY_MS } from '../time';

/**
 * Loan money in Decimal (ARCHITECTURE rule 4), in kuruş. Interest is simple and accrues by the
 * millisecond from disbursement on the principal outstanding: principal × daily rate × elapsed
 * / 24 h (an annual rate is divided by 365 first). A charge is rounded UP to the kuruş — a
 * started kuruş is charged — so no loan, however short, is free; the schedule says so before
 * applying. Past its due date a loan also accrues the disclosed penalty rate on the principal
 * outstanding, from the due instant. The schedule shown before applying and the accrual job use
 * these same functions, so what was shown is what is charged.
 */
export const MONEY_SCALE = 2;
export const YEAR_DAYS = 365;

export type RateKind = 'daily' | 'annual';
export type LoanRate = { rateKind: RateKind; rate: Decimal.Value };
/** The rate and the penalty rate, both of `rateKind`, as granted when the user applied. */
export type LoanRates = LoanRate & { penaltyRate: Decimal.Value };

const LoanDecimal = Decimal.clone({ precision: 60, rounding: Decimal.ROUND_DOWN });
const dec = (v: Decimal.Value) => new LoanDecimal(v);
const money = (v: Decimal) => v.toDecimalPlaces(MONEY_SCALE, Decimal.ROUND_DOWN);
const charge = (v: Decimal) => v.toDecimalPlaces(MONEY_SCALE, Decimal.ROUND_UP);

/** The rate per day: a daily rate as is, an annual one over 365 (not rounded: charges are, later). */
export function dailyRate(terms: LoanRate): Decimal {
  const rate = dec(terms.rate);
  return terms.rateKind === 'daily' ? rate : rate.div(YEAR_DAYS);
}

/** The penalty rate per day, on the same footing as the rate. */
export function dailyPenaltyRate(terms: LoanRates): Decimal {
  return dailyRate({ rateKind: terms.rateKind, rate: terms.penaltyRate });
}

/** Interest on `principal` over `ms` milliseconds at `perDay`, a started kuruş charged. */
export function interestFor(principal: Decimal.Value, perDay: Decimal, ms: number): Decimal {
  if (ms <= 0) return dec(0);
  return charge(dec(principal).times(perDay).times(ms).div(DAY_MS));
}

/** One full day's interest on `principal`. */
export function dailyInterest(principal: Decimal.Value, terms: LoanRate): Decimal {
  return interestFor(principal, dailyRate(terms), DAY_MS);
}

/** One full day's penalty on `principal` once overdue (on top of the day's interest). */
export function dailyPenalty(principal: Decimal.Value, terms: LoanRates): Decimal {
  return interestFor(principal, dailyPenaltyRate(terms), DAY_MS);
}

export type LoanSchedule = {
  amount: Decimal;
  days: number;
  dailyInterest: Decimal;
  interest: Decimal;
  total: Decimal;
  /** Disbursement + days × 24 h. */
  dueAt: number;
  /** Charged per day past the due date, on top of the day's interest, while the amount is owed. */
  dailyPenalty: Decimal;
};

/** What a loan of `amount` for `days` costs if repaid on its due date, disbursed at `start`. */
export function loanSchedule(
  amount: Decimal.Value,
  days: number,
  terms: LoanRates,
  start: number,
): LoanSchedule {
  const a = money(dec(amount));
  const interest = interestFor(a, dailyRate(terms), days * DAY_MS);
  return {
    amount: a,
    days,
    dailyInterest: dailyInterest(a, terms),
    interest,
    total: a.plus(interest),
    dueAt: start + days * DAY_MS,
    dailyPenalty: dailyPenalty(a, terms),
  };
}

/** Overdue from the due instant while anything is owed. */
export function isOverdue(dueAt: number, now: number, owed: Decimal.Value): boolean {
  return now >= dueAt && dec(owed).gt(0);
}

/** Whole days past due (0 before it): shown plainly on an overdue loan. */
export function overdueDays(dueAt: number, now: number): number {
  return now <= dueAt ? 0 : Math.floor((now - dueAt) / DAY_MS);
}

/**
 * A repayment pays the interest (and penalty) accrued and unpaid first, then principal. null
 * when it is more than is owed or not a positive amount in kuruş (no answer: ARCHITECTURE rule 4).
 */
export function allocateRepayment(
  amount: Decimal.Value,
  interestUnpaid: Decimal.Value,
  principalOutstanding: Decimal.Value,
): { interest: Decimal; principal: Decimal } | null {
  const a = dec(amount);
  if (a.lte(0) || a.decimalPlaces() > MONEY_SCALE) return null;
  const interest = Decimal.min(a, dec(interestUnpaid));
  const principal = a.minus(interest);
  if (principal.gt(dec(principalOutstanding))) return null;
  return { interest, principal };
}
