import { and, eq, gt, gte, inArray, sql } from 'drizzle-orm';
import Decimal from 'decimal.js';
import type { LoanDebt } from '../../domain/protocol/account';
import type { Session } from '../auth/session';
import type { Db } from '../db/client';
import { ledgerEntries, ledgerTransactions } from '../db/schema/ledger';
import { loans } from '../db/schema/loans';
import type { MarketSource } from '../market/source';
import { dayWindows } from '../portfolio/day-trades';
import { LOAN_REASONS, LOAN_REFERENCE } from './postings';
import { owedOf } from './wire';

/**
 * What the account owes on its loans out, for the assets answer (a disbursed loan
 * would raise "Toplam varlık" with nothing showing the debt). `owed` is what the loan screen shows as owed
 * (principal outstanding + interest accrued − interest paid, owedOf); `interest` is the interest
 * posted since the stock day reference (the window `todayCash` uses for TRY, applied on the
 * database's clock like server/portfolio/day-cash), so the day's figure counts it as a cost while
 * the disbursement and repayments stay flows. Loans are the real account's: null for demo and
 * when nothing is out. `dbNow` is the database's clock in ms (server/portfolio/day-cash `ledgerDay`).
 */
export async function loanDebt(
  db: Db,
  market: MarketSource,
  session: Session,
  now: number,
  dbNow: number,
): Promise<LoanDebt | null> {
  if (session.accountType !== 'real') return null;
  const out = await db
    .select()
    .from(loans)
    .where(and(eq(loans.userId, session.userId), inArray(loans.status, ['active', 'repaying'])));
  if (out.length === 0) return null;
  const owed = out.reduce((sum, row) => sum.plus(owedOf(row, now)), new Decimal(0));
  const from = dayWindows(market, now).stock;
  const since = new Date(dbNow - Math.max(0, now - from));
  // An interest or penalty posting's two lines are the lender's and the interest account's: its
  // size is the positive one.
  const [row] = await db
    .select({ interest: sql<string | null>`sum(${ledgerEntries.amount})` })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(
      and(
        gt(ledgerEntries.amount, '0'),
        inArray(ledgerTransactions.reason, [LOAN_REASONS.interest, LOAN_REASONS.penalty]),
        eq(ledgerTransactions.referenceType, LOAN_REFERENCE),
        inArray(
          ledgerTransactions.referenceId,
          out.map((r) => String(r.id)),
        ),
        gte(ledgerTransactions.createdAt, since),
      ),
    );
  return {
    currency: 'TRY',
    owed: owed.toFixed(2),
    interest: new Decimal(row?.interest ?? 0).toFixed(2),
    count: out.length,
  };
}
