import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFromEnv } from '../../server/config';
import { takeEpoch } from '../../server/cluster/fence';
import { openDatabase, type Database } from '../../server/db/client';
import { emptyPgDatabase } from '../support/server';

/**
 * An owner stopped (SIGSTOP, a paused VM) in the middle of a write batch keeps the batch's
 * transaction open, and with it the FOR SHARE lock its first statement took on the partition's
 * epoch row (fence.ts). The node that takes the lease over raises that epoch before it starts
 * anything, so it waited on the lock for as long as the owner stayed stopped: the lease moved
 * within 3 s, and then nobody owned the partition — every order "unavailable" — until the
 * stopped node woke. A node of a cluster now has the database end its transactions left idle
 * for as long as a lease holder may stay silent.
 */
const PARTITION = 'partition:trading';
let db: { url: string; drop(): Promise<void> };
const open: Database[] = [];

beforeAll(async () => {
  db = await emptyPgDatabase('seans_stalled_batch');
});
afterAll(async () => {
  for (const database of open) await database.close();
  await db?.drop();
});

/** A node's database as a cluster node (BUS_URL set) opens it. */
async function nodeDatabase(): Promise<Database> {
  const config = configFromEnv({
    DATABASE_URL: db.url,
    BUS_URL: 'nats://127.0.0.1:4222',
    LEASE_RETRY_MS: '250',
  });
  const database = await openDatabase(config.database);
  open.push(database);
  return database;
}

describe('a takeover while the stopped owner holds a batch open', () => {
  it('raises the epoch once the database has ended the stopped batch', async () => {
    const owner = await nodeDatabase();
    await takeEpoch(owner.db, PARTITION, 'node-a');
    // The owner's batch takes the fence and stops there (the process is stopped).
    const pool = (owner.db as unknown as { $client: pg.Pool }).$client;
    const batch = await pool.connect();
    await batch.query('begin');
    await batch.query(`select epoch from partition_epochs where name = $1 for share`, [PARTITION]);

    try {
      const next = await nodeDatabase();
      const startedAt = Date.now();
      const taken = await Promise.race([
        takeEpoch(next.db, PARTITION, 'node-b'),
        new Promise<'waiting'>((resolve) => setTimeout(() => resolve('waiting'), 8_000)),
      ]);
      expect(taken).toBe(2n);
      expect(Date.now() - startedAt).toBeLessThan(6_000);
      // Woken, the stopped owner finds its batch gone: nothing of it can commit, and the
      // connection's end, heard while no statement was running, does not take the process down.
      await expect(batch.query('commit')).rejects.toThrow();
    } finally {
      batch.release(true);
    }
  });
});
