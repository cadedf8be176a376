import { sql } from 'drizzle-orm';
import { spotOrders, spotPositions, stockLocks } from '../../db/schema/trading';
import { users } from '../../db/schema/users';
import type { Read } from '../batch-read';
import { keyArray } from '../json-rows';
import type { OrderRow } from './rows';

/**
 * The statements a spot batch's prefetch reads with (see SpotPending): for every key the batch's
 * jobs named, one index probe, all answered as one JSON value of the batch's first statement.
 * Each read hands its rows, typed, to `take`; what they mean to the batch stays in SpotPending.
 */

export type PositionRow = typeof spotPositions.$inferSelect;
export type PositionKey = Pick<OrderRow, 'userId' | 'accountType' | 'wallet' | 'symbol'>;
export type ClientKey = Pick<OrderRow, 'userId' | 'accountType' | 'wallet'> & { clientOrderId: string };
type ClientOrderIdRow = {
  id: string;
  userId: string;
  accountType: string;
  wallet: string;
  clientOrderId: string;
};
export type LockKey = Pick<OrderRow, 'userId' | 'accountType' | 'symbol'>;
/** A lock sum asked for: as of the earliest time a sell of the batch checks it. */
export type LockAsk = LockKey & { now: number };
/** The locked quantity of a user's symbol still locked at the time asked, and the earliest unlock. */
export type LockSum = {
  userId: string;
  accountType: string;
  symbol: string;
  qty: string;
  until: string | null;
};

export const positionKey = (p: PositionKey) => `${p.userId}:${p.accountType}:${p.wallet}:${p.symbol}`;
export const lockKey = (k: Pick<LockSum, 'userId' | 'accountType' | 'symbol'> | LockKey) =>
  `${k.userId}:${k.accountType}:${k.symbol}`;
export const clientKey = (userId: bigint, accountType: string, wallet: string, clientOrderId: string) =>
  `${userId}:${accountType}:${wallet}:${clientOrderId}`;

/** The keys as JSON records with the user id as text (a bigint does not serialise). */
const recordsOf = <K extends { userId: bigint }>(keys: readonly K[]) =>
  JSON.stringify(keys.map((k) => ({ ...k, userId: String(k.userId) })));

/** T+1 (and lock-up) lock sums of users' stocks, each as of its own time. */
export function lockSumsRead(locks: readonly LockAsk[], take: (rows: LockSum[]) => void): Read {
  return {
    // One index probe per key (stock_locks_user_idx), as for client order ids below.
    query: sql`(select json_agg(json_build_object('userId', k."userId"::text, 'accountType', k."accountType",
        'symbol', k.symbol, 'qty', l.qty::text, 'until', l.until::text))
      from json_to_recordset(${recordsOf(locks)}::json)
        as k("userId" bigint, "accountType" text, symbol text, now bigint),
      lateral (select coalesce(sum(s.qty), 0) as qty, min(s.unlock_at) as until from ${stockLocks} s
        where s.user_id = k."userId" and s.account_type = k."accountType" and s.symbol = k.symbol
        and s.unlock_at > k.now offset 0) l)`,
    take: (value) => take((value ?? []) as LockSum[]),
  };
}

/** The ids of the orders already placed with these client order ids (absent: none). */
export function clientIdsRead(
  clients: readonly ClientKey[],
  take: (rows: { key: string; id: bigint }[]) => void,
): Read {
  return {
    // One index probe per key (lateral, kept apart by offset 0): a join would scan the table.
    query: sql`(select json_agg(json_build_object('id', o.id::text, 'userId', c."userId"::text,
        'accountType', c."accountType", 'wallet', c.wallet, 'clientOrderId', c."clientOrderId"))
      from json_to_recordset(${recordsOf(clients)}::json)
        as c("userId" bigint, "accountType" text, wallet text, "clientOrderId" text),
      lateral (select o.id from ${spotOrders} o where o.user_id = c."userId"
        and o.account_type = c."accountType" and o.wallet = c.wallet
        and o.client_order_id = c."clientOrderId" offset 0) o)`,
    take: (value) =>
      take(
        // The keys json_build_object writes above, every one on every row.
        ((value ?? []) as ClientOrderIdRow[]).map((row) => ({
          key: clientKey(BigInt(row.userId), row.accountType, row.wallet, row.clientOrderId),
          id: BigInt(row.id),
        })),
      ),
  };
}

/** The stored positions (cost bases) of these users' symbols (absent: none yet). */
export function positionsRead(keys: readonly PositionKey[], take: (rows: PositionRow[]) => void): Read {
  return {
    // One index probe per key, as for client order ids above.
    query: sql`(select json_agg(json_build_object('userId', p.user_id::text, 'accountType', p.account_type,
        'wallet', p.wallet, 'symbol', p.symbol, 'avgCost', p.avg_cost::text,
        'realizedPnl', p.realized_pnl::text, 'updatedAt', p.updated_at::text))
      from json_to_recordset(${recordsOf(keys)}::json)
        as k("userId" bigint, "accountType" text, wallet text, symbol text),
      lateral (select * from ${spotPositions} p where p.user_id = k."userId"
        and p.account_type = k."accountType" and p.wallet = k.wallet and p.symbol = k.symbol
        offset 0) p)`,
    take: (value) =>
      take(
        ((value ?? []) as (Record<string, string> & { userId: string })[]).map((row) => ({
          ...(row as unknown as PositionRow),
          userId: BigInt(row.userId),
          updatedAt: Number(row.updatedAt),
        })),
      ),
  };
}

/** Whether each of these users confirms orders with the trade password. */
export function confirmSettingsRead(
  ids: readonly bigint[],
  take: (rows: { id: bigint; confirm: boolean }[]) => void,
): Read {
  return {
    query: sql`(select json_agg(json_build_object('id', u.id::text, 'confirm',
        u.confirm_orders_with_trade_password))
      from ${users} u where u.id = any(${keyArray(ids.map(String), 'bigint')}))`,
    take: (value) =>
      take(
        ((value ?? []) as { id: string; confirm: boolean }[]).map((r) => ({
          id: BigInt(r.id),
          confirm: r.confirm,
        })),
      ),
  };
}
