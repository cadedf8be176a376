import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from '../db/client';
import { eventsOf } from '../app-state';
import type { UserEvents } from '../events';
import { PASS_BARRIER_KEY } from '../ledger/pass-barrier';
import { Batch, type Read } from './batch';
import { pgBatchTransaction } from './pg-batch';
import { JobQueue } from './job-queue';
import { statementRunner, type Runner } from './prepared';
import { ensure } from '../../domain/assert';
import { isDatabaseError, rolledBackForSure, sqlStateOf, VICTIM_RUNS, wasVictim } from './database-errors';

/** What a job may do besides writing: work that must wait for (or undo on) the batch's fate. */
export type JobContext = {
  tx: Db;
  /** The batch's in-memory ledger and pending rows, written with multi-row statements at its end. */
  batch: Batch;
  /** Runs after the batch commits, in job order: publish events, update in-memory state. */
  afterCommit(fn: () => void): void;
  /** The app's user events (server/app-state.ts), for what `afterCommit` announces. */
  events: UserEvents;
};

export type Job<T> = (ctx: JobContext) => Promise<T>;

export type RunOptions = {
  /**
   * The job writes only through `batch` (reads are free): it runs without a savepoint, and a
   * failure is taken back in memory. Without it the job may write SQL itself: the batch's
   * pending writes go out first and the job runs in its own savepoint.
   */
  inMemory?: boolean;
  /**
   * Names what the job will read (see Batch.prefetch), before any job of its batch runs. A job
   * that posts to a system account in a round of its own (a savepoint, or a load after the
   * prefetch) names it here: the batch then locks it in its first round, before the users'
   * accounts of the jobs ahead of it. A posting outside the writer locks its accounts at once in
   * code order, system accounts before any user's; a batch that took a system account after a
   * user's could wait for such a posting while it waits for the batch (PostgreSQL ends that after
   * deadlock_timeout, a second, failing one side with 40P01). docs/partitions.md, "Lock order".
   */
  prefetch?: (batch: Batch) => void;
};

export type Writer = {
  /**
   * Runs `job` in the next batch, inside its own savepoint (or, `inMemory`, with its writes
   * kept by the batch and taken back in memory): a job that throws rolls back alone and its
   * caller gets the error; the others commit. Resolves only once the batch has
   * committed, so an answer never acknowledges what a crash could still lose.
   * A job may run twice: when its batch failed whole on a database error that surely rolled it
   * back, each of its jobs runs again in a batch of its own. So a job's effects are its batch's
   * writes and its afterCommit work, both dropped with a failed batch (a source's `execute` is
   * the exception: the simulated market prints those fills again).
   */
  run<T>(job: Job<T>, options?: RunOptions): Promise<T>;
  /** Resolves when everything submitted so far has committed (or failed). */
  drain(): Promise<void>;
  stats(): WriterStats;
};

export type WriterStats = {
  batches: number;
  jobs: number;
  largestBatch: number;
  /**
   * Batches PostgreSQL failed as one side of a lock cycle (40P01). Their jobs run again, so no
   * caller sees it; each still stalled the partition for deadlock_timeout. Zero is the rule
   * (docs/partitions.md, "Lock order").
   */
  deadlocks: number;
};

/**
 * The batch's share of the advisory lock multi-user passes take exclusively
 * (server/ledger/pass-barrier.ts): the FROM item of its first statement, so it is taken before
 * any of that statement's columns locks a row.
 */
const PASS_BARRIER = sql`(select pg_advisory_xact_lock_shared(${sql.raw(String(PASS_BARRIER_KEY))}::bigint)) barrier`;

/** A job that writes SQL itself: its savepoint may roll back rows and locks the batch had read. */
async function runInSavepoint<T>(tx: Db, state: Batch, job: (sp: Db) => Promise<T>): Promise<T> {
  try {
    return await tx.transaction((sp) => job(sp));
  } finally {
    state.invalidate();
  }
}

type Pending = {
  job: Job<unknown>;
  inMemory: boolean;
  prefetch: ((batch: Batch) => void) | undefined;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
  /** Times its batch was the database's victim (a deadlock, a serialization failure). */
  victim: number;
};

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };
/** A batch's jobs' outcomes, in job order, and what runs once it commits. */
type Ran = { outcomes: Outcome[]; after: (() => void)[] };

/** On PostgreSQL the batch's BEGIN and COMMIT ride with its first and last statements. */
function batchTransaction(db: Db): (fn: (tx: Db) => Promise<void>) => Promise<void> {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client instanceof pg.Pool
    ? (fn) => pgBatchTransaction(db, client, fn)
    : (fn) => db.transaction((t) => fn(t));
}

/** Runs a batch's jobs in order inside its transaction, then writes what they did. */
async function runJobs(
  tx: Db,
  run: Runner,
  batch: readonly Pending[],
  fence: Read | undefined,
  events: UserEvents,
  stats: WriterStats,
): Promise<Ran> {
  const outcomes: Outcome[] = [];
  const after: (() => void)[] = [];
  const state = new Batch(tx, run);
  state.remaining = batch.length;
  for (const item of batch) item.prefetch?.(state);
  await state.prefetch(fence, PASS_BARRIER);
  for (const [i, item] of batch.entries()) {
    state.remaining = batch.length - i;
    const mine: (() => void)[] = [];
    const afterCommit = (fn: () => void) => mine.push(fn);
    // A failed flush leaves the transaction unusable: it fails the batch, not one job.
    if (!item.inMemory) await state.flush();
    const mark = state.mark();
    try {
      const value = item.inMemory
        ? await item.job({ tx, batch: state, afterCommit, events })
        : await runInSavepoint(tx, state, (sp) => item.job({ tx: sp, batch: state, afterCommit, events }));
      outcomes.push({ ok: true, value });
      after.push(...mine);
    } catch (error) {
      // An in-memory job has no savepoint: a statement of its that failed left the whole
      // transaction aborted, and its COMMIT would quietly roll back what the others did.
      // So the batch fails, never a "done" for what was not written; its jobs then run
      // again one a batch (`alone`), and only this one hears its error.
      if (item.inMemory && isDatabaseError(error)) throw error;
      // A job in its savepoint fails alone: its caller hears it, and the count keeps it seen.
      if (sqlStateOf(error) === '40P01') stats.deadlocks++;
      state.rollback(mark);
      outcomes.push({ ok: false, error });
    }
  }
  // Nothing follows: on PostgreSQL its COMMIT goes out in the same round trip.
  await state.flush({ last: true });
  return { outcomes, after };
}

/** A committed batch: its after-commit work runs, then each job hears its outcome. */
function settle(batch: readonly Pending[], { outcomes, after }: Ran): void {
  for (const fn of after) {
    try {
      fn();
    } catch {
      // A listener's failure must not turn a committed job into a reported failure.
    }
  }
  batch.forEach((item, i) => {
    const outcome = ensure(outcomes[i], 'an outcome for each batched call');
    if (outcome.ok) item.resolve(outcome.value);
    else item.reject(outcome.error);
  });
}

export type WriterOptions = {
  maxBatch?: number;
  /**
   * Read first in every batch's transaction, with the batch's prefetch, before any job runs;
   * its `take` throwing rolls the whole batch back and every job hears the error (a cluster
   * partition's epoch check, server/cluster/fence.ts).
   */
  fence?: Read;
};

/**
 * Group commit: the trading engines' single writer. Jobs run one at a time, in submission order
 * (so the in-memory books and the database agree on what happened first), and every job that
 * arrives while a batch is committing waits for the next one, which commits them all at once.
 * Jobs that write only through the batch (RunOptions.inMemory) cost no statement of their own:
 * the batch reads what they named in one statement per table and writes what they did in one
 * statement at its end, so the database's price is paid per batch, not per order, and still
 * nothing is acknowledged before it is durable.
 */
export function createWriter(db: Db, options: WriterOptions = {}): Writer {
  const maxBatch = options.maxBatch ?? 256;
  const { fence } = options;
  const queue = new JobQueue<Pending>(maxBatch);
  let running: Promise<void> | null = null;
  const stats: WriterStats = { batches: 0, jobs: 0, largestBatch: 0, deadlocks: 0 };
  const run = statementRunner(db);
  const transaction = batchTransaction(db);
  const events = eventsOf(db);

  async function runBatch(): Promise<void> {
    let batch: Pending[] = [];
    let done: Ran = { outcomes: [], after: [] };
    try {
      await transaction(async (tx) => {
        // The batch is taken once the transaction holds the connection, not when it was asked
        // for: on PGlite the wait for it can be long, and every job arriving meanwhile joins.
        batch = queue.take();
        done = await runJobs(tx, run, batch, fence, events, stats);
      });
    } catch (error) {
      // The commit itself failed: nothing of this batch is durable, so nobody may hear "done".
      // (Failing to begin leaves the batch untaken: its jobs hear the error too.) When the
      // database surely rolled it back, its jobs run again one a batch instead (`alone`).
      if (batch.length === 0) batch = queue.take();
      if (sqlStateOf(error) === '40P01') stats.deadlocks++;
      // A batch alone runs again only when the database ended it for another's sake.
      const victim = wasVictim(error) && batch.every((item) => item.victim < VICTIM_RUNS);
      if ((batch.length > 1 || victim) && rolledBackForSure(error)) {
        if (victim) for (const item of batch) item.victim++;
        queue.again(batch);
        return;
      }
      for (const item of batch) item.reject(error);
      return;
    }
    stats.batches++;
    stats.jobs += batch.length;
    stats.largestBatch = Math.max(stats.largestBatch, batch.length);
    settle(batch, done);
  }

  function pump(): void {
    if (running || queue.size() === 0) return;
    // The batch starts on the next turn of the event loop, not in this one's microtasks: the
    // requests already read off the sockets get to run up to their writer.run() and join it.
    // (PGlite answers within microtasks, so a batch begun at once would hold one job only.)
    running = new Promise<void>((resolve) => setImmediate(resolve)).then(runBatch).finally(() => {
      running = null;
      pump();
    });
  }

  return {
    run<T>(job: Job<T>, options: RunOptions = {}): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        queue.add({
          job: job as Job<unknown>,
          inMemory: options.inMemory ?? false,
          prefetch: options.prefetch,
          resolve: resolve as (v: unknown) => void,
          reject,
          victim: 0,
        });
        // Let the requests of this turn of the event loop join the same batch.
        queueMicrotask(pump);
      });
    },
    async drain() {
      while (running || queue.size() > 0) {
        pump();
        await running;
      }
    },
    stats: () => ({ ...stats }),
  };
}
