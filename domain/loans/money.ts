import Decimal from 'decimal.js';
import { DAY_MS } from '../time';

/**
 * Loan money in Decimal (ARCHITECTURE rule 4), in kuruş, truncating as money does on this broker
 * (DECISIONS §3). Interest is simple and daily: one day's interest is the outstanding principal
 * × the daily rate, truncated to kuruş (an annual rate is divided by 365 first, inside the
 * truncation), and a term's interest is that day's figure × its days. The schedule shown before
 * applying and the accrual job use these same functions, so what was shown is what is charged.
 */
export const MONEY_SCALE = 2;
export const YEAR_DAYS = 365;

export type RateKind = 'daily' | 'annual';
export type LoanRate = { rateKind: RateKind; rate: Decimal.Value };

const LoanDecimal = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_DOWN });
const dec = (v: Decimal.Value) => new LoanDecimal(v);
const money = (v: Decimal) => v.toDecimalPlaces(MONEY_SCALE, Decimal.ROUND_DOWN);

/** The rate per day: a daily rate as is, an annual one over 365 (not truncated: kuruş are, later). */
export function dailyRate(terms: LoanRate): Decimal {
  const rate = dec(terms.rate);
  return terms.rateKind === 'daily' ? rate : rate.div(YEAR_DAYS);
}

/** One day's interest on `principal`, truncated to kuruş. */
export function dailyInterest(principal: Decimal.Value, terms: LoanRate): Decimal {
  return money(dec(principal).times(dailyRate(terms)));
}

export type LoanSchedule = {
  amount: Decimal;
  days: number;
  dailyInterest: Decimal;
  interest: Decimal;
  total: Decimal;
  /** Disbursement + days × 24 h. */
  dueAt: number;
};

/** What a loan of `amount` for `days` costs if repaid on its due date, disbursed at `start`. */
export function loanSchedule(
  amount: Decimal.Value,
  days: number,
  terms: LoanRate,
  start: number,
): LoanSchedule {
  const a = money(dec(amount));
  const perDay = dailyInterest(a, terms);
  const interest = perDay.times(days);
  return {
    amount: a,
    days,
    dailyInterest: perDay,
    interest,
    total: a.plus(interest),
    dueAt: start + days * DAY_MS,
  };
}

/** Whole days since disbursement: day k's interest is due once k × 24 h have passed. */
export function daysElapsed(disbursedAt: number, now: number): number {
  return now <= disbursedAt ? 0 : Math.floor((now - disbursedAt) / DAY_MS);
}

/** Overdue from the due instant on while anything is owed. */
export function isOverdue(dueAt: number, now: number, owed: Decimal.Value): boolean {
  return now >= dueAt && dec(owed).gt(0);
}

/** Whole days past due (0 before it): shown plainly on an overdue loan. */
export function overdueDays(dueAt: number, now: number): number {
  return now <= dueAt ? 0 : Math.floor((now - dueAt) / DAY_MS);
}

/**
 * A repayment pays the interest accrued and unpaid first, then principal. null when it is more
 * than is owed or not a positive amount in kuruş (no answer: ARCHITECTURE rule 4).
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
