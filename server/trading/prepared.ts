import { createHash } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { deferredOf } from './pg-batch';

const dialect = new PgDialect();

/** A parameter as an SQL literal, or null when it is not one we write inline. */
function literal(value: unknown): string | null {
  if (value === null) return 'NULL';
  // A negative number in parentheses: written after a minus sign (`balance -$1`) it would
  // otherwise make `--5`, which SQL reads as the start of a comment.
  if (typeof value === 'number' && Number.isFinite(value)) return value < 0 ? `(${value})` : String(value);
  // standard_conforming_strings is on (the default since PostgreSQL 9.1): only ' needs doubling.
  if (typeof value === 'string') return `'${value.replaceAll("'", "''")}'`;
  return null;
}

/**
 * Runs the batch's big statements (prefetch, flush) as named prepared statements with a
 * generic plan on PGlite: planning one costs more there than running it (the prefetch: 1.5 ms
 * as an unnamed statement, 0.36 ms prepared), and PGlite plans every unnamed statement anew. Each statement shape is prepared once per
 * database (prepared statements outlive the transaction that made them, even a rolled-back
 * one), then executed with its parameters written inline. node-postgres pools connections
 * and PostgreSQL plans natively fast, so there statements run as they are.
 */
export type Runner = (tx: Db, query: SQL, options?: RunStatement) => Promise<unknown>;

export type RunStatement = {
  /**
   * Nothing follows this statement in its transaction: where the transaction allows it
   * (pg-batch.ts), the COMMIT goes out with it in the same round trip.
   */
  last?: boolean;
};

type Exec = (query: string) => Promise<{ rows: unknown[] }[]>;

/**
 * PGlite's `exec` on the connection under a drizzle transaction: the simple query protocol, one
 * message into PostgreSQL. drizzle's `execute` goes through PGlite's extended protocol instead
 * (parse, describe, bind, describe, execute: five passes through the WebAssembly), which for an
 * `execute name(…)` whose plan is already made cost ~0.3 ms a statement on top of running it.
 */
function execOf(tx: Db): Exec | null {
  const client = (tx as unknown as { session?: { client?: { exec?: unknown } } }).session?.client;
  const exec = client?.exec;
  return typeof exec === 'function' ? (query) => (exec as Exec).call(client, query) : null;
}

export function statementRunner(db: Db): Runner {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (!(client instanceof PGlite)) return postgresRunner;
  const ready = new Map<string, string | null>();
  return async (tx, query) => {
    const { sql: text, params } = dialect.sqlToQuery(query);
    const args = params.map(escapedLiteral);
    if (args.some((a) => a === null)) return tx.execute(query);
    let name = ready.get(text);
    if (name === undefined) {
      name = `batch_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
      try {
        // In a savepoint: a statement that cannot be prepared must not spoil the batch.
        // A generic plan is the point: the default plans each of the first executions anew.
        // It only concerns named prepared statements, which no other code here makes.
        await tx.transaction(async (sp) => {
          await sp.execute(sql.raw('set plan_cache_mode = force_generic_plan'));
          await sp.execute(sql.raw(`prepare ${name} as ${text}`));
        });
      } catch {
        name = null;
      }
      ready.set(text, name);
    }
    if (name === null) return tx.execute(query);
    const call = args.length > 0 ? `execute ${name}(${args.join(', ')})` : `execute ${name}`;
    const exec = execOf(tx);
    if (!exec) return tx.execute(sql.raw(call));
    // One statement, one result: shaped as drizzle's execute answers ({ rows }).
    const results = await exec(call);
    return results[0];
  };
}

/**
 * A parameter as an escape-string literal (E'…'): read the same whatever the server's
 * standard_conforming_strings, which a PostgreSQL server we do not run may have turned off.
 */
function escapedLiteral(value: unknown): string | null {
  if (typeof value !== 'string') return literal(value);
  return `E'${value.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;
}

/**
 * `query` as one SQL text with its parameters written inline, or null when one of them is not
 * a value we write inline. The batch's statements are our own text around parameters: a `$n`
 * in them is always a placeholder.
 */
export function inline(query: SQL): string | null {
  const { sql: text, params } = dialect.sqlToQuery(query);
  const args = params.map(escapedLiteral);
  if (args.some((a) => a === null)) return null;
  return text.replace(/\$(\d+)/g, (_, n: string) => args[Number(n) - 1]!);
}

/**
 * On PostgreSQL a statement inside a batch transaction (pg-batch.ts) goes out as a simple query
 * with the transaction's BEGIN before it when it is the first, and its COMMIT after it when it
 * is the last: two round trips a batch instead of four. PostgreSQL plans an unnamed statement
 * each time either way.
 */
const postgresRunner: Runner = (tx, query, options = {}) => {
  const deferred = deferredOf(tx);
  const text = deferred ? inline(query) : null;
  if (!deferred || text === null) return tx.execute(query);
  return deferred.simple(text, options.last ?? false);
};
