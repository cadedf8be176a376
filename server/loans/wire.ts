import Decimal from 'decimal.js';
import { liveLoan, type LiveLoan, type LoanBooks } from '../../domain/loans/accrual';
import {
  isOverdue,
  loanSchedule,
  overdueDays,
  type LoanRates,
  type RateKind,
} from '../../domain/loans/money';
import type { Loan, LoanStatus } from '../../domain/protocol/loans';
import type { loans } from '../db/schema/loans';
import { canonical } from '../ledger/decimal';

export type LoanRow = typeof loans.$inferSelect;

export const ratesOf = (row: LoanRow): LoanRates => ({
  rateKind: row.rateKind as RateKind,
  rate: row.rate,
  penaltyRate: row.penaltyRate,
});

/** The loan's books for domain/loans/accrual.ts; null before it is disbursed. */
export function booksOf(row: LoanRow): LoanBooks | null {
  if (row.segmentFrom === null || row.dueAt === null) return null;
  return {
    principalOutstanding: row.principalOutstanding,
    chargesPosted: row.interestAccrued,
    penaltyPosted: row.penaltyAccrued,
    chargesPaid: row.interestPaid,
    segment: { principal: row.principalOutstanding, from: row.segmentFrom, dueAt: row.dueAt },
    segmentPosted: { interest: new Decimal(row.segmentInterest), penalty: new Decimal(row.segmentPenalty) },
  };
}

/**
 * A loan out as it stands at `now`. Charges accrue while it is active; while a repayment is under
 * review they stand where the user asked to repay (the request settled them up to then).
 */
export function liveOf(row: LoanRow, now: number): LiveLoan | null {
  const books = booksOf(row);
  if (!books) return null;
  if (row.status === 'active') return liveLoan(books, ratesOf(row), now);
  if (row.status === 'repaying') return liveLoan(books, ratesOf(row), row.accruedAt ?? now);
  return null;
}

/** Principal outstanding + charges accrued to `now` and not yet paid. */
export function owedOf(row: LoanRow, now: number): Decimal {
  const live = liveOf(row, now);
  if (live) return live.owed;
  return new Decimal(row.principalOutstanding).plus(row.interestAccrued).minus(row.interestPaid);
}

const money = (v: Decimal.Value) => new Decimal(v).toFixed(2);

/**
 * A loan as the user sees it: the terms, and the figures on the amount at stake — before
 * disbursement the schedule of the amount asked (or offered), once out the principal outstanding
 * and the charges accrued to the moment, once repaid what it cost.
 */
export function loanOnWire(row: LoanRow, now: number, repaying: string | null = null): Loan {
  const rates = ratesOf(row);
  const base = row.principal ?? row.offeredAmount ?? row.amount;
  const schedule = loanSchedule(base, row.days, rates, row.disbursedAt ?? now);
  const live = liveOf(row, now);
  const owed = owedOf(row, now);
  const repaid = row.status === 'repaid';
  // The row's interestAccrued holds every charge (its penaltyAccrued is a part of it); the wire
  // shows the interest and the penalty apart, so no screen counts the penalty twice.
  const interestOnly = new Decimal(row.interestAccrued).minus(row.penaltyAccrued);
  const figures = live
    ? {
        dailyInterest: live.dailyInterest,
        dailyPenalty: live.dailyPenalty,
        interest: live.interestInTotal,
        total: live.totalAtDue,
        interestAccrued: live.interestAccrued,
        penaltyAccrued: live.penaltyAccrued,
      }
    : {
        dailyInterest: repaid ? new Decimal(0) : schedule.dailyInterest,
        dailyPenalty: repaid ? new Decimal(0) : schedule.dailyPenalty,
        interest: repaid ? interestOnly : schedule.interest,
        total: repaid ? new Decimal(row.principalRepaid).plus(row.interestAccrued) : schedule.total,
        interestAccrued: interestOnly,
        penaltyAccrued: new Decimal(row.penaltyAccrued),
      };
  const out = row.status === 'active' || row.status === 'repaying';
  return {
    id: String(row.id),
    status: row.status as LoanStatus,
    amount: money(row.amount),
    offeredAmount: row.offeredAmount === null ? null : money(row.offeredAmount),
    principal: row.principal === null ? null : money(row.principal),
    principalOutstanding: money(row.principalOutstanding),
    days: row.days,
    rateKind: rates.rateKind,
    rate: canonical(row.rate),
    penaltyRate: canonical(row.penaltyRate),
    dailyInterest: money(figures.dailyInterest),
    dailyPenalty: money(figures.dailyPenalty),
    interest: money(figures.interest),
    total: money(figures.total),
    interestAccrued: money(figures.interestAccrued),
    penaltyAccrued: money(figures.penaltyAccrued),
    repaid: money(new Decimal(row.interestPaid).plus(row.principalRepaid)),
    owed: money(owed),
    repaying: repaying === null ? null : money(repaying),
    overdue: out && row.dueAt !== null && isOverdue(row.dueAt, now, owed),
    overdueDays: out && row.dueAt !== null ? overdueDays(row.dueAt, now) : 0,
    rejectReason: row.rejectReason,
    appliedAt: row.appliedAt,
    disbursedAt: row.disbursedAt,
    dueAt: row.dueAt,
    repaidAt: row.repaidAt,
  };
}
