import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { ErrorKey } from '../../domain/protocol/error-keys';
import type { Session } from '../auth/session';
import type { Db } from '../db/client';
import type { deposits, withdrawals } from '../db/schema/funding';
import { ApiError } from '../http/errors';

/** A list query of the caller's deposits or withdrawals. */
export type RequestListQuery = {
  id?: bigint | undefined;
  status?: string | undefined;
  currency?: string | undefined;
  page: number;
  size: number;
  /** The last request shown: the page is the ones after it, whatever `page` says. */
  before?: bigint | undefined;
};

/** The request tables: deposits and withdrawals share the columns a list filters and orders by. */
type RequestTable = typeof deposits | typeof withdrawals;

/** Which rows of the page to read, in order: what the table's own typed select applies. */
export type PageFilter = { where: SQL | undefined; orderBy: SQL[]; limit: number; offset: number };

/** The fields a deposit and a withdrawal answer both copy from their row as they are. */
export function requestText(row: RequestTable['$inferSelect']) {
  return {
    chain: row.chain,
    address: row.address,
    txHash: row.txHash,
    reason: row.reason,
    createdAt: row.createdAt,
    decidedAt: row.decidedAt,
  };
}

/** Applies a `PageFilter` to a table's own select, made dynamic so its row type survives. */
export function pageRows<Q extends PgSelect>(select: Q, f: PageFilter) {
  return select
    .where(f.where)
    .orderBy(...f.orderBy)
    .limit(f.limit)
    .offset(f.offset);
}

/**
 * One request (another user's id: `notFound`) or a page, newest first, of the caller's requests
 * of these kinds, each as `toWire` spells it. `read` is the table's select of `PageFilter`'s rows.
 */
export async function requestPage<Row, Wire>(
  db: Db,
  session: Session,
  table: RequestTable,
  kinds: readonly string[],
  q: RequestListQuery,
  notFound: ErrorKey,
  read: (filter: PageFilter) => Promise<Row[]>,
  toWire: (row: Row) => Promise<Wire>,
) {
  const where: SQL[] = [eq(table.userId, session.userId), inArray(table.kind, [...kinds])];
  if (q.id !== undefined) where.push(eq(table.id, q.id));
  if (q.status) where.push(eq(table.status, q.status));
  if (q.currency) where.push(eq(table.currency, q.currency));
  // Newest first by time, then id: the rows after the cursor's (time, id) in that order. A cursor
  // that is not one of the caller's requests of these kinds finds nothing, so the page is empty.
  const after =
    q.before === undefined
      ? []
      : [
          sql`(${table.createdAt}, ${table.id}) < (select r.created_at, r.id from ${table} r where r.id = ${q.before} and r.user_id = ${session.userId} and r.kind in (${sql.join(
            kinds.map((k) => sql`${k}`),
            sql`, `,
          )}))`,
        ];
  const rows = await read({
    where: and(...where, ...after),
    orderBy: [desc(table.createdAt), desc(table.id)],
    limit: q.size,
    offset: q.before !== undefined ? 0 : (q.page - 1) * q.size,
  });
  if (q.id !== undefined && rows.length === 0 && q.before === undefined) throw new ApiError(notFound);
  const [total] = await db
    .select({ n: count() })
    .from(table)
    .where(and(...where));
  const list = await Promise.all(rows.map(toWire));
  return { list, total: total?.n ?? 0, page: q.page, size: q.size };
}
