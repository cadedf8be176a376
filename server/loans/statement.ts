import Decimal from 'decimal.js';
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import {
  LOAN_STATEMENT_REASONS,
  type LoanStatement,
  type LoanStatementReason,
} from '../../domain/protocol/loans';
import type { Session } from '../auth/session';
import type { Db } from '../db/client';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../db/schema/ledger';
import { loanRepayments, loans } from '../db/schema/loans';
import { ApiError } from '../http/errors';
import { accountCode, systemAccount } from '../ledger/account-ref';
import { checkReal } from './terms';
import { LOAN_REFERENCE } from './postings';

const LENDER = accountCode(systemAccount('loans', 'TRY'));

/**
 * One loan's account, read from the ledger — the disbursement, each
 * interest and penalty charge under its own reason, each repayment — with what was owed after
 * each. The lender's line of each posting is the change in what the user owes (its sign turned),
 * so the statement cannot disagree with the books.
 */
export async function loanStatement(db: Db, session: Session, id: bigint): Promise<LoanStatement> {
  checkReal(session);
  const [loan] = await db
    .select({ id: loans.id })
    .from(loans)
    .where(and(eq(loans.id, id), eq(loans.userId, session.userId)));
  if (!loan) throw new ApiError('LOAN_NOT_FOUND');
  const repayments = await db
    .select({ id: loanRepayments.id })
    .from(loanRepayments)
    .where(eq(loanRepayments.loanId, id));
  const references = [
    and(eq(ledgerTransactions.referenceType, LOAN_REFERENCE), eq(ledgerTransactions.referenceId, String(id))),
  ];
  if (repayments.length > 0)
    references.push(
      and(
        eq(ledgerTransactions.referenceType, 'loan_repayment'),
        inArray(
          ledgerTransactions.referenceId,
          repayments.map((r) => String(r.id)),
        ),
      ),
    );
  const rows = await db
    .select({
      id: ledgerTransactions.id,
      at: sql<string>`(extract(epoch from ${ledgerTransactions.createdAt}) * 1000)::bigint::text`,
      reason: ledgerTransactions.reason,
      amount: ledgerEntries.amount,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(and(eq(ledgerAccounts.code, LENDER), or(...references)))
    .orderBy(asc(ledgerTransactions.id));
  const known = (reason: string): reason is LoanStatementReason =>
    (LOAN_STATEMENT_REASONS as readonly string[]).includes(reason);
  let owed = new Decimal(0);
  const list = rows.flatMap((r) => {
    if (!known(r.reason)) return [];
    const change = new Decimal(r.amount).neg();
    owed = owed.plus(change);
    return [
      {
        id: String(r.id),
        at: Number(r.at),
        reason: r.reason,
        amount: change.toFixed(2),
        owedAfter: owed.toFixed(2),
      },
    ];
  });
  return { id: String(id), list: list.reverse() };
}
