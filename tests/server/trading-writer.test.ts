import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/client';
import { ledgerAccounts } from '../../server/db/schema/ledger';
import { userAccount } from '../../server/ledger/account-ref';
import { fundFromSandbox } from '../../server/ledger/moves';
import { verifyLedger } from '../../server/ledger/verify';
import { createWriter } from '../../server/trading/writer';
import { bareUser } from '../support/accounts';
import { dbTargets, freshDatabase } from '../support/server';

/** The trading engines' group-commit writer: batches, isolation per job, answers after commit. */
describe.each(dbTargets())('trading writer on %s', (target) => {
  let database: Database;
  let dispose: () => Promise<void>;

  beforeAll(async () => {
    ({ database, dispose } = await freshDatabase(target));
    await database.db.execute(sql`create table writer_probe (n int primary key)`);
  });
  afterAll(async () => {
    await dispose?.();
  });

  const count = async () => {
    const result = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from writer_probe`);
    return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
  };

  it('commits concurrent jobs in few batches, isolating a failing job', async () => {
    const writer = createWriter(database.db);
    const seen: number[] = [];
    const jobs = Array.from({ length: 50 }, (_, i) =>
      writer.run(async ({ tx, afterCommit }) => {
        await tx.execute(sql`insert into writer_probe (n) values (${i})`);
        // Job 7 writes, then fails: its own row must not survive.
        if (i === 7) throw new Error('job 7 refuses');
        afterCommit(() => seen.push(i));
        return i * 2;
      }),
    );
    const results = await Promise.allSettled(jobs);
    expect(results[7]).toMatchObject({ status: 'rejected' });
    expect(results.filter((r) => r.status === 'fulfilled').map((r) => r.value)).toEqual(
      Array.from({ length: 50 }, (_, i) => i * 2).filter((v) => v !== 14),
    );
    expect(await count()).toBe(49);
    expect(seen).toEqual(Array.from({ length: 50 }, (_, i) => i).filter((i) => i !== 7));
    const stats = writer.stats();
    expect(stats.jobs).toBe(50);
    // Submitted in one turn of the event loop: far fewer commits than jobs.
    expect(stats.batches).toBeLessThanOrEqual(2);
  });

  it('answers a job only after its batch is durable, and rejects them all when the commit fails', async () => {
    const writer = createWriter(database.db);
    let committedBeforeAnswer = false;
    await writer.run(async ({ tx }) => {
      await tx.execute(sql`insert into writer_probe (n) values (1000)`);
    });
    committedBeforeAnswer = (await count()) === 50;
    expect(committedBeforeAnswer).toBe(true);

    // A deferred constraint fails at commit time, after every job succeeded.
    await database.db.execute(sql`create table writer_deferred (n int unique deferrable initially deferred)`);
    const a = writer.run(({ tx }) => tx.execute(sql`insert into writer_deferred (n) values (1)`));
    const b = writer.run(({ tx }) => tx.execute(sql`insert into writer_deferred (n) values (1)`));
    const outcomes = await Promise.allSettled([a, b]);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected']);
    await writer.drain();
  });

  it('posts in-memory jobs in the batch, taking back a failed one and refusing an overdraft in memory', async () => {
    const db = database.db;
    const userId = await bareUser(db, 'writer');
    await fundFromSandbox(db, {
      reason: 'sandbox_funding',
      referenceType: 'test',
      referenceId: 'writer',
      userId,
      accountType: 'real',
      wallet: 'coin',
      currency: 'USDT',
      amount: '100',
    });
    const free = userAccount(userId, 'real', 'coin', 'USDT', 'available');
    const frozen = userAccount(userId, 'real', 'coin', 'USDT', 'frozen');
    const hold = (amount: string, fail = false) =>
      writer.run(
        async ({ batch }) => {
          const posted = await batch.ledger.post({
            reason: 'order_freeze',
            referenceType: 'test',
            referenceId: amount,
            lines: [
              { account: free, amount: `-${amount}` },
              { account: frozen, amount },
            ],
          });
          if (fail) throw new Error('refuses after posting');
          return posted.balances;
        },
        { inMemory: true, prefetch: (batch) => batch.ledger.want([free, frozen]) },
      );
    const writer = createWriter(db);
    // One batch: 60 holds, 30 holds and fails (taken back), 40 holds (fits only because the 30
    // went back), 1 more is refused in memory before anything is written.
    const outcomes = await Promise.allSettled([hold('60'), hold('30', true), hold('40'), hold('1')]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'rejected']);
    expect((outcomes[3] as PromiseRejectedResult).reason).toMatchObject({ key: 'INSUFFICIENT_BALANCE' });
    expect((outcomes[2] as PromiseFulfilledResult<{ code: string; balance: string }[]>).value).toEqual([
      { code: `user:${userId}:real:coin:USDT:available`, balance: '0' },
      { code: `user:${userId}:real:coin:USDT:frozen`, balance: '100' },
    ]);
    expect(writer.stats().batches).toBe(1);
    const [row] = await db
      .select({ balance: ledgerAccounts.balance })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.code, `user:${userId}:real:coin:USDT:frozen`));
    expect(Number(row?.balance)).toBe(100);
    expect(await verifyLedger(db)).toEqual([]);
  });

  it('puts a job submitted while a batch runs in the next one: it reads what that one wrote, and answers after it', async () => {
    const writer = createWriter(database.db);
    const heard: string[] = [];
    let second!: Promise<number>;
    const first = writer.run(async ({ tx, afterCommit }) => {
      await tx.execute(sql`insert into writer_probe (n) values (2000)`);
      afterCommit(() => heard.push('first committed'));
      // Submitted while the first batch runs: it goes in the next one.
      second = writer.run(async (next) => {
        const result = await next.tx.execute(sql`select count(*)::int as n from writer_probe where n = 2000`);
        next.afterCommit(() => heard.push('second committed'));
        return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
      });
      return 'first';
    });
    void first.then(() => heard.push('first answered'));
    await first;
    const seen = await second;
    heard.push('second answered');
    expect(seen).toBe(1);
    expect(heard).toEqual(['first committed', 'first answered', 'second committed', 'second answered']);
    expect(writer.stats().batches).toBe(2);
  });

  it('a batch whose COMMIT fails leaves the next one whole, reading nothing of it', async () => {
    await database.db.execute(sql`create table writer_pipeline (n int unique deferrable initially deferred)`);
    const writer = createWriter(database.db);
    let behind!: Promise<number>;
    const failing = writer.run(async ({ tx }) => {
      await tx.execute(sql`insert into writer_pipeline (n) values (1), (1)`);
      behind = writer.run(async (next) => {
        await next.tx.execute(sql`insert into writer_pipeline (n) values (2)`);
        const result = await next.tx.execute(sql`select count(*)::int as n from writer_pipeline`);
        return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
      });
    });
    await expect(failing).rejects.toThrow();
    expect(await behind).toBe(1);
    const rows = await database.db.execute(sql`select n from writer_pipeline order by n`);
    expect((rows as unknown as { rows: { n: number }[] }).rows).toEqual([{ n: 2 }]);
  });
});

describe('PGlite as the writer opens it', () => {
  it('creates WAL segments without zero-filling them (that stalled a COMMIT for ~50 ms every 16 MB)', async () => {
    const { database, dispose } = await freshDatabase('pglite');
    try {
      const result = await database.db.execute(sql`show wal_init_zero`);
      expect((result as unknown as { rows: { wal_init_zero: string }[] }).rows).toEqual([
        { wal_init_zero: 'off' },
      ]);
    } finally {
      await dispose();
    }
  });
});
