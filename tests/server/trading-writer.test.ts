import { eq, like, sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/client';
import { ledgerAccounts, ledgerTransactions } from '../../server/db/schema/ledger';
import { systemAccount, userAccount } from '../../server/ledger/account-ref';
import { freeze, fundFromSandbox, transfer } from '../../server/ledger/moves';
import { excludeWriterBatches } from '../../server/ledger/pass-barrier';
import { postTransaction } from '../../server/ledger/post';
import { verifyLedger } from '../../server/ledger/verify';
import { epochFence, takeEpoch } from '../../server/cluster/fence';
import { pgBatchTransaction } from '../../server/trading/pg-batch';
import { statementRunner } from '../../server/trading/prepared';
import { isDatabaseError } from '../../server/trading/database-errors';
import { createWriter } from '../../server/trading/writer';
import { bareUser } from '../support/accounts';
import { lockWaiter } from './lock-waiter';
import { dbTargets, freshDatabase } from '../support/server';

/** A user holding `amount` USDT in their real coin wallet, and that wallet's two accounts. */
async function fundedUser(db: Database['db'], tag: string, amount: string) {
  const userId = await bareUser(db, tag);
  await fundFromSandbox(db, {
    reason: 'sandbox_funding',
    referenceType: 'test',
    referenceId: tag,
    userId,
    accountType: 'real',
    wallet: 'coin',
    currency: 'USDT',
    amount,
  });
  const free = userAccount(userId, 'real', 'coin', 'USDT', 'available');
  const frozen = userAccount(userId, 'real', 'coin', 'USDT', 'frozen');
  return { userId, free, frozen };
}

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

  it('answers a job only after its batch is durable; a batch failing at COMMIT runs its jobs again alone', async () => {
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
    // The batch of both failed at COMMIT; each ran again in a batch of its own: the first
    // commits, the second breaks the constraint alone and alone hears it.
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected']);
    expect(isDatabaseError((outcomes[1] as PromiseRejectedResult).reason)).toBe(true);
    const rows = await database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from writer_deferred`,
    );
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
    await writer.drain();
  });

  it('posts in-memory jobs in the batch, taking back a failed one and refusing an overdraft in memory', async () => {
    const db = database.db;
    const { userId, free, frozen } = await fundedUser(db, 'writer', '100');
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
  it("a COMMIT riding with the batch's last write fails whole; run again alone, only the job at fault is refused", async () => {
    const db = database.db;
    await db.execute(sql`create table writer_fold (n int unique deferrable initially deferred)`);
    const { userId, free, frozen } = await fundedUser(db, 'fold', '100');
    const hold = (amount: string) =>
      writer.run(
        async ({ batch }) =>
          batch.ledger.post({
            reason: 'order_freeze',
            referenceType: 'test',
            referenceId: `fold-${amount}`,
            lines: [
              { account: free, amount: `-${amount}` },
              { account: frozen, amount },
            ],
          }),
        { inMemory: true, prefetch: (batch) => batch.ledger.want([free, frozen]) },
      );
    const balanceOf = async (code: string) =>
      (
        await db
          .select({ b: ledgerAccounts.balance })
          .from(ledgerAccounts)
          .where(eq(ledgerAccounts.code, code))
      )[0]?.b;
    const writer = createWriter(db);
    // One batch: a job whose own row breaks a deferred constraint (found only at COMMIT), then a
    // hold kept in memory and written by the batch's last statement, which carries the COMMIT.
    const outcomes = await Promise.allSettled([
      writer.run(({ tx }) => tx.execute(sql`insert into writer_fold (n) values (1), (1)`)),
      hold('30'),
    ]);
    // The batch of both failed whole; each then ran in a batch of its own: the hold was posted
    // once (nothing of the failed batch was written), the job at fault alone refused.
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'fulfilled']);
    expect(writer.stats().batches).toBe(1);
    expect(Number(await balanceOf(`user:${userId}:real:coin:USDT:available`))).toBe(70);
    expect(Number(await balanceOf(`user:${userId}:real:coin:USDT:frozen`))).toBe(30);
    const folded = await db.execute<{ n: number }>(sql`select count(*)::int as n from writer_fold`);
    expect((folded as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
    // The connection went back usable: the next batch posts and commits.
    await hold('40');
    expect(Number(await balanceOf(`user:${userId}:real:coin:USDT:frozen`))).toBe(70);
    expect(await verifyLedger(db)).toEqual([]);
  });

  it('does not run a batch again after a failure that may have committed it (a lost connection): every job hears it, once', async () => {
    const writer = createWriter(database.db);
    const runs = [0, 0];
    // A statement that failed with a connection exception (SQLSTATE class 08): the COMMIT may
    // have landed before it, so running the jobs again could do them twice.
    const lost = Object.assign(new Error('connection failure'), { code: '08006' });
    const outcomes = await Promise.allSettled([
      writer.run(async () => void runs[0]!++, { inMemory: true }),
      writer.run(
        async () => {
          runs[1]!++;
          throw lost;
        },
        { inMemory: true },
      ),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected']);
    expect(runs).toEqual([1, 1]);
  });

  it("fails the batch when an in-memory job's statement fails, then runs its jobs alone: only that job is refused, nothing written twice", async () => {
    const writer = createWriter(database.db);
    const outcomes = await Promise.allSettled([
      writer.run(async ({ tx }) => {
        await tx.execute(sql`insert into writer_probe (n) values (3000)`);
        return 'written in a savepoint';
      }),
      // No savepoint: the failed statement aborts the transaction the first job wrote in.
      writer.run(async ({ tx }) => tx.execute(sql`select 1 / 0`), { inMemory: true }),
      writer.run(async () => 'in memory', { inMemory: true }),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(isDatabaseError((outcomes[1] as PromiseRejectedResult).reason)).toBe(true);
    expect(outcomes.map((o) => (o.status === 'fulfilled' ? o.value : null))).toEqual([
      'written in a savepoint',
      null,
      'in memory',
    ]);
    // Written once: by its own batch, not by the one that failed.
    const kept = await database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from writer_probe where n = 3000`,
    );
    expect((kept as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
    // The writer goes on: the next batch commits.
    await writer.run(async ({ tx }) => tx.execute(sql`insert into writer_probe (n) values (3001)`));
    const next = await database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from writer_probe where n = 3001`,
    );
    expect((next as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
  });

  it("runs a batch of one again when the database ended it as a deadlock's victim, a bounded number of times", async () => {
    const writer = createWriter(database.db);
    // As PostgreSQL fails the batch it chose to end (its error carries the SQLSTATE).
    const victim = () => Object.assign(new Error('deadlock detected'), { code: '40P01' });
    let runs = 0;
    const once = await writer.run(
      async () => {
        runs += 1;
        if (runs === 1) throw victim();
        return 'committed on its second run';
      },
      { inMemory: true },
    );
    expect([once, runs]).toEqual(['committed on its second run', 2]);
    // Ended every time: its caller hears it after the last run, not a run more.
    let always = 0;
    const refused = await writer
      .run(
        async () => {
          always += 1;
          throw victim();
        },
        { inMemory: true },
      )
      .catch((error: unknown) => error);
    expect([(refused as { code?: string }).code, always]).toEqual(['40P01', 4]);
    // Any other failure of a batch of one is its caller's at once.
    let other = 0;
    await expect(
      writer.run(
        async () => {
          other += 1;
          throw Object.assign(new Error('division by zero'), { code: '22012' });
        },
        { inMemory: true },
      ),
    ).rejects.toThrow('division by zero');
    expect(other).toBe(1);
  });
});

/**
 * `round(false)`: the two sides wait for each other until PostgreSQL fails exactly one with 40P01;
 * `round(true)`: all three commit and the ledger verifies.
 */
async function expectDeadlockOnlyWithout(
  db: Database['db'],
  round: (fixed: boolean) => Promise<PromiseSettledResult<unknown>[]>,
): Promise<void> {
  const control = await round(false);
  const deadlocked = control.filter(
    (o) => o.status === 'rejected' && /40P01|deadlock/.test(JSON.stringify(o.reason) + String(o.reason)),
  );
  expect(deadlocked.length, JSON.stringify(control.map((o) => o.status))).toBe(1);
  const outcomes = await round(true);
  expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
  expect(await verifyLedger(db)).toEqual([]);
}

/** Text that an inline literal could get wrong: quotes, backslashes, a JSON escape, non-ASCII. */
const MEMO = `O'Brien's \\ "hold" \\' \u0001 ş \\n`;

// PostgreSQL only (pg-batch.ts): PGlite's transaction sends its own BEGIN and COMMIT.
for (const target of dbTargets().filter((t) => t === 'postgres'))
  describe(`trading writer's round trips on ${target}`, () => {
    let database: Database;
    let dispose: () => Promise<void>;
    beforeAll(async () => {
      ({ database, dispose } = await freshDatabase(target));
    });
    afterAll(async () => {
      await dispose?.();
    });

    // A cluster partition's writer reads its fence with the batch's prefetch: no round trip more.
    it.each([
      ['', false],
      [', its partition fence read with it', true],
    ])(
      'takes two round trips for a batch of in-memory jobs: BEGIN with its read%s, COMMIT with its write',
      async (_, fenced) => {
        const db = database.db;
        const tag = fenced ? 'fenced' : 'trips';
        const { userId, free, frozen } = await fundedUser(db, tag, '10');
        const partition = `partition:${tag}`;
        const fence = fenced
          ? { fence: epochFence(partition, await takeEpoch(db, partition, 'node-a'), () => {}) }
          : {};
        const writer = createWriter(db, fence);
        const hold = (amount: string) =>
          writer.run(
            async ({ batch }) =>
              batch.ledger.post({
                reason: 'order_freeze',
                referenceType: 'test',
                referenceId: `${tag}-${amount}`,
                // Written inline (pg-batch.ts): quotes, backslashes and JSON escapes must survive.
                memo: MEMO,
                lines: [
                  { account: free, amount: `-${amount}` },
                  { account: frozen, amount },
                ],
              }),
            { inMemory: true, prefetch: (batch) => batch.ledger.want([free, frozen]) },
          );
        // The first batch also creates the frozen account (statements of its own): not counted.
        await hold('4');
        const pool = (db as unknown as { $client: pg.Pool }).$client;
        const sent: string[] = [];
        let seen: pg.PoolClient | undefined;
        const connect = pool.connect.bind(pool);
        pool.connect = (async () => {
          const client = await connect();
          seen = client;
          // As a server we do not run may have it: backslashes in '…' are escapes then.
          await client.query('set standard_conforming_strings = off');
          const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
          (client as unknown as { query: unknown }).query = (...args: unknown[]) => {
            const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text: string }).text;
            sent.push(text);
            return query(...args);
          };
          // Back to the pool as it came: later users of the connection are not counted.
          const release = client.release.bind(client);
          client.release = (err?: Error | boolean) => {
            (client as unknown as { query: unknown }).query = query;
            // The setting goes back before the connection does (the reset is queued before the
            // next user's queries on this client).
            void client.query('reset standard_conforming_strings').catch(() => undefined);
            return release(err);
          };
          return client;
        }) as typeof pool.connect;
        try {
          const holds = ['1', '2', '3'].map(hold);
          await Promise.all(holds);
          expect(writer.stats().batches).toBe(2);
        } finally {
          pool.connect = connect;
        }
        // The read opens the transaction; the write (ledger rows and balances) closes it. Both
        // were prepared by the first batch and now run with their generic plans.
        const generic = 'set local plan_cache_mode = force_generic_plan; execute batch_';
        expect(sent).toHaveLength(2);
        expect(sent[0]).toMatch(new RegExp(`^begin; ${generic}\\w+\\(`));
        expect(sent[0]).not.toMatch(/commit$/);
        expect(sent[1]).toMatch(new RegExp(`^${generic}\\w+\\(.*; commit$`, 's'));
        // The fence is read in that first statement, and only a fenced writer reads one.
        expect(sent[0]!.includes(`'${partition}'`)).toBe(fenced);
        // Nothing was planned for this batch: both statements ran their connection's generic plan.
        const plans = await seen!.query<{ name: string; generic: number; custom: number }>(
          `select name, generic_plans::int as generic, custom_plans::int as custom
         from pg_prepared_statements where name like 'batch_%'`,
        );
        const used = sent.map((t) => /execute (batch_\w+)\(/.exec(t)?.[1]);
        for (const name of used)
          expect(plans.rows.find((r) => r.name === name)).toMatchObject({
            generic: expect.any(Number),
            custom: 0,
          });
        expect(plans.rows.every((r) => r.custom === 0 && r.generic >= 1)).toBe(true);
        const [row] = await db
          .select({ b: ledgerAccounts.balance })
          .from(ledgerAccounts)
          .where(eq(ledgerAccounts.code, `user:${userId}:real:coin:USDT:frozen`));
        expect(Number(row?.b)).toBe(10);
        const memos = await db
          .select({ memo: ledgerTransactions.memo })
          .from(ledgerTransactions)
          .where(like(ledgerTransactions.referenceId, `${tag}-%`));
        expect(memos.map((m) => m.memo)).toEqual([MEMO, MEMO, MEMO, MEMO]);
        expect(await verifyLedger(db)).toEqual([]);
      },
    );

    it('runs a statement PostgreSQL cannot prepare as it is, before and inside the transaction', async () => {
      const db = database.db;
      const pool = (db as unknown as { $client: pg.Pool }).$client;
      const run = statementRunner(db);
      await db.execute(sql`create table prepare_probe (v text)`);
      // `$1 is null` cannot be prepared (no type for $1); written inline it runs.
      const answers = await pgBatchTransaction(db, pool, async (tx) => {
        const first = await run(tx, sql`select ${'a'} is null as v`);
        await run(tx, sql`insert into prepare_probe values (${'kept'})`);
        const second = await run(tx, sql`select ${'b'} is null as w`, { last: true });
        return [first, second] as { rows: Record<string, boolean>[] }[];
      });
      expect(answers.map((a) => a.rows[0])).toEqual([{ v: false }, { w: false }]);
      // The failed PREPARE inside the transaction was taken back alone: the insert committed.
      const rows = await db.execute<{ v: string }>(sql`select v from prepare_probe`);
      expect((rows as unknown as { rows: { v: string }[] }).rows).toEqual([{ v: 'kept' }]);
    });

    it('refuses to call a batch done when PostgreSQL answers its COMMIT with ROLLBACK', async () => {
      const db = database.db;
      await db.execute(sql`create table if not exists commit_probe (n int)`);
      const writer = createWriter(db);
      const outcomes = await Promise.allSettled([
        writer.run(async ({ tx }) => tx.execute(sql`insert into commit_probe values (1)`)),
        // A job that swallows its own failed statement leaves no error to see; the COMMIT says it.
        writer.run(
          async ({ tx }) => {
            await tx.execute(sql`select 1 / 0`).catch(() => undefined);
            return 'swallowed';
          },
          { inMemory: true },
        ),
      ]);
      expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected']);
      expect(String((outcomes[0] as PromiseRejectedResult).reason)).toContain('ROLLBACK');
      const rows = await db.execute<{ n: number }>(sql`select count(*)::int as n from commit_probe`);
      expect((rows as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
    });

    it('locks a system account a job names in its batch’s first round, so a posting outside the writer waits instead of deadlocking it', async () => {
      const db = database.db;
      const fees = systemAccount('fees', 'USDT');
      const round = async (named: boolean) => {
        const { userId, free } = await fundedUser(db, `lock-${named}`, '10');
        const toFees = (referenceId: string) => ({
          reason: 'fee',
          referenceType: 'test',
          referenceId,
          lines: [
            { account: free, amount: '-1' },
            { account: fees, amount: '1' },
          ],
        });
        const writer = createWriter(db);
        let heldUser!: () => void;
        const userLocked = new Promise<void>((resolve) => (heldUser = resolve));
        let open!: () => void;
        const gate = new Promise<void>((resolve) => (open = resolve));
        // Job 1 locks the user's coin USDT (a transfer) and holds the batch open; job 2 then
        // posts a fee in its own savepoint, a later round than the user's, unless it named the
        // fee account for the batch's first round.
        const first = writer.run(async ({ tx }) => {
          await transfer(tx, {
            reason: 'transfer',
            referenceType: 'test',
            referenceId: `t-${named}`,
            userId,
            accountType: 'real',
            currency: 'USDT',
            amount: '1',
            fromWallet: 'coin',
            toWallet: 'contract',
          });
          heldUser();
          await gate;
        });
        const second = writer.run(
          async ({ tx }) => postTransaction(tx, toFees(`w-${named}`)),
          named ? { prefetch: (batch) => batch.ledger.want([fees]) } : {},
        );
        await userLocked;
        // Outside the writer, in code order: the fee account first, then the user's.
        const outside = postTransaction(db, toFees(`o-${named}`));
        await lockWaiter(db);
        open();
        return Promise.allSettled([first, second, outside]);
      };

      // Without the system account named the two wait for each other until PostgreSQL ends one
      // of them (40P01), a second later: the situation the naming exists for.
      await expectDeadlockOnlyWithout(db, round);
    });

    it('keeps a pass over several users and a batch from waiting for each other: the pass waits for the batch, the batch for the pass', async () => {
      const db = database.db;
      const round = async (barrier: boolean) => {
        const one = await fundedUser(db, `pass-a-${barrier}`, '10');
        const two = await fundedUser(db, `pass-b-${barrier}`, '10');
        const hold = (tx: Database['db'], userId: bigint, tag: string) =>
          freeze(tx, {
            reason: 'order_freeze',
            referenceType: 'test',
            referenceId: `${tag}-${barrier}`,
            userId,
            accountType: 'real',
            wallet: 'coin',
            currency: 'USDT',
            amount: '1',
          });
        const writer = createWriter(db);
        let heldTwo!: () => void;
        const twoHeld = new Promise<void>((resolve) => (heldTwo = resolve));
        let open!: () => void;
        const gate = new Promise<void>((resolve) => (open = resolve));
        // The batch holds user two, then wants user one (two cancels, say, in job order)...
        const first = writer.run(async ({ tx }) => {
          await hold(tx, two.userId, 'b2');
          heldTwo();
          await gate;
        });
        const second = writer.run(async ({ tx }) => hold(tx, one.userId, 'b1'));
        await twoHeld;
        // ...while a pass posts to user one, then user two (an allocation in applicants' order).
        const pass = db.transaction(async (tx) => {
          if (barrier) await excludeWriterBatches(tx);
          await hold(tx, one.userId, 'p1');
          await hold(tx, two.userId, 'p2');
        });
        await lockWaiter(db);
        open();
        return Promise.allSettled([first, second, pass]);
      };

      await expectDeadlockOnlyWithout(db, round);
    });

    it('takes the barrier before the rows its first statement locks: a batch that starts while a pass holds it waits holding nothing', async () => {
      const db = database.db;
      const one = await fundedUser(db, 'gate-a', '10');
      const two = await fundedUser(db, 'gate-b', '10');
      const hold = (tx: Database['db'], userId: bigint, tag: string) =>
        freeze(tx, {
          reason: 'order_freeze',
          referenceType: 'test',
          referenceId: tag,
          userId,
          accountType: 'real',
          wallet: 'coin',
          currency: 'USDT',
          amount: '1',
        });
      let heldOne!: () => void;
      const oneHeld = new Promise<void>((resolve) => (heldOne = resolve));
      let open!: () => void;
      const gate = new Promise<void>((resolve) => (open = resolve));
      // The pass holds the barrier and user one, and will want user two...
      const pass = db.transaction(async (tx) => {
        await excludeWriterBatches(tx);
        await hold(tx, one.userId, 'gate-p1');
        heldOne();
        await gate;
        await hold(tx, two.userId, 'gate-p2');
      });
      await oneHeld;
      // ...while a batch starts whose first statement would lock user two's accounts.
      const writer = createWriter(db);
      const job = writer.run(async ({ tx }) => hold(tx, two.userId, 'gate-b2'), {
        prefetch: (batch) => batch.ledger.want([two.free, two.frozen]),
      });
      await lockWaiter(db);
      open();
      const outcomes = await Promise.allSettled([pass, job]);
      const reasons = outcomes.map((o) => (o.status === 'rejected' ? String(o.reason) : 'ok'));
      expect(
        outcomes.map((o) => o.status),
        reasons.join('; '),
      ).toEqual(['fulfilled', 'fulfilled']);
      expect(await verifyLedger(db)).toEqual([]);
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
