import { sql, type SQL } from 'drizzle-orm';
import type { AccountType } from '../../auth/session';
import { messages, type LocalizedText } from '../../db/schema/content';
import { spotFills, spotOrders, spotPositions, stockLocks } from '../../db/schema/trading';
import { insertJson, jsonRows, keyArray } from '../json-rows';
import type { PositionRow } from './pending-reads';
import type { FillRow, OrderRow } from './rows';

export type LockRow = typeof stockLocks.$inferInsert;
export type MessageRow = {
  id: bigint;
  userId: bigint;
  accountType: AccountType;
  title: LocalizedText;
  body: LocalizedText;
};

/** What a spot batch flushes: every row it kept in memory (SpotPending), by table. */
export type SpotRows = {
  /** New orders, in their final state. */
  created: OrderRow[];
  /** Orders that existed before the batch, in their new state. */
  changed: OrderRow[];
  fills: FillRow[];
  locks: LockRow[];
  positions: PositionRow[];
  messages: (MessageRow & { kind: 'personal' })[];
};

/** The batch's writes: one multi-row statement per table that has rows, in this order. */
export function spotWrites(rows: SpotRows): SQL[] {
  const writes: SQL[] = [];
  if (rows.created.length > 0) writes.push(insertJson(spotOrders, rows.created, { overriding: true }));
  if (rows.changed.length > 0) writes.push(updateOrders(rows.changed));
  if (rows.fills.length > 0) writes.push(insertJson(spotFills, rows.fills, { overriding: true }));
  if (rows.locks.length > 0) writes.push(insertJson(stockLocks, rows.locks));
  if (rows.positions.length > 0)
    writes.push(insertJson(spotPositions, rows.positions, { then: POSITION_UPSERT }));
  if (rows.messages.length > 0) writes.push(insertJson(messages, rows.messages, { overriding: true }));
  return writes;
}

/** The columns a booking changes, for many orders in one statement. */
function updateOrders(rows: OrderRow[]): SQL {
  const { source } = jsonRows(spotOrders, rows);
  const ids = keyArray(
    rows.map((r) => r.id),
    'bigint',
  );
  return sql`${UPDATE_ORDERS}(${source}) as v where o.id = v.id and o.id = any(${ids})`;
}

// Constant SQL as raw text: drizzle re-renders table objects on every use (json-rows.ts).
const POSITION_UPSERT = sql.raw(`on conflict (user_id, account_type, wallet, symbol) do update set
  avg_cost = excluded.avg_cost, realized_pnl = excluded.realized_pnl, updated_at = excluded.updated_at`);
const UPDATE_ORDERS = sql.raw(`update "spot_orders" o set filled_qty = v.filled_qty,
  filled_amount = v.filled_amount, fees = v.fees, frozen = v.frozen, realized_pnl = v.realized_pnl,
  status = v.status, status_reason = v.status_reason, updated_at = v.updated_at from `);
