import { sql } from 'drizzle-orm';
import type { Bus } from '../bus/bus';
import type { Db } from '../db/client';
import { partitionSubjects, type PartitionSubjects } from './subjects';

/**
 * Which node owns the partition, as followers address it: announced by a node when it
 * takes the partition, and read from its epoch row (fence.ts) at start and whenever the named
 * node does not answer. Calls, snapshots and history go to that name, never to a queue group a
 * stopped former owner may still be in.
 */
export type OwnerName = {
  /** The owner as last known (the epoch row when nothing is known yet); null: none yet. */
  current(): Promise<string | null>;
  /** Reads the epoch row again: the owner now, as the database says. */
  reread(): Promise<string | null>;
  /**
   * Resolves once the partition is known to have moved away from `from`: another node announced
   * it took over, or the epoch row (read every MOVED_POLL_MS while anyone waits) names another.
   */
  movedFrom(from: string): { moved: Promise<void>; cancel(): void };
};

export type OwnerDirectory = OwnerName & {
  start(): void;
  stop(): void;
};

/** How often the epoch row is read while a call waits on an owner that may have been replaced. */
const MOVED_POLL_MS = 250;

export function ownerDirectory(
  bus: Bus,
  db: Db,
  partition: string,
  subjects: PartitionSubjects = partitionSubjects(0),
): OwnerDirectory {
  let known: string | null = null;
  const read = async () => {
    const result = await db.execute<{ owner: string }>(
      sql`select owner from partition_epochs where name = ${partition}`,
    );
    known = (result as unknown as { rows: { owner: string }[] }).rows[0]?.owner ?? known;
    return known;
  };
  let off: (() => void) | null = null;
  const waiting = new Set<{ from: string; wake: () => void }>();
  let poll: ReturnType<typeof setInterval> | null = null;
  const idle = () => {
    if (waiting.size === 0 && poll) {
      clearInterval(poll);
      poll = null;
    }
  };
  /** Wakes every call waiting on a node that no longer owns the partition. */
  const check = () => {
    for (const waiter of [...waiting])
      if (known !== null && known !== waiter.from) {
        waiting.delete(waiter);
        waiter.wake();
      }
    idle();
  };
  return {
    start() {
      off ??= bus.subscribe(subjects.tradingOwner, (m) => {
        known = (m as { owner: string }).owner;
        check();
      });
    },
    stop() {
      off?.();
      off = null;
      waiting.clear();
      idle();
    },
    current: async () => known ?? (await read()),
    reread: read,
    movedFrom(from) {
      let waiter!: { from: string; wake: () => void };
      const moved = new Promise<void>((resolve) => {
        waiter = { from, wake: resolve };
      });
      if (known !== null && known !== from) {
        waiter.wake();
        return { moved, cancel() {} };
      }
      waiting.add(waiter);
      if (!poll) {
        poll = setInterval(() => void read().then(check, () => undefined), MOVED_POLL_MS);
        poll.unref();
      }
      return {
        moved,
        cancel() {
          // Every answered call cancels: only its own entry goes, not a walk over all of them.
          waiting.delete(waiter);
          idle();
        },
      };
    },
  };
}

/** An owner that never changes (one process's tests, a bus with a single publisher). */
export function fixedOwner(name: string): OwnerName {
  return {
    current: async () => name,
    reread: async () => name,
    movedFrom: () => ({ moved: new Promise<void>(() => {}), cancel: () => {} }),
  };
}
