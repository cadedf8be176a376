import { getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * Many rows as ONE parameter: a JSON array the database turns back into rows of the table's
 * own type (json_populate_recordset). Hundreds of rows cost one parameter instead of one per
 * value, which is most of a multi-row statement's price in drizzle and PGlite alike.
 * Values go as JSON strings where they are not plain JSON (bigint, NUMERIC strings stay text).
 */
export function jsonRows<T extends PgTable>(
  table: T,
  rows: readonly Record<string, unknown>[],
): { columns: SQL; source: SQL } {
  const columns = Object.values(getTableColumns(table)).map((c) => c.name);
  const used = new Set<string>();
  const objects = rows.map((row) => {
    const out: Record<string, unknown> = {};
    for (const [key, column] of Object.entries(getTableColumns(table))) {
      const value = row[key];
      if (value === undefined) continue;
      used.add(column.name);
      out[column.name] = typeof value === 'bigint' ? String(value) : value;
    }
    return out;
  });
  // Only the columns some row gives: the others keep their defaults (identity, created_at…).
  const names = columns.filter((c) => used.has(c)).map((c) => sql.identifier(c));
  const list = sql.join(names, sql`, `);
  const name = sql.identifier(getTableName(table));
  return {
    columns: sql`(${list})`,
    source: sql`select ${list} from json_populate_recordset(null::${name}, ${JSON.stringify(objects)}::json)`,
  };
}

/** `insert into table (columns) [overriding system value] select … from the JSON rows`. */
export function insertJson<T extends PgTable>(
  table: T,
  rows: readonly Record<string, unknown>[],
  options: { overriding?: boolean; then?: SQL } = {},
): SQL {
  const { columns, source } = jsonRows(table, rows);
  return sql`insert into ${table} ${columns} ${options.overriding ? sql`overriding system value ` : sql``}${source} ${options.then ?? sql``}`;
}
