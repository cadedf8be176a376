import { and, eq, gt, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Session } from '../auth/session';
import { ownedBy } from '../db/owned';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../db/schema/ledger';

/**
 * Joins a dynamic query `from(ledgerEntries)` (drizzle cannot type a join on a generic selection,
 * so the caller selects and the helper joins) to each line's account and transaction, and keeps
 * the session account's lines that match `where`, posted after its latest demo reset when there is
 * one (what the day's figures count: a reset starts the day over).
 */
export function ownLinesAfterReset<T extends PgSelect>(
  qb: T,
  session: Session,
  reset: { id: bigint } | null,
  where: SQL | undefined,
) {
  return qb
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(
      and(ownedBy(ledgerAccounts, session), where, reset ? gt(ledgerTransactions.id, reset.id) : undefined),
    );
}
