import type { Pool, PoolClient, QueryResult } from 'pg';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres/session';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { ensure } from '../../domain/assert';

/**
 * A writer batch's transaction on PostgreSQL in two round trips instead of four: BEGIN goes out
 * with the batch's first statement and COMMIT with its last, each pair as one simple-protocol
 * query (`begin; <read>` and `<write>; commit`). Every round trip to the server costs the broker
 * a socket write and read and the server a wake-up, and the batch holds its locks meanwhile.
 * Any other statement of the transaction (a fence, a job's own SQL) first sends the BEGIN it
 * still owes, so nothing ever runs outside the transaction.
 */
class Deferred {
  begun = false;
  committed = false;

  /** The client drizzle's session sees: its queries open the transaction first if needed. */
  readonly proxy: PoolClient;

  constructor(readonly client: PoolClient) {
    this.proxy = new Proxy(client, {
      get: (target, prop) => {
        if (prop === DEFERRED) return this;
        const value: unknown = Reflect.get(target, prop, target);
        if (prop !== 'query' || typeof value !== 'function') return value;
        const query = value as (...args: unknown[]) => Promise<unknown>;
        return async (...args: unknown[]) => {
          await this.begin();
          return query.apply(target, args);
        };
      },
    });
  }

  async begin(): Promise<void> {
    if (this.begun) return;
    this.begun = true;
    await this.client.query('begin');
  }

  /**
   * Runs one statement, written out with its parameters inline, with the BEGIN still owed before
   * it and, when `commit`, the COMMIT after it, in one round trip; answers the statement's result
   * (`before`: how many statements of `text` come ahead of it). A statement that fails stops
   * the rest of the query string: its COMMIT never runs.
   */
  async simple(text: string, commit: boolean, before = 0): Promise<QueryResult> {
    const head = this.begun ? '' : 'begin; ';
    this.begun = true;
    const results = (await this.client.query(`${head}${text}${commit ? '; commit' : ''}`)) as unknown as
      QueryResult | QueryResult[];
    if (commit) {
      this.committed = true;
      committedOrThrow(Array.isArray(results) ? results[results.length - 1] : results);
    }
    return Array.isArray(results)
      ? ensure(results[(head ? 1 : 0) + before], 'a result for each statement sent')
      : results;
  }

  /**
   * Prepares `text` as `name` on this connection; answers whether it could. Before the BEGIN it
   * goes out on its own (outside any transaction); inside it, in a savepoint, so a statement
   * that cannot be prepared costs the batch nothing and runs unprepared instead. A prepared
   * statement outlives the transaction, even one rolled back.
   */
  async prepare(name: string, text: string): Promise<boolean> {
    if (!this.begun)
      return this.client.query(`prepare ${name} as ${text}`).then(
        () => true,
        () => false,
      );
    try {
      await this.client.query(
        `savepoint prepare_statement; prepare ${name} as ${text}; release savepoint prepare_statement`,
      );
      return true;
    } catch {
      await this.client.query('rollback to savepoint prepare_statement; release savepoint prepare_statement');
      return false;
    }
  }

  /** Ends the transaction with a COMMIT of its own when the last statement did not carry one. */
  async commit(): Promise<void> {
    if (this.committed || !this.begun) return;
    this.committed = true;
    committedOrThrow(await this.client.query('commit'));
  }
}

/**
 * PostgreSQL answers COMMIT in a transaction a failed statement aborted with ROLLBACK, not an
 * error: nothing was written, so nobody may hear "done".
 */
function committedOrThrow(result: QueryResult | undefined): void {
  if (result?.command !== 'COMMIT')
    throw new Error(
      `the batch's COMMIT answered ${result?.command ?? 'nothing'}: its transaction had failed`,
    );
}

const DEFERRED = Symbol('deferred begin');

/** The transaction behind a batch's `tx`, when it runs through pgBatchTransaction. */
export function deferredOf(tx: Db): Deferred | undefined {
  const client = (tx as unknown as { session?: { client?: Record<symbol, unknown> } }).session?.client;
  return client?.[DEFERRED] as Deferred | undefined;
}

type FullSchema = Db['_']['fullSchema'];
type Relations = NonNullable<Db['_']['schema']>;

/**
 * drizzle's own pieces of a transaction on `client`, typed as the database they come from, so
 * the batch's `tx` is a `Db` without a cast. The dialect is stateless (no casing is configured)
 * and the session takes no options (no logger, no cache), as drizzle's node-postgres driver
 * builds them.
 */
const dialect = new PgDialect();
function transactionOn(db: Db, client: PoolClient): Db {
  const relational = db._.schema && {
    fullSchema: db._.fullSchema,
    schema: db._.schema,
    tableNamesMap: db._.tableNamesMap,
  };
  const session = new NodePgSession<FullSchema, Relations>(client, dialect, relational);
  return new NodePgTransaction<FullSchema, Relations>(dialect, session, relational);
}

/** Runs `fn` in a transaction on its own pooled connection, as drizzle's db.transaction does. */
export async function pgBatchTransaction<T>(db: Db, pool: Pool, fn: (tx: Db) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  const deferred = new Deferred(client);
  let broken: Error | undefined;
  try {
    const tx = transactionOn(db, deferred.proxy);
    try {
      const result = await fn(tx);
      await deferred.commit();
      return result;
    } catch (error) {
      // Also after a COMMIT that failed: PostgreSQL then only warns that no transaction is open.
      if (deferred.begun)
        await client.query('rollback').catch((rollbackError: unknown) => {
          // A connection that cannot even roll back goes away instead of back to the pool.
          broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
        });
      throw error;
    }
  } finally {
    client.release(broken);
  }
}
