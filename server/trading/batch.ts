import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema/users';
import { BatchLedger } from './batch-ledger';
import { keyArray } from './json-rows';
import type { Read } from './batch-read';
import type { Runner, RunStatement } from './prepared';
import { assert, ensure } from '../../domain/assert';

/** A kind of row a batch writes with ids it chose itself (see IdPools). */
export type IdTable = 'spot_orders' | 'spot_fills' | 'ledger_transactions' | 'messages';
const TABLES: readonly IdTable[] = ['spot_orders', 'spot_fills', 'ledger_transactions', 'messages'];
/** How many ids of each kind a job is expected to take, to size one allocation for the batch. */
const PER_JOB: Record<IdTable, number> = {
  spot_orders: 1,
  spot_fills: 2,
  ledger_transactions: 2,
  messages: 1,
};

/**
 * Ids for rows the batch writes at its end: taken from the tables' own sequences up front, so a
 * job can answer an order's id (and the ledger can name its transaction) before the row exists.
 * One statement fills every pool at the batch's first need; a pool running dry refills alone.
 * Unused ids are gaps, as a rolled-back insert would leave; later batches still get larger ids.
 */
class IdPools {
  private readonly pools = new Map<IdTable, bigint[]>();
  private started = false;

  constructor(
    private readonly tx: Db,
    private readonly run: Runner,
    private readonly remaining: () => number,
  ) {}

  /** The first allocation of every pool, as part of the batch's prefetch statement. */
  read(): Read | null {
    if (this.started) return null;
    return this.allocate(TABLES);
  }

  private allocate(tables: readonly IdTable[]): Read {
    this.started = true;
    const columns = tables.map((t) => {
      const n = Math.max(4, this.remaining() * PER_JOB[t]);
      // The identity columns' sequences (named in the migrations), by name: resolving them per
      // row (pg_get_serial_sequence) costs more than the whole allocation.
      return sql`${t}::text, (select json_agg(nextval(${`${t}_id_seq`}::regclass)::text)
        from generate_series(1, ${n}::int))`;
    });
    return {
      query: sql`json_build_object(${sql.join(columns, sql`, `)})`,
      take: (value) => {
        const ids = value as Record<IdTable, string[]>;
        for (const t of tables) this.pools.set(t, ids[t].map((v) => BigInt(v)).reverse());
      },
    };
  }

  async next(table: IdTable): Promise<bigint> {
    const pool = this.pools.get(table);
    if (!pool || pool.length === 0) {
      await readAll(this.tx, this.run, [this.allocate(this.started ? [table] : TABLES)]);
      return this.next(table);
    }
    return ensure(pool.pop(), 'an id pool just checked non-empty');
  }
}

export type { Read } from './batch-read';

const NOTHING: Read = { query: sql`'{}'::json`, take: () => undefined };

/**
 * Runs reads as the columns of one `select`: one statement however many kinds they read. `gate`,
 * a one-row FROM item, is evaluated before any column: the columns are that row's projection.
 */
async function readAll(tx: Db, run: Runner, reads: readonly Read[], gate?: SQL): Promise<void> {
  if (reads.length === 0) return;
  const columns = reads.map((r, i) => sql`${r.query} as ${sql.identifier(`r${i}`)}`);
  const from = gate ? sql` from ${gate}` : sql``;
  const result = await run(tx, sql`select ${sql.join(columns, sql`, `)}${from}`);
  const row = (result as unknown as { rows: Record<string, unknown>[] }).rows[0];
  assert(row, 'a select without FROM or with a one-row gate answers one row');
  reads.forEach((r, i) => {
    const value = row[`r${i}`];
    // Both drivers parse json; a driver answering text is handled too.
    r.take(typeof value === 'string' ? JSON.parse(value) : value);
  });
}

/** A part of the batch's deferred writes (e.g. the spot engine's rows), written at flush. */
export type BatchPart = {
  /** The data-modifying statements (insert, update) that write what is pending. */
  pendingWrites(): SQL[];
  /** They went out: forget what was pending. */
  written(): void;
  /** Forgets what was read from the database (it may have changed under a direct write). */
  invalidate(): void;
  /** What the batch's jobs said they will need, read with the batch's one prefetch statement. */
  reads?(): Read[];
};

/**
 * The state one writer batch keeps in memory: the ledger's balances and postings, the engines'
 * pending rows, ids. Jobs change it through methods that log an undo step, so a job that fails
 * is taken back exactly (rollback to its mark) without a savepoint. Everything pending is
 * written by flush(): before a job that writes SQL itself, and before the batch commits.
 */
export class Batch {
  readonly ledger: BatchLedger;
  readonly ids: IdPools;
  /** Jobs of the batch not yet finished (the writer keeps it current): sizes id allocations. */
  remaining = 1;
  private readonly undo: (() => void)[] = [];
  private readonly parts = new Map<string, BatchPart>();
  private readonly rowsOf = new Set<bigint>();

  constructor(
    readonly tx: Db,
    private readonly run: Runner = (t, query) => t.execute(query),
  ) {
    this.ids = new IdPools(tx, run, () => this.remaining);
    this.ledger = new BatchLedger(tx, this);
  }

  /** Logs how to take back a change just made to the batch's memory. */
  record(step: () => void): void {
    this.undo.push(step);
  }

  mark(): number {
    return this.undo.length;
  }

  rollback(mark: number): void {
    while (this.undo.length > mark) ensure(this.undo.pop(), 'the undo list is longer than the mark')();
  }

  /**
   * Names a user whose row the batch's first statement locks (`for no key update`, before any
   * account, as code outside the writer takes a user's row before posting: user-lock.ts). A job
   * then counts and writes what is the user's across partitions alone (the conditional-order cap,
   * conditional/draft.ts): another partition's batch naming the user waits for this one's commit.
   */
  lockUser(userId: bigint): void {
    this.rowsOf.add(userId);
  }

  /** The named users' rows, locked in id order, as a read of the prefetch statement. */
  private usersRead(): Read | null {
    if (this.rowsOf.size === 0) return null;
    const ids = keyArray(
      [...this.rowsOf].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)),
      'bigint',
    );
    this.rowsOf.clear();
    return {
      query: sql`(select count(*) from (select id from ${users} where id = any(${ids})
        order by id for no key update) u)`,
      take: () => undefined,
    };
  }

  /** The engine's part of the pending writes, made on first use; flushed in order of creation. */
  part<T extends BatchPart>(key: string, make: () => T): T {
    let part = this.parts.get(key);
    if (!part) this.parts.set(key, (part = make()));
    return part as T;
  }

  /**
   * Reads what the jobs named (RunOptions.prefetch) for the whole batch, with the first ids,
   * as ONE statement; then creates the accounts that did not exist yet (rarely: a new symbol).
   * `first` is read before the rest (the writer's fence): its `take` throwing fails the batch
   * before any of it is used. `gate` (the writer's pass barrier) is taken before any of it.
   */
  async prefetch(first?: Read, gate?: SQL): Promise<void> {
    const reads: Read[] = first ? [first] : [];
    const locked = this.usersRead();
    if (locked) reads.push(locked);
    const ledger = this.ledger.read();
    if (ledger) reads.push(ledger);
    for (const part of this.parts.values()) reads.push(...(part.reads?.() ?? []));
    if (reads.length === 0) {
      // Nothing to read, but the gate is still taken before any job runs.
      if (!gate) return;
      reads.push(NOTHING);
    }
    const ids = this.ids.read();
    if (ids) reads.push(ids);
    await readAll(this.tx, this.run, reads, gate);
    await this.ledger.loadMissing();
  }

  /**
   * Writes everything pending as ONE statement (each write a data-modifying WITH query): a
   * statement costs far more in PGlite than the rows in it. Foreign keys are checked at the
   * statement's end, so fills may name orders inserted beside them. `last`: the transaction
   * ends with it (its COMMIT may go out with it).
   */
  async flush(options: RunStatement = {}): Promise<void> {
    const writes = [...this.ledger.pendingWrites()];
    for (const part of this.parts.values()) writes.push(...part.pendingWrites());
    if (writes.length > 0) {
      const queries = writes.map((w, i) => sql`${sql.identifier(`w${i}`)} as (${w})`);
      await this.run(this.tx, sql`with ${sql.join(queries, sql`, `)} select 1`, options);
    }
    this.ledger.written();
    for (const part of this.parts.values()) part.written();
    // What is written can no longer be taken back by the batch: a later failure is a job's own.
    this.undo.length = 0;
  }

  invalidate(): void {
    this.ledger.invalidate();
    for (const part of this.parts.values()) part.invalidate();
  }
}
