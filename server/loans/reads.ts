import { and, eq, inArray } from 'drizzle-orm';
import type { Loan } from '../../domain/protocol/loans';
import type { Session } from '../auth/session';
import type { Db } from '../db/client';
import { loanRepayments, loans } from '../db/schema/loans';
import { loanOnWire } from './wire';
import { newestPage } from '../db/newest-page';

/** The user's loans, newest first, with any repayment under review. */
export async function listLoans(
  db: Db,
  session: Session,
  input: { page: number; size: number },
  now: number,
): Promise<{ list: Loan[]; total: number; page: number; size: number }> {
  // Loans are the real account's; a demo session has none.
  if (session.accountType !== 'real') return { list: [], total: 0, page: input.page, size: input.size };
  const where = eq(loans.userId, session.userId);
  const { rows, total } = await newestPage(db, loans, where, input);
  const ids = rows.filter((r) => r.status === 'repaying').map((r) => r.id);
  const pending =
    ids.length === 0
      ? []
      : await db
          .select({ loanId: loanRepayments.loanId, amount: loanRepayments.amount })
          .from(loanRepayments)
          .where(and(inArray(loanRepayments.loanId, ids), eq(loanRepayments.status, 'review')));
  return {
    list: rows.map((row) => loanOnWire(row, now, pending.find((p) => p.loanId === row.id)?.amount ?? null)),
    total,
    page: input.page,
    size: input.size,
  };
}
