import Decimal from 'decimal.js';
import { isOverdue, loanSchedule, overdueDays, type RateKind } from '../../domain/loans/money';
import type { Loan, LoanStatus } from '../../domain/protocol/loans';
import type { loans } from '../db/schema/loans';
import { canonical } from '../ledger/decimal';

export type LoanRow = typeof loans.$inferSelect;

/** Principal outstanding + interest accrued and not yet paid. */
export function owedOf(row: LoanRow): Decimal {
  return new Decimal(row.principalOutstanding).plus(row.interestAccrued).minus(row.interestPaid);
}

const money = (v: Decimal.Value) => new Decimal(v).toFixed(2);

/** A loan as the user sees it: the terms, the schedule on the amount at stake, and where it stands. */
export function loanOnWire(row: LoanRow, now: number, repaying: string | null = null): Loan {
  const rate = { rateKind: row.rateKind as RateKind, rate: row.rate };
  const base = row.principal ?? row.offeredAmount ?? row.amount;
  const schedule = loanSchedule(base, row.days, rate, row.disbursedAt ?? now);
  const owed = owedOf(row);
  const out = row.status === 'active' || row.status === 'repaying';
  return {
    id: String(row.id),
    status: row.status as LoanStatus,
    amount: money(row.amount),
    offeredAmount: row.offeredAmount === null ? null : money(row.offeredAmount),
    principal: row.principal === null ? null : money(row.principal),
    days: row.days,
    rateKind: rate.rateKind,
    rate: canonical(row.rate),
    dailyInterest: money(schedule.dailyInterest),
    interest: money(schedule.interest),
    total: money(schedule.total),
    interestAccrued: money(row.interestAccrued),
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
