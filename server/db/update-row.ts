import { eq } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from './client';

/**
 * Sets columns of one row, by its id, and answers the row as it now is (as it was, should the
 * update return nothing): how a row just inserted notes the ledger transaction that moved its money.
 */
export async function updateRow<T extends PgTable & { id: PgColumn }>(
  tx: Db,
  table: T,
  row: T['$inferSelect'] & { id: bigint },
  set: PgUpdateSetSource<T>,
): Promise<T['$inferSelect']> {
  // drizzle cannot type an update of a table it only knows as generic: the rows are the table's.
  const [done] = (await tx
    .update(table as PgTable)
    .set(set)
    .where(eq(table.id, row.id))
    .returning()) as T['$inferSelect'][];
  return done ?? row;
}
