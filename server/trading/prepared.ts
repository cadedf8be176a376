import { createHash } from 'node:crypto';
import { PGlite, protocol } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { deferredOf } from './pg-batch';
import { toQuery } from './sql-text';
import { ensure } from '../../domain/assert';

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
 * generic plan, executed with their parameters written inline. Each statement shape is prepared
 * once (prepared statements outlive the transaction that made them, even a rolled-back one):
 * per database on PGlite, where planning one costs more than running it (the prefetch: 1.5 ms as
 * an unnamed statement, 0.36 ms prepared); per pooled connection on PostgreSQL (postgresRunner).
 */
export type Runner = (tx: Db, query: SQL, options?: RunStatement) => Promise<unknown>;

export type RunStatement = {
  /**
   * Nothing follows this statement in its transaction: where the transaction allows it
   * (pg-batch.ts), the COMMIT goes out with it in the same round trip.
   */
  last?: boolean;
};

type Exec = (query: string) => Promise<{ rows: unknown[] }>;

/** The protocol messages PGlite answers (its `protocol.messages` classes), as read here. */
type BackendMessage = { name: string; fields?: unknown[] };

/** A simple query's rows from its backend messages, each column's text by name (null as null). */
function rowsOf(messages: readonly BackendMessage[]): Record<string, unknown>[] {
  let names: string[] = [];
  const rows: Record<string, unknown>[] = [];
  for (const message of messages) {
    if (message.name === 'rowDescription')
      names = (message.fields as { name: string }[]).map((field) => field.name);
    else if (message.name === 'dataRow') {
      const row: Record<string, unknown> = {};
      (message.fields as unknown[]).forEach(
        (value, i) => (row[ensure(names[i], 'a described field for each value')] = value),
      );
      rows.push(row);
    }
  }
  return rows;
}

/**
 * A statement of the batch's transaction sent to PGlite as one simple-protocol Query message
 * (one pass through the WebAssembly), its rows answered as text. drizzle's `execute` goes through
 * the extended protocol (parse, describe, bind, describe, execute: five passes), which for an
 * `execute name(…)` whose plan is already made cost ~0.3 ms a statement on top of running it;
 * and PGlite's own `exec` follows the Query with a Sync the simple protocol does not need (a
 * second pass) and converts every column through its type parsers: ~0.17 ms of CPU a batch
 * (a market order's prefetch and flush replayed in a transaction, 3 × 600 batches: 2.60
 * against 2.77 ms).
 * Only inside the writer's transaction, whose client has `rollback`: PGlite's transaction lock,
 * which that transaction holds, keeps every other caller's statements out; on the instance
 * itself this path would take only the per-statement lock, and could land inside someone
 * else's transaction.
 */
function execOf(pglite: PGlite, tx: Db): Exec | null {
  const client = (tx as unknown as { session?: { client?: { rollback?: unknown } } }).session?.client;
  if (typeof client?.rollback !== 'function') return null;
  return async (query) => {
    const { messages } = await pglite.runExclusive(() =>
      pglite.execProtocol(protocol.serialize.query(query), { syncToFs: false }),
    );
    return { rows: rowsOf(messages as BackendMessage[]) };
  };
}

export function statementRunner(db: Db): Runner {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (!(client instanceof PGlite)) return postgresRunner();
  const ready = new Map<string, string | null>();
  return async (tx, query) => {
    const written = literals(query);
    if (!written) return tx.execute(query);
    const { text, args } = written;
    let name = ready.get(text);
    if (name === undefined) {
      name = statementName(text);
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
    const call = executeCall(name, args);
    const exec = execOf(client, tx);
    if (!exec) return tx.execute(sql.raw(call));
    // Shaped as drizzle's execute answers ({ rows }); json columns stay text (readAll parses them).
    return exec(call);
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
  const written = literals(query);
  return written && withArgs(written.text, written.args);
}

/**
 * The statement's text (with `$n` placeholders: the key its prepared form is known by) and its
 * parameters as literals, or null when one of them is not a value we write inline.
 */
function literals(query: SQL): { text: string; args: string[] } | null {
  const { sql: text, params } = toQuery(query);
  const args: string[] = [];
  for (const param of params) {
    const arg = escapedLiteral(param);
    if (arg === null) return null;
    args.push(arg);
  }
  return { text, args };
}

/** The name a statement's text is prepared under, the same wherever it is prepared. */
function statementName(text: string): string {
  return `batch_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
}

/** `execute name(literals…)`: a prepared statement run with its parameters written inline. */
function executeCall(name: string, args: readonly string[]): string {
  return args.length > 0 ? `execute ${name}(${args.join(', ')})` : `execute ${name}`;
}

/** The statement's `$n` placeholders replaced by its literals. */
function withArgs(text: string, args: readonly string[]): string {
  return text.replace(/\$(\d+)/g, (_, n: string) =>
    ensure(args[Number(n) - 1], 'an argument for each placeholder'),
  );
}

/** A generic plan for the statement between these two, and the connection's setting after it. */
const GENERIC = 'set local plan_cache_mode = force_generic_plan';
const SETTING_BACK = 'set local plan_cache_mode = default';

/** Statement shapes a PostgreSQL connection keeps prepared at most; the rest run unprepared. */
const MAX_PREPARED = 256;

/**
 * Per pooled connection, each statement text's prepared name (null: it could not be prepared).
 * Shared by every writer of the process: prepared statements belong to the connection, and
 * writers on one pool take turns on its connections.
 */
const prepared = new WeakMap<object, Map<string, string | null>>();

/**
 * On PostgreSQL a statement inside a batch transaction (pg-batch.ts) goes out as a simple query
 * with the transaction's BEGIN before it when it is the first, and its COMMIT after it when it
 * is the last: two round trips a batch instead of four. Each shape of statement is prepared once
 * per connection and then executed with its parameters written inline: PostgreSQL plans an
 * unnamed statement every time, and planning the batch's two statements cost a third of the
 * database's time per batch (pg_stat_statements at 690 orders/s: prefetch 0.35 ms to plan and
 * 0.35 to run, flush 0.20 and 0.86; as generic plans, nothing to plan and 0.22 and 0.76 to run).
 */
function postgresRunner(): Runner {
  return async (tx, query, options = {}) => {
    const deferred = deferredOf(tx);
    if (!deferred) return tx.execute(query);
    const written = literals(query);
    if (!written) return tx.execute(query);
    const { text, args } = written;
    let names = prepared.get(deferred.client);
    if (!names) prepared.set(deferred.client, (names = new Map()));
    let name = names.get(text);
    if (name === undefined && names.size < MAX_PREPARED) {
      const candidate = statementName(text);
      name = (await deferred.prepare(candidate, text)) ? candidate : null;
      names.set(text, name);
    }
    if (!name) return deferred.simple(withArgs(text, args), options.last ?? false);
    // Its generic plan, for this statement only (the transaction's other statements, a job's own
    // SQL, keep the connection's setting): PostgreSQL would otherwise plan the prefetch anew for
    // every batch, its custom plan looking cheaper on paper.
    const call = `${GENERIC}; ${executeCall(name, args)}; ${SETTING_BACK}`;
    return deferred.simple(call, options.last ?? false, 1);
  };
}
