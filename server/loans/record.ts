import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { loanRepayments, loans } from '../db/schema/loans';

/**
 * A user's borrowing record, for rules that judge it (a credit score, VIP):
 * repayments approved on time and late, loans repaid, and loans overdue now. Read from the loan
 * rows the ledger postings name, so it cannot disagree with the money.
 */
export type LoanRecord = {
  repaymentsOnTime: number;
  repaymentsLate: number;
  loansRepaid: number;
  /** Loans past their due date with money still owed. */
  loansOverdue: number;
};

export async function loanRecord(db: Db, userId: bigint): Promise<LoanRecord> {
  const [paid] = await db
    .select({
      onTime: sql<number>`count(*) filter (where not ${loanRepayments.late})::int`,
      late: sql<number>`count(*) filter (where ${loanRepayments.late})::int`,
    })
    .from(loanRepayments)
    .where(and(eq(loanRepayments.userId, userId), eq(loanRepayments.status, 'approved')));
  const [state] = await db
    .select({
      repaid: sql<number>`count(*) filter (where ${loans.status} = 'repaid')::int`,
      overdue: sql<number>`count(*) filter (where ${loans.status} in ('active', 'repaying') and ${loans.overdueAt} is not null)::int`,
    })
    .from(loans)
    .where(and(eq(loans.userId, userId), isNotNull(loans.appliedAt)));
  return {
    repaymentsOnTime: paid?.onTime ?? 0,
    repaymentsLate: paid?.late ?? 0,
    loansRepaid: state?.repaid ?? 0,
    loansOverdue: state?.overdue ?? 0,
  };
}

/**
 * Each loan repaid, when and whether on time, as the credit score's rule reads it
 * (domain/credit/score.ts): one event per loan — the repayment that cleared it — so paying a
 * loan in many small parts earns no more than paying it at once. Late: that repayment was asked
 * for after the due date.
 */
export async function loansRepaid(db: Db, userId: bigint): Promise<{ at: number; onTime: boolean }[]> {
  const rows = await db
    .select({ at: loanRepayments.decidedAt, late: loanRepayments.late })
    .from(loanRepayments)
    .where(
      and(
        eq(loanRepayments.userId, userId),
        eq(loanRepayments.status, 'approved'),
        eq(loanRepayments.settled, true),
      ),
    );
  return rows.flatMap((r) => (r.at === null ? [] : [{ at: r.at, onTime: !r.late }]));
}
