import { and, eq, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { AccountType } from '../../domain/protocol/account';

/** Whose rows: one user's, in one of their accounts (real or demo). A session is one. */
export type Owner = { userId: bigint; accountType: AccountType };

/**
 * A query kept to its owner's rows: the user AND the account, in one place, so no read or write
 * of a user's rows can name the user and forget the account (a demo order showing on the real
 * account, or the other way round).
 */
export function ownedBy(table: { userId: PgColumn; accountType: PgColumn }, owner: Owner): SQL {
  return and(eq(table.userId, owner.userId), eq(table.accountType, owner.accountType))!;
}
