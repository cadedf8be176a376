import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { ApiError } from '../http/errors';
import type { Read } from '../trading/batch';

/**
 * Fencing for a partition's writer. The lease says who should write; the epoch makes
 * sure nobody else does. Taking the partition raises its epoch, which waits for any batch the
 * previous owner still has open (that batch holds the epoch row FOR SHARE); every batch after
 * that, on a node that still believes it owns the partition, finds a newer epoch and rolls back
 * whole — its callers hear TRADING_UNAVAILABLE and nothing of it is written.
 *
 * The check is a column of the batch's first statement (its prefetch, batch.ts), which runs
 * before any job: as a statement of its own it cost every batch two round trips more on
 * PostgreSQL (the BEGIN it owed, then the read).
 */
export type Fence = Read;

/** Raises the partition's epoch for `owner` and answers the new one. */
export async function takeEpoch(db: Db, partition: string, owner: string): Promise<bigint> {
  const result = await db.execute<{ epoch: string }>(sql`
    insert into partition_epochs (name, epoch, owner) values (${partition}, 1, ${owner})
    on conflict (name) do update
      set epoch = partition_epochs.epoch + 1, owner = excluded.owner, taken_at = now()
    returning epoch::text as epoch`);
  const row = (result as unknown as { rows: { epoch: string }[] }).rows[0];
  if (!row) throw new Error(`partition ${partition}: no epoch returned`);
  return BigInt(row.epoch);
}

/**
 * Whether `epoch` is still the partition's: work outside the writer's batches (the clock jobs)
 * asks before each pass, so a former owner woken from a stop does none of it.
 */
export function holdsEpoch(db: Db, partition: string, epoch: bigint): () => Promise<boolean> {
  return async () => {
    const result = await db.execute<{ epoch: string }>(
      sql`select epoch::text as epoch from partition_epochs where name = ${partition}`,
    );
    const row = (result as unknown as { rows: { epoch: string }[] }).rows[0];
    return row?.epoch === String(epoch);
  };
}

/** The check a batch makes first: the partition's epoch is still `epoch`, held for the batch. */
export function epochFence(partition: string, epoch: bigint, onLost: () => void): Fence {
  return {
    query: sql`(select json_build_object('epoch', epoch::text) from partition_epochs
      where name = ${partition} for share)`,
    take(value) {
      if ((value as { epoch?: string } | null)?.epoch === String(epoch)) return;
      onLost();
      throw new ApiError('TRADING_UNAVAILABLE');
    },
  };
}
