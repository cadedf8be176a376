import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdsEpoch, takeEpoch } from '../../server/cluster/fence';
import { openDatabase, type Database } from '../../server/db/client';
import { every, startOwnedJobs, type JobContext, type OwnedJob } from '../../server/jobs';
import { emptyPgDatabase } from '../support/server';

/**
 * The clock jobs (option settlement, robots, AI products, allocations, accrual) write outside the
 * writer's fenced batches. An owner woken from a stop (SIGSTOP, a paused VM) runs its overdue
 * timers before it hears its lease is gone: one pass of every job, next to the new owner's. The
 * option pass read its own market, which had replayed the stop with prints the cluster never
 * saw, and could settle an option that expired meanwhile at one of them. A pass now runs only
 * while the partition's epoch is still this node's.
 */
const PARTITION = 'partition:trading';
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
let pg: { url: string; drop(): Promise<void> };
let database: Database;

beforeAll(async () => {
  pg = await emptyPgDatabase('seans_stalled_jobs');
  database = await openDatabase({ kind: 'postgres', url: pg.url, poolSize: 2 });
});
afterAll(async () => {
  await database?.close();
  await pg?.drop();
});

describe("an owner's clock jobs once another node has taken the partition", () => {
  it('run no pass once the epoch has moved on', async () => {
    const { db } = database;
    const epoch = await takeEpoch(db, PARTITION, 'node-a');
    let passes = 0;
    const counter: OwnedJob = {
      name: 'counter',
      start: (ctx) =>
        every(ctx, 'counter', 20, async () => {
          passes++;
        }),
    };
    const ctx = {
      db,
      trading: { clock: { now: () => Date.now() } },
      log: { error: () => {} },
      owns: holdsEpoch(db, PARTITION, epoch),
    } as unknown as JobContext;
    const jobs = startOwnedJobs(ctx, [counter]);
    try {
      await pause(300);
      expect(passes).toBeGreaterThan(0);
      // Another node takes the partition over while this one still believes it owns it.
      await takeEpoch(db, PARTITION, 'node-b');
      await pause(100);
      const then = passes;
      await pause(400);
      expect(passes).toBe(then);
    } finally {
      await jobs.stop();
    }
  });
});
