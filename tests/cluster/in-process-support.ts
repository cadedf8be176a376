import { afterAll, beforeAll } from 'vitest';
import type { Bus } from '../../server/bus/bus';
import type { Lease } from '../../server/cluster/lease';
import { startPartition, type Partition } from '../../server/cluster/partition';
import type { Db } from '../../server/db/client';
import { freshDatabase, testConfig } from '../support/server';

// What the cluster tests that run a node's partition in the test's own process share.

/** A partition's lease the test hands over by hand: `take` and `lose` tell its listeners. */
export function stubLease(name = 'partition:trading', held = false): Lease & { take(): void; lose(): void } {
  const listeners = new Set<(held: boolean) => void>();
  const tell = (value: boolean) => {
    held = value;
    for (const listener of [...listeners]) listener(value);
  };
  return {
    name,
    held: () => held,
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async release() {
      held = false;
    },
    take: () => tell(true),
    lose: () => tell(false),
  };
}

/** Polls `probe` until it answers something, or fails naming `what` after `timeoutMs`. */
export async function until<T>(what: string, probe: () => T | undefined, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const quiet = { info: () => {}, warn: () => {}, error: () => {}, debug: () => {} };

/**
 * A fresh PostgreSQL for the file, and node-b's partitions started on it (on the bus and lease the
 * test gives), every one stopped at the file's end.
 */
export function nodeBOnPostgres(): { db: () => Db; start: (bus: Bus, lease: Lease) => Promise<Partition> } {
  let db: Db | undefined;
  let dispose: (() => Promise<void>) | undefined;
  const partitions: Partition[] = [];
  beforeAll(async () => {
    const fresh = await freshDatabase('postgres');
    db = fresh.database.db;
    dispose = fresh.dispose;
  });
  afterAll(async () => {
    for (const partition of partitions) await partition.stop();
    await dispose?.();
  });
  const opened = () => {
    if (db === undefined) throw new Error('the database opens before the file’s tests');
    return db;
  };
  return {
    db: opened,
    start: async (bus, lease) => {
      const partition = await startPartition({
        db: opened(),
        config: testConfig(),
        bus,
        lease,
        log: quiet as never,
        nodeName: 'node-b',
      });
      partitions.push(partition);
      return partition;
    },
  };
}
