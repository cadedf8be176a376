import { Name, SQL, StringChunk, Table } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';

const dialect = new PgDialect();
/** drizzle's own keys on a table (drizzle-orm/table.js; its `Table.Symbol` is not in the typings). */
const NAME = Symbol.for('drizzle:Name');
const SCHEMA = Symbol.for('drizzle:Schema');
/** An aliased table, which drizzle writes unqualified. */
const IS_ALIAS = Symbol.for('drizzle:IsAlias');

/** A statement as PostgreSQL receives it: text with `$n` placeholders, and their values. */
export type QueryText = { sql: string; params: unknown[] };

/**
 * A batch statement's text and parameters exactly as drizzle's `PgDialect.sqlToQuery` renders
 * them, in one pass over the only chunks the batch's statements are made of: text, raw SQL,
 * nested `sql`, identifiers, tables and plain values. drizzle's general renderer copies its options and
 * merges arrays at every level and opens a tracing span per statement; rendering the batch's two
 * statements that way took ~7 % of the broker's busy main thread at 550 orders/s. Anything else
 * (a column, a Param, inlined parameters) goes to drizzle, whole. Tables are rendered
 * here too: the ledger's prefetch and balance update name theirs, and left to drizzle both
 * statements of every batch took the slow path, ~1.7 % of the broker's samples at 800 orders/s.
 */
export function toQuery(query: SQL): QueryText {
  const out: QueryText = { sql: '', params: [] };
  return render(query, out) ? out : dialect.sqlToQuery(query);
}

/** Appends `query` to `out`; false when it holds a chunk left to drizzle. */
function render(query: SQL, out: QueryText): boolean {
  // drizzle's own flag for `sql.inlineParams()`: its values are written into the text.
  if ((query as unknown as { shouldInlineParams: boolean }).shouldInlineParams) return false;
  for (const chunk of query.queryChunks as unknown[]) {
    if (chunk instanceof StringChunk) out.sql += chunk.value.join('');
    else if (chunk instanceof SQL) {
      if (!render(chunk, out)) return false;
    } else if (chunk instanceof Name) out.sql += quoted(chunk.value);
    else if (chunk instanceof Table) {
      const table = chunk as unknown as Record<symbol, string | boolean | undefined>;
      const schema = table[SCHEMA] as string | undefined;
      const name = quoted(table[NAME] as string);
      out.sql += schema === undefined || table[IS_ALIAS] === true ? name : `${quoted(schema)}.${name}`;
    } else if (chunk === undefined) continue;
    else if (
      chunk === null ||
      typeof chunk === 'string' ||
      typeof chunk === 'number' ||
      typeof chunk === 'boolean' ||
      typeof chunk === 'bigint'
    ) {
      out.params.push(chunk);
      out.sql += `$${out.params.length}`;
    } else return false;
  }
  return true;
}

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;
