import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/client';
import { epochFence, takeEpoch } from '../../server/cluster/fence';
import { partitionName } from '../../server/cluster/partition-map';
import { ApiError } from '../../server/http/errors';
import { createWriter } from '../../server/trading/writer';
import { dbTargets, freshDatabase } from '../support/server';

/**
 * a partition's writer is fenced by its epoch. A node that took the partition raises
 * the epoch; the node before it, still believing it owns the partition, can commit nothing more.
 */
describe.each(dbTargets())('partition fence on %s', (target) => {
  let database: Database;
  let dispose: () => Promise<void>;

  beforeAll(async () => {
    ({ database, dispose } = await freshDatabase(target));
    await database.db.execute(sql`create table fence_probe (n int primary key, node text not null)`);
  });
  afterAll(async () => {
    await dispose?.();
  });

  const rows = async () => {
    const result = await database.db.execute<{ n: number; node: string }>(
      sql`select n, node from fence_probe order by n`,
    );
    return (result as unknown as { rows: { n: number; node: string }[] }).rows;
  };
  const insert =
    (n: number, node: string) =>
    async ({ tx }: { tx: Database['db'] }) => {
      await tx.execute(sql`insert into fence_probe (n, node) values (${n}, ${node})`);
      return n;
    };

  it('refuses every batch of the old owner once a new owner took the epoch, writing nothing of it', async () => {
    const first = await takeEpoch(database.db, 'partition:test', 'node-a');
    let lost = 0;
    const a = createWriter(database.db, { fence: epochFence('partition:test', first, () => lost++) });
    await expect(a.run(insert(1, 'a'))).resolves.toBe(1);

    const second = await takeEpoch(database.db, 'partition:test', 'node-b');
    expect(second).toBe(first + 1n);
    const b = createWriter(database.db, { fence: epochFence('partition:test', second, () => {}) });

    // The old owner's next batch (three jobs) is refused whole, with a key the API answers.
    const refused = await Promise.allSettled([2, 3, 4].map((n) => a.run(insert(n, 'a'))));
    for (const outcome of refused) {
      expect(outcome.status).toBe('rejected');
      const error = (outcome as PromiseRejectedResult).reason as ApiError;
      expect(error).toBeInstanceOf(ApiError);
      expect(error.key).toBe('TRADING_UNAVAILABLE');
    }
    expect(lost).toBeGreaterThan(0);
    await expect(b.run(insert(5, 'b'))).resolves.toBe(5);
    expect(await rows()).toEqual([
      { n: 1, node: 'a' },
      { n: 5, node: 'b' },
    ]);
  });

  it("a takeover of one partition refuses only that partition's old writer: another partition's goes on", async () => {
    const [a, b] = [partitionName(1), partitionName(2)];
    const aWriter = createWriter(database.db, {
      fence: epochFence(a, await takeEpoch(database.db, a, 'node-a'), () => {}),
    });
    let bLost = 0;
    const bWriter = createWriter(database.db, {
      fence: epochFence(b, await takeEpoch(database.db, b, 'node-a'), () => bLost++),
    });
    await expect(aWriter.run(insert(20, 'a'))).resolves.toBe(20);
    await expect(bWriter.run(insert(21, 'b'))).resolves.toBe(21);

    // node-b takes partition A (node-a died, or stopped); node-a still owns B.
    await takeEpoch(database.db, a, 'node-b');
    await expect(aWriter.run(insert(22, 'a'))).rejects.toMatchObject({ key: 'TRADING_UNAVAILABLE' });
    const bBatches = await Promise.all([23, 24, 25].map((n) => bWriter.run(insert(n, 'b'))));
    expect(bBatches).toEqual([23, 24, 25]);
    expect(bLost).toBe(0);
    expect((await rows()).filter((r) => r.n >= 20 && r.n < 30).map((r) => r.n)).toEqual([20, 21, 23, 24, 25]);
  });

  it('a takeover waits for the batch the old owner has open, which commits', async () => {
    const epoch = await takeEpoch(database.db, 'partition:wait', 'node-a');
    const a = createWriter(database.db, { fence: epochFence('partition:wait', epoch, () => {}) });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    const open = a.run(async ({ tx }) => {
      await tx.execute(sql`insert into fence_probe (n, node) values (10, 'a')`);
      entered();
      await gate;
      return 10;
    });
    await inside;
    let taken = false;
    const takeover = takeEpoch(database.db, 'partition:wait', 'node-b').then((e) => {
      taken = true;
      return e;
    });
    await new Promise((r) => setTimeout(r, 300));
    expect(taken).toBe(false); // the old owner's batch still holds the epoch row
    release();
    await expect(open).resolves.toBe(10);
    expect(await takeover).toBe(epoch + 1n);
    expect((await rows()).some((r) => r.n === 10)).toBe(true);
    await expect(a.run(insert(11, 'a'))).rejects.toMatchObject({ key: 'TRADING_UNAVAILABLE' });
  });
});
