import { sql } from 'drizzle-orm';
import { check, type AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * A check that a text column holds one of the values the domain lists, written from that list so
 * the table and the wire cannot drift. The values are the domain's own constants (never input),
 * rendered as SQL literals in the list's order.
 */
export const oneOfCheck = (name: string, column: AnyPgColumn, values: readonly string[]) =>
  check(name, sql`${column} in (${sql.raw(values.map((value) => `'${value}'`).join(', '))})`);
