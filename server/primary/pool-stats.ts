import { eq, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { AccountType } from '../../domain/protocol/account';
import type { Db } from '../db/client';

/** An offering's pool: how many applied (or committed) and the sum of what they asked for. */
export type PoolStats = { count: number; sum: string };

/**
 * The demand per offering (keyed by its id as text) in one account type's pool: real and demo
 * pools are allocated apart, so each reads only its own applications or commitments.
 */
export async function poolStats(
  db: Db,
  table: PgTable & { accountType: PgColumn },
  offering: PgColumn,
  amount: PgColumn,
  accountType: AccountType,
): Promise<Map<string, PoolStats>> {
  const rows = await db
    .select({
      id: sql<string>`${offering}::text`,
      count: sql<number>`count(*)::int`,
      sum: sql<string>`coalesce(sum(${amount}), 0)::text`,
    })
    .from(table)
    .where(eq(table.accountType, accountType))
    .groupBy(offering);
  return new Map(rows.map((r) => [r.id, { count: Number(r.count), sum: r.sum }]));
}
