import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema/users';

/**
 * Locks the user's row so one user's requests of a kind queue (withdrawals, subscriptions),
 * `for no key update`: a trading batch holding the user's wallet accounts takes a key-share lock
 * on this row when it posts again to an account it already updated (PostgreSQL re-checks the
 * foreign key of a row version its own transaction wrote). `for update` blocks that lock while
 * the request holding it waits for the batch's accounts: a deadlock, and 500s on both sides.
 */
export async function lockUserRow(tx: Db, userId: bigint): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
}
