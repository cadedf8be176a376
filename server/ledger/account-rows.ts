import { asc, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { ledgerAccounts } from '../db/schema/ledger';
import { accountCode, accountRow, type AccountRef, type SystemAccountRef } from './account-ref';

export type LockedAccount = {
  id: bigint;
  code: string;
  wallet: string;
  currency: string;
  /** available | frozen for users; the role for system accounts. */
  bucket: string;
  allowNegative: boolean;
  /** NUMERIC as the driver returns it. */
  balance: string;
};

/**
 * Makes sure every account exists, creating the missing ones, and answers their ids by code.
 * Missing codes are inserted in sorted order and without holding any row lock, so two
 * postings creating the same accounts wait for each other instead of deadlocking.
 */
export async function ensureAccounts(db: Db, refs: readonly AccountRef[]): Promise<Map<string, bigint>> {
  const byCode = new Map(refs.map((ref) => [accountCode(ref), ref]));
  const codes = [...byCode.keys()];
  const ids = new Map<string, bigint>();
  if (codes.length === 0) return ids;
  const existing = await db
    .select({ id: ledgerAccounts.id, code: ledgerAccounts.code })
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.code, codes));
  for (const row of existing) ids.set(row.code, row.id);
  const missing = codes.filter((code) => !ids.has(code)).sort();
  if (missing.length > 0) {
    await db
      .insert(ledgerAccounts)
      .values(missing.map((code) => accountRow(byCode.get(code) as AccountRef)))
      .onConflictDoNothing({ target: ledgerAccounts.code });
    const created = await db
      .select({ id: ledgerAccounts.id, code: ledgerAccounts.code })
      .from(ledgerAccounts)
      .where(inArray(ledgerAccounts.code, missing));
    for (const row of created) ids.set(row.code, row.id);
  }
  return ids;
}

/**
 * Locks the accounts for update in code order, the one global order postings lock in too
 * (see post.ts), so concurrent work on PostgreSQL queues up instead of deadlocking.
 */
export async function lockAccounts(db: Db, ids: readonly bigint[]): Promise<Map<bigint, LockedAccount>> {
  const rows = await db
    .select({
      id: ledgerAccounts.id,
      code: ledgerAccounts.code,
      wallet: ledgerAccounts.wallet,
      currency: ledgerAccounts.currency,
      bucket: ledgerAccounts.bucket,
      allowNegative: ledgerAccounts.allowNegative,
      balance: ledgerAccounts.balance,
    })
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.id, [...new Set(ids)]))
    .orderBy(asc(ledgerAccounts.code))
    .for('update');
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * Creates and locks system accounts before a transaction touches anyone's account. A transaction
 * that posts in several rounds must take the system accounts it will post to first, as the
 * trading writer's batches do (docs/partitions.md, "Lock order"): one that held a user's account
 * and then waited for a system account a batch holds could wait for a batch that waits for it.
 */
export async function lockSystemFirst(db: Db, refs: readonly SystemAccountRef[]): Promise<void> {
  const ids = await ensureAccounts(db, refs);
  await lockAccounts(db, [...ids.values()]);
}
