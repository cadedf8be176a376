import { and, eq, isNotNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../db/schema/ledger';
import { canonical } from './decimal';

export type LedgerProblem =
  | { kind: 'unbalanced'; transactionId: bigint; currency: string; sum: string }
  | { kind: 'too_few_entries'; transactionId: bigint; entries: number }
  | { kind: 'balance_mismatch'; accountId: bigint; code: string; stored: string; entries: string }
  | { kind: 'currency_mismatch'; accountId: bigint; code: string; entryCurrency: string }
  | { kind: 'negative'; accountId: bigint; code: string; balance: string };

/**
 * Audits the whole ledger against its own entries: every transaction balances per currency,
 * every stored balance equals the sum of its entries, and no user account is negative.
 * An empty answer means the books are clean.
 */
export async function verifyLedger(db: Db): Promise<LedgerProblem[]> {
  const problems: LedgerProblem[] = [];
  const unbalanced = await db
    .select({
      transactionId: ledgerEntries.transactionId,
      currency: ledgerEntries.currency,
      sum: sql<string>`sum(${ledgerEntries.amount})::text`,
    })
    .from(ledgerEntries)
    .groupBy(ledgerEntries.transactionId, ledgerEntries.currency)
    .having(sql`sum(${ledgerEntries.amount}) <> 0`);
  for (const row of unbalanced) problems.push({ kind: 'unbalanced', ...row, sum: canonical(row.sum) });

  // A transaction with fewer than two entries moved money from nowhere (or nothing at all).
  const thin = await db
    .select({ transactionId: ledgerTransactions.id, entries: sql<number>`count(${ledgerEntries.id})::int` })
    .from(ledgerTransactions)
    .leftJoin(ledgerEntries, eq(ledgerEntries.transactionId, ledgerTransactions.id))
    .groupBy(ledgerTransactions.id)
    .having(sql`count(${ledgerEntries.id}) < 2`);
  for (const row of thin) problems.push({ kind: 'too_few_entries', ...row });

  const mismatched = await db
    .select({
      accountId: ledgerAccounts.id,
      code: ledgerAccounts.code,
      stored: sql<string>`${ledgerAccounts.balance}::text`,
      entries: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)::text`,
    })
    .from(ledgerAccounts)
    .leftJoin(ledgerEntries, eq(ledgerEntries.accountId, ledgerAccounts.id))
    .groupBy(ledgerAccounts.id)
    .having(sql`${ledgerAccounts.balance} <> coalesce(sum(${ledgerEntries.amount}), 0)`);
  for (const row of mismatched)
    problems.push({
      kind: 'balance_mismatch',
      ...row,
      stored: canonical(row.stored),
      entries: canonical(row.entries),
    });

  const foreign = await db
    .selectDistinct({
      accountId: ledgerAccounts.id,
      code: ledgerAccounts.code,
      entryCurrency: ledgerEntries.currency,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(ne(ledgerEntries.currency, ledgerAccounts.currency));
  for (const row of foreign) problems.push({ kind: 'currency_mismatch', ...row });

  const negative = await db
    .select({
      accountId: ledgerAccounts.id,
      code: ledgerAccounts.code,
      balance: sql<string>`${ledgerAccounts.balance}::text`,
    })
    .from(ledgerAccounts)
    .where(
      and(
        lt(ledgerAccounts.balance, '0'),
        or(isNotNull(ledgerAccounts.userId), eq(ledgerAccounts.allowNegative, false)),
      ),
    );
  for (const row of negative) problems.push({ kind: 'negative', ...row, balance: canonical(row.balance) });
  return problems;
}
