import { and, eq, sql } from 'drizzle-orm';
import { LIMITS } from '../../../domain/limits';
import type { Db } from '../../db/client';
import { ownedBy, type Owner } from '../../db/owned';
import { conditionalOrders } from '../../db/schema/conditional';
import { ensureRoom } from '../../accounts/user-cap';

/**
 * Refuses a new conditional order (CONDITIONAL_LIMIT, `{ max }`) when the account already has
 * LIMITS.conditionalPending waiting: each holds money and sits in the trigger index. An OCO pair
 * is one order (its legs share a group). Called inside the add's writer job, before its legs are
 * written: the writer runs jobs one at a time, in one transaction a batch, so no other add can
 * count or insert between this count and those rows, and a burst stops exactly at the cap.
 * That needs one writer to own all of an account's conditional orders, as one trading partition
 * (the default) does; with several (docs/partitions.md) two writers can each count the same last
 * slot, and the count wants a per-user lock taken in the batch's first round (that document's
 * lock order), never the user's row mid-batch.
 */
export async function ensureConditionalRoom(tx: Db, owner: Owner): Promise<void> {
  const [row] = await tx
    .select({
      n: sql<number>`count(distinct coalesce(${conditionalOrders.groupId}, ${conditionalOrders.id}))::int`,
    })
    .from(conditionalOrders)
    .where(and(ownedBy(conditionalOrders, owner), eq(conditionalOrders.state, 'pending')));
  ensureRoom(row?.n ?? 0, { max: LIMITS.conditionalPending, key: 'CONDITIONAL_LIMIT' });
}
