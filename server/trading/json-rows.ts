import { getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/** A table's property → column names, and its quoted name, worked out once per table. */
type Shape = { columns: readonly (readonly [key: string, name: string])[]; quoted: string };
const shapes = new WeakMap<PgTable, Shape>();

function shapeOf(table: PgTable): Shape {
  let shape = shapes.get(table);
  if (!shape) {
    const columns = Object.entries(getTableColumns(table)).map(([key, c]) => [key, c.name] as const);
    shape = { columns, quoted: `"${getTableName(table)}"` };
    shapes.set(table, shape);
  }
  return shape;
}

/**
 * Many rows as ONE parameter: a JSON array the database turns back into rows of the table's
 * own type (json_populate_recordset). Hundreds of rows cost one parameter instead of one per
 * value, which is most of a multi-row statement's price in drizzle and PGlite alike.
 * Values go as JSON strings where they are not plain JSON (bigint, NUMERIC strings stay text).
 * The SQL around the parameter is raw text (our own table and column names): the batch writes
 * several of these per order batch, and rendering them from drizzle's column objects every
 * time cost more than the rest of the order's JavaScript.
 */
export function jsonRows<T extends PgTable>(
  table: T,
  rows: readonly Record<string, unknown>[],
): { columns: string; source: SQL } {
  const shape = shapeOf(table);
  const used = new Set<string>();
  const objects = rows.map((row) => {
    const out: Record<string, unknown> = {};
    for (const [key, name] of shape.columns) {
      const value = row[key];
      if (value === undefined) continue;
      used.add(name);
      out[name] = typeof value === 'bigint' ? String(value) : value;
    }
    return out;
  });
  // Only the columns some row gives: the others keep their defaults (identity, created_at…).
  const list = shape.columns
    .filter(([, name]) => used.has(name))
    .map(([, name]) => `"${name}"`)
    .join(', ');
  return {
    columns: `(${list})`,
    source: sql`${sql.raw(`select ${list} from json_populate_recordset(null::${shape.quoted}, `)}${JSON.stringify(objects)}${sql.raw('::json)')}`,
  };
}

/** `insert into table (columns) [overriding system value] select … from the JSON rows`. */
export function insertJson<T extends PgTable>(
  table: T,
  rows: readonly Record<string, unknown>[],
  options: { overriding?: boolean; then?: SQL } = {},
): SQL {
  const { columns, source } = jsonRows(table, rows);
  const head = `insert into ${shapeOf(table).quoted} ${columns} ${options.overriding ? 'overriding system value ' : ''}`;
  return sql`${sql.raw(head)}${source} ${options.then ?? sql``}`;
}

/**
 * Keys as ONE array parameter (`= any(…)`), for statements that find rows by key. The batch's
 * statements run with a generic plan (prepared.ts), which guesses 100 rows for any JSON set:
 * joined to a table, that guess chose a hash join over a scan of the WHOLE table (an update of
 * one order read every order ever placed: 1.7 ms at 10,000 orders, growing with each one),
 * where `= any(array)` probes the index.
 */
export function keyArray(values: readonly (string | bigint)[], type: 'bigint' | 'text'): SQL {
  // Array literal elements quoted, with " and \ escaped: any text survives.
  const items = values.map((v) => `"${String(v).replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`);
  return sql`${`{${items.join(',')}}`}${sql.raw(`::${type}[]`)}`;
}
