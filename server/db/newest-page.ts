import { count, desc, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { offsetOf } from '../content/paging';
import type { Db } from './client';

/**
 * One page of a table's rows, newest first (ids only grow), and how many rows match in all: the
 * lists of a user's orders, loans and messages page this way.
 */
export async function newestPage<T extends PgTable & { id: PgColumn }>(
  db: Db,
  table: T,
  where: SQL | undefined,
  page: { page: number; size: number },
): Promise<{ rows: T['$inferSelect'][]; total: number }> {
  // drizzle cannot type a select from a table it only knows as generic: the rows are the table's.
  const rows = (await db
    .select()
    .from(table as PgTable)
    .where(where)
    .orderBy(desc(table.id))
    .limit(page.size)
    .offset(offsetOf(page.page, page.size))) as T['$inferSelect'][];
  const [total] = await db
    .select({ n: count() })
    .from(table as PgTable)
    .where(where);
  return { rows, total: total?.n ?? 0 };
}
