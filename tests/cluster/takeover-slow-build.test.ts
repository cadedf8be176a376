import { spawn, type ChildProcess } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalBus } from '../../server/bus/local';
import { advisoryLease, leaseStaleMs, type Lease } from '../../server/cluster/lease';
import { startPartition, type Partition } from '../../server/cluster/partition';
import { partitionName } from '../../server/cluster/partition-map';
import type { Db } from '../../server/db/client';
import { nextTurn } from '../../server/market/create';
import { ROOT } from '../support/process';
import { freshDatabase, testConfig } from '../support/server';
import { until } from './in-process-support';

/**
 * A node taking a partition over built its whole market at once: ~1.5 s of CPU for the bench
 * catalogue, 7–13 s of wall time on a machine at load 20. Its lease proves itself by a query on
 * its event loop, so for that long it said nothing, the other nodes ended its lease as a stopped
 * holder's, and the partition moved again (and again). The market is now built one instrument at
 * a time, the event loop turning between them: a build made slow here (each instrument followed
 * by 100 ms of CPU on the same thread, the build some 8 s against a stale time of 3 s) keeps its
 * lease. A build that never lets the event loop turn, made as slow, loses it: the same
 * competitor ends it.
 */
const log = { info: () => {}, warn: () => {}, error: () => {}, debug: () => {} };
const RETRY_MS = 250;
const STALE_MS = leaseStaleMs(RETRY_MS);
/** CPU after each instrument built, on the build's own thread: a loaded machine's pace. */
const BURN_MS = 100;

function burn(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // a loaded machine: this thread gets nothing else done
  }
}

/** Another node's lease on the same name, in a process of its own (fixtures/lease-competitor.ts). */
function competitor(url: string, name: string, delayMs = 0) {
  const child: ChildProcess = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'tests/cluster/fixtures/lease-competitor.ts',
      url,
      name,
      String(RETRY_MS),
      String(delayMs),
    ],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  children.push(child);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const said = (line: string) => output.split('\n').includes(line);
  return {
    output: () => output,
    said,
    until: (line: string) =>
      until(`the competitor says ${line}`, () => (said(line) ? true : undefined), 60_000),
    kill: () => child.kill('SIGKILL'),
  };
}

async function epochOf(name: string): Promise<{ epoch: string; owner: string } | undefined> {
  const result = await db.execute<{ epoch: string; owner: string }>(
    sql`select epoch::text as epoch, owner from partition_epochs where name = ${name}`,
  );
  return (result as unknown as { rows: { epoch: string; owner: string }[] }).rows[0];
}

let db: Db;
let url: string;
let dispose: () => Promise<void>;
const children: ChildProcess[] = [];
const partitions: Partition[] = [];
beforeAll(async () => {
  const fresh = await freshDatabase('postgres');
  db = fresh.database.db;
  dispose = fresh.dispose;
  const at = new URL(process.env.DATABASE_URL!);
  at.pathname = `/${fresh.name!}`;
  url = at.toString();
});
afterAll(async () => {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const partition of partitions) await partition.stop();
  await dispose?.();
});

/**
 * Node B follows partition `index` while a first competitor holds its lease; the competitor
 * dies, B takes the lease and builds the market with `buildPause` after each instrument, while a
 * second competitor (another node) tries for the lease from 2 s after the first died: B, trying
 * every 250 ms, has taken it by then, and a build that holds B's event loop could not let the
 * test start the second one in time.
 */
async function takeOver(index: number, buildPause: () => Promise<void>) {
  const name = partitionName(index);
  const first = competitor(url, name);
  await first.until('held');
  const lease: Lease = advisoryLease({ url, name, retryMs: RETRY_MS, log });
  const changes: boolean[] = [];
  lease.onChange((held) => changes.push(held));
  const partition = await startPartition({
    db,
    config: testConfig(),
    bus: createLocalBus(),
    lease,
    log: log as never,
    nodeName: 'node-b',
    index,
    buildPause,
  });
  partitions.push(partition);
  const second = competitor(url, name, 2_000);
  await second.until('started');
  first.kill();
  return { name, lease, changes, partition, second };
}

describe('a takeover whose market build is slow', () => {
  it('keeps its lease while it builds: one takeover, one epoch', async () => {
    const { name, lease, changes, partition, second } = await takeOver(0, async () => {
      burn(BURN_MS);
      await nextTurn();
    });
    await second.until('trying');
    const competing = Date.now();
    expect(lease.held()).toBe(true);
    await until('node-b owns', () => (partition.owner() ? true : undefined), 120_000);
    const building = Date.now() - competing;
    console.log(`built in ${building} ms beside a competitor, stale time ${STALE_MS} ms`);
    // The competitor had time to end a silent holder: one silent for the stale time, found by a
    // search it makes every third of that.
    expect(building).toBeGreaterThan(1.5 * STALE_MS);
    // And a stale time more: nothing ends the lease late.
    await new Promise((r) => setTimeout(r, STALE_MS + 1_000));
    expect(changes).toEqual([true]);
    expect(lease.held()).toBe(true);
    expect(partition.owner()).toBe(true);
    expect(second.said('held'), second.output()).toBe(false);
    expect(second.output()).not.toMatch(/silent/);
    expect(await epochOf(name)).toEqual({ epoch: '1', owner: 'node-b' });
  }, 180_000);

  it('loses it when the build never lets its event loop turn (as when built in one go)', async () => {
    const { name, lease, changes, partition, second } = await takeOver(1, async () => {
      burn(BURN_MS);
    });
    await second.until('held');
    expect(second.output()).toMatch(/lease holder silent/);
    await until('node-b hears it lost the lease', () => (changes.includes(false) ? true : undefined));
    expect(changes).toEqual([true, false]);
    expect(lease.held()).toBe(false);
    await until('node-b follows', () => (partition.owner() ? undefined : true));
    // It had raised the epoch before the build: the competitor, a bare lease, raised none.
    expect(await epochOf(name)).toEqual({ epoch: '1', owner: 'node-b' });
  }, 180_000);
});
