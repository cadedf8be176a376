import { sql } from 'drizzle-orm';
import type { Bus } from '../bus/bus';
import type { Db } from '../db/client';
import { SUBJECTS } from './subjects';

/**
 * Which node owns the partition, as followers address it (issue 19): announced by a node when it
 * takes the partition, and read from its epoch row (fence.ts) at start and whenever the named
 * node does not answer. Calls, snapshots and history go to that name, never to a queue group a
 * stopped former owner may still be in.
 */
export type OwnerName = {
  /** The owner as last known (the epoch row when nothing is known yet); null: none yet. */
  current(): Promise<string | null>;
  /** Reads the epoch row again: the owner now, as the database says. */
  reread(): Promise<string | null>;
};

export type OwnerDirectory = OwnerName & {
  start(): void;
  stop(): void;
};

export function ownerDirectory(bus: Bus, db: Db, partition: string): OwnerDirectory {
  let known: string | null = null;
  const read = async () => {
    const result = await db.execute<{ owner: string }>(
      sql`select owner from partition_epochs where name = ${partition}`,
    );
    known = (result as unknown as { rows: { owner: string }[] }).rows[0]?.owner ?? known;
    return known;
  };
  let off: (() => void) | null = null;
  return {
    start() {
      off ??= bus.subscribe(SUBJECTS.tradingOwner, (m) => {
        known = (m as { owner: string }).owner;
      });
    },
    stop() {
      off?.();
      off = null;
    },
    current: async () => known ?? (await read()),
    reread: read,
  };
}

/** An owner that never changes (one process's tests, a bus with a single publisher). */
export function fixedOwner(name: string): OwnerName {
  return { current: async () => name, reread: async () => name };
}
