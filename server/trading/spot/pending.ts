import Decimal from 'decimal.js';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AccountType } from '../../auth/session';
import type { Db } from '../../db/client';
import { messages, type LocalizedText } from '../../db/schema/content';
import { spotFills, spotOrders, spotPositions, stockLocks } from '../../db/schema/trading';
import { users } from '../../db/schema/users';
import type { Batch, BatchPart, Read } from '../batch';
import { insertJson, jsonRows, keyArray } from '../json-rows';
import type { FillRow, OrderRow } from './rows';

export type PositionRow = typeof spotPositions.$inferSelect;
type LockRow = typeof stockLocks.$inferInsert;
type PositionKey = Pick<OrderRow, 'userId' | 'accountType' | 'wallet' | 'symbol'>;
type MessageRow = {
  id: bigint;
  userId: bigint;
  accountType: AccountType;
  title: LocalizedText;
  body: LocalizedText;
};
type ClientKey = Pick<OrderRow, 'userId' | 'accountType' | 'wallet'> & { clientOrderId: string };
type LockKey = Pick<OrderRow, 'userId' | 'accountType' | 'symbol'>;
/**
 * The stored locks of a user's symbol still locked at `asOf` (the clock when the batch read them):
 * their total, and the earliest of their unlock times (null: none).
 */
type LocksRead = { asOf: number; qty: Decimal; until: number | null };

const positionKey = (p: Pick<OrderRow, 'userId' | 'accountType' | 'wallet' | 'symbol'>) =>
  `${p.userId}:${p.accountType}:${p.wallet}:${p.symbol}`;
const lockKey = (k: LockKey) => `${k.userId}:${k.accountType}:${k.symbol}`;
const clientKey = (userId: bigint, accountType: string, wallet: string, clientOrderId: string) =>
  `${userId}:${accountType}:${wallet}:${clientOrderId}`;

/**
 * The spot engine's rows of one writer batch, kept in memory and written at the batch's flush
 * with one multi-row statement per table: new orders (in their final state), changed orders,
 * fills, T+1 locks, positions, messages. Reads inside the batch ask here first.
 */
export class SpotPending implements BatchPart {
  private readonly orders = new Map<bigint, { row: OrderRow; created: boolean }>();
  private readonly byClient = new Map<string, bigint>();
  private fills: FillRow[] = [];
  private locks: LockRow[] = [];
  private readonly positions = new Map<string, PositionRow>();
  /** Positions as read from the database (null: none yet). */
  private readonly positionsRead = new Map<string, PositionRow | null>();
  private messages: MessageRow[] = [];
  /** Users' order-confirmation setting as read in this batch. */
  private readonly confirmRead = new Map<bigint, boolean>();
  private wantedPositions = new Map<string, PositionKey>();
  private wantedUsers = new Set<bigint>();
  /** Client order ids as read in this batch: the id of the order that has it, or null for none. */
  private readonly clientsRead = new Map<string, bigint | null>();
  private wantedClients = new Map<string, ClientKey>();
  private readonly locksRead = new Map<string, LocksRead>();
  private wantedLocks = new Map<string, LockKey & { now: number }>();

  private constructor(private readonly batch: Batch) {}

  static of(batch: Batch): SpotPending {
    return batch.part('spot', () => new SpotPending(batch));
  }

  /** A new order (created) or a new state of one (booked); the latest wins. */
  putOrder(row: OrderRow, created = false): void {
    const before = this.orders.get(row.id);
    this.orders.set(row.id, { row, created: created || (before?.created ?? false) });
    this.batch.record(() => (before ? this.orders.set(row.id, before) : this.orders.delete(row.id)));
    if (created && row.clientOrderId !== null) {
      const key = clientKey(row.userId, row.accountType, row.wallet, row.clientOrderId);
      this.byClient.set(key, row.id);
      this.batch.record(() => this.byClient.delete(key));
    }
  }

  order(id: bigint): OrderRow | undefined {
    return this.orders.get(id)?.row;
  }

  byClientId(userId: bigint, accountType: string, wallet: string, clientOrderId: string) {
    const id = this.byClient.get(clientKey(userId, accountType, wallet, clientOrderId));
    return id === undefined ? undefined : this.order(id);
  }

  addFills(rows: FillRow[]): void {
    this.fills.push(...rows);
    this.batch.record(() => this.fills.splice(this.fills.length - rows.length));
  }

  fillsOf(orderId: bigint): FillRow[] {
    return this.fills.filter((f) => f.orderId === orderId);
  }

  addLocks(rows: LockRow[]): void {
    this.locks.push(...rows);
    this.batch.record(() => this.locks.splice(this.locks.length - rows.length));
  }

  /** T+1-locked quantity of a symbol written by this batch and still locked at `now`. */
  lockedHere(userId: bigint, accountType: string, symbol: string, now: number): string[] {
    return this.locks
      .filter((l) => l.userId === userId && l.accountType === accountType && l.symbol === symbol)
      .filter((l) => l.unlockAt > now)
      .map((l) => l.qty);
  }

  /**
   * Names the T+1 (and lock-up) locks of a user's stock that a sell will check at `now` or later:
   * prefetch() sums them for the whole batch, so a sell costs no statement of its own.
   */
  wantLocks(key: LockKey, now: number): void {
    const k = lockKey(key);
    if (this.locksRead.has(k)) return;
    const { userId, accountType, symbol } = key;
    const wanted = this.wantedLocks.get(k);
    // The earliest time asked for: a sum as of it stays exact for every later time below `until`.
    if (!wanted || now < wanted.now) this.wantedLocks.set(k, { userId, accountType, symbol, now });
  }

  /**
   * The stored (written) locked quantity of a user's symbol still locked at `now`, as read with
   * the batch; undefined when the batch's read does not answer for `now` exactly (not read, read
   * for a later time, or a lock it counted has expired by now): the caller asks the database.
   */
  lockedRead(key: LockKey, now: number): string | undefined {
    const read = this.locksRead.get(lockKey(key));
    if (!read || now < read.asOf) return undefined;
    if (read.until !== null && read.until <= now) return undefined;
    return read.qty.toFixed();
  }

  /** The position (cost basis) of an order's user and symbol, this batch's changes included. */
  async position(tx: Db, order: OrderRow): Promise<PositionRow | null> {
    const key = positionKey(order);
    const mine = this.positions.get(key);
    if (mine) return mine;
    if (!this.positionsRead.has(key)) {
      const [row] = await tx
        .select()
        .from(spotPositions)
        .where(
          and(
            eq(spotPositions.userId, order.userId),
            eq(spotPositions.accountType, order.accountType),
            eq(spotPositions.wallet, order.wallet),
            eq(spotPositions.symbol, order.symbol),
          ),
        );
      this.positionsRead.set(key, row ?? null);
    }
    return this.positionsRead.get(key) ?? null;
  }

  putPosition(row: PositionRow): void {
    const key = positionKey(row);
    const before = this.positions.get(key);
    this.positions.set(key, row);
    this.batch.record(() => (before ? this.positions.set(key, before) : this.positions.delete(key)));
  }

  /** A message-centre entry; its id is known now, so the announcement after commit can carry it. */
  async addMessage(
    owner: { userId: bigint; accountType: AccountType },
    title: LocalizedText,
    body: LocalizedText,
  ): Promise<bigint> {
    const id = await this.batch.ids.next('messages');
    this.messages.push({ id, userId: owner.userId, accountType: owner.accountType, title, body });
    this.batch.record(() => this.messages.pop());
    return id;
  }

  /**
   * Names a position, a user and (when the order has one) a client order id a job will read:
   * prefetch() reads them for the whole batch.
   */
  want(key: PositionKey, clientOrderId: string | null = null): void {
    const k = positionKey(key);
    const { userId, accountType, wallet, symbol } = key;
    if (!this.positionsRead.has(k)) this.wantedPositions.set(k, { userId, accountType, wallet, symbol });
    if (!this.confirmRead.has(key.userId)) this.wantedUsers.add(key.userId);
    if (clientOrderId !== null) {
      const c = clientKey(userId, accountType, wallet, clientOrderId);
      if (!this.clientsRead.has(c)) this.wantedClients.set(c, { userId, accountType, wallet, clientOrderId });
    }
  }

  /**
   * What the batch's prefetch found for a client order id: the id of the order already placed
   * with it, null for none, undefined when it was not read (the caller asks the database).
   */
  clientRead(userId: bigint, accountType: string, wallet: string, clientOrderId: string) {
    return this.clientsRead.get(clientKey(userId, accountType, wallet, clientOrderId));
  }

  /** The wanted positions and users' settings, read with the batch's prefetch statement. */
  reads(): Read[] {
    const keys = [...this.wantedPositions.values()];
    const ids = [...this.wantedUsers].map(String);
    this.wantedPositions = new Map();
    this.wantedUsers = new Set();
    const clients = [...this.wantedClients.values()];
    this.wantedClients = new Map();
    const locks = [...this.wantedLocks.values()];
    this.wantedLocks = new Map();
    const reads: Read[] = [];
    if (locks.length > 0)
      reads.push({
        // One index probe per key (stock_locks_user_idx), as for client order ids below.
        query: sql`(select json_agg(json_build_object('userId', k."userId"::text, 'accountType', k."accountType",
            'symbol', k.symbol, 'qty', l.qty::text, 'until', l.until::text))
          from json_to_recordset(${JSON.stringify(locks.map((k) => ({ ...k, userId: String(k.userId) })))}::json)
            as k("userId" bigint, "accountType" text, symbol text, now bigint),
          lateral (select coalesce(sum(s.qty), 0) as qty, min(s.unlock_at) as until from ${stockLocks} s
            where s.user_id = k."userId" and s.account_type = k."accountType" and s.symbol = k.symbol
            and s.unlock_at > k.now offset 0) l)`,
        take: (value) => {
          const rows = (value ?? []) as {
            userId: string;
            accountType: string;
            symbol: string;
            qty: string;
            until: string | null;
          }[];
          const byKey = new Map(rows.map((r) => [`${r.userId}:${r.accountType}:${r.symbol}`, r]));
          for (const k of locks) {
            const row = byKey.get(lockKey(k));
            // A key the read did not answer stays unread: the sell then asks the database itself.
            if (!row) continue;
            this.locksRead.set(lockKey(k), {
              asOf: k.now,
              qty: new Decimal(row.qty),
              until: row.until === null ? null : Number(row.until),
            });
          }
        },
      });
    if (clients.length > 0)
      reads.push({
        // One index probe per key (lateral, kept apart by offset 0): a join would scan the table.
        query: sql`(select json_agg(json_build_object('id', o.id::text, 'userId', c."userId"::text,
            'accountType', c."accountType", 'wallet', c.wallet, 'clientOrderId', c."clientOrderId"))
          from json_to_recordset(${JSON.stringify(clients.map((c) => ({ ...c, userId: String(c.userId) })))}::json)
            as c("userId" bigint, "accountType" text, wallet text, "clientOrderId" text),
          lateral (select o.id from ${spotOrders} o where o.user_id = c."userId"
            and o.account_type = c."accountType" and o.wallet = c.wallet
            and o.client_order_id = c."clientOrderId" offset 0) o)`,
        take: (value) => {
          for (const c of clients)
            this.clientsRead.set(clientKey(c.userId, c.accountType, c.wallet, c.clientOrderId), null);
          for (const row of (value ?? []) as Record<string, string>[])
            this.clientsRead.set(
              clientKey(BigInt(row.userId!), row.accountType!, row.wallet!, row.clientOrderId!),
              BigInt(row.id!),
            );
        },
      });
    if (keys.length > 0)
      reads.push({
        // One index probe per key, as for client order ids above.
        query: sql`(select json_agg(json_build_object('userId', p.user_id::text, 'accountType', p.account_type,
            'wallet', p.wallet, 'symbol', p.symbol, 'avgCost', p.avg_cost::text,
            'realizedPnl', p.realized_pnl::text, 'updatedAt', p.updated_at::text))
          from json_to_recordset(${JSON.stringify(keys.map((k) => ({ ...k, userId: String(k.userId) })))}::json)
            as k("userId" bigint, "accountType" text, wallet text, symbol text),
          lateral (select * from ${spotPositions} p where p.user_id = k."userId"
            and p.account_type = k."accountType" and p.wallet = k.wallet and p.symbol = k.symbol
            offset 0) p)`,
        take: (value) => {
          for (const k of keys) this.positionsRead.set(positionKey(k), null);
          for (const row of (value ?? []) as Record<string, string>[]) {
            const position = {
              ...(row as unknown as PositionRow),
              userId: BigInt(row.userId!),
              updatedAt: Number(row.updatedAt),
            };
            this.positionsRead.set(positionKey(position), position);
          }
        },
      });
    if (ids.length > 0)
      reads.push({
        query: sql`(select json_agg(json_build_object('id', u.id::text, 'confirm',
            u.confirm_orders_with_trade_password))
          from ${users} u where u.id = any(${keyArray(ids, 'bigint')}))`,
        take: (value) => {
          for (const row of (value ?? []) as { id: string; confirm: boolean }[])
            this.confirmRead.set(BigInt(row.id), row.confirm);
        },
      });
    return reads;
  }

  /** Whether the user confirms orders with the trade password (read inside the batch). */
  async confirms(tx: Db, userId: bigint): Promise<boolean> {
    let confirm = this.confirmRead.get(userId);
    if (confirm === undefined) {
      const [row] = await tx
        .select({ confirm: users.confirmOrdersWithTradePassword })
        .from(users)
        .where(eq(users.id, userId));
      confirm = row?.confirm ?? false;
      this.confirmRead.set(userId, confirm);
    }
    return confirm;
  }

  invalidate(): void {
    this.locksRead.clear();
    this.positionsRead.clear();
    this.confirmRead.clear();
    this.clientsRead.clear();
  }

  pendingWrites(): SQL[] {
    const writes: SQL[] = [];
    const rows = [...this.orders.values()];
    const created = rows.filter((o) => o.created).map((o) => o.row);
    const changed = rows.filter((o) => !o.created).map((o) => o.row);
    if (created.length > 0) writes.push(insertJson(spotOrders, created, { overriding: true }));
    if (changed.length > 0) writes.push(updateOrders(changed));
    if (this.fills.length > 0) writes.push(insertJson(spotFills, this.fills, { overriding: true }));
    if (this.locks.length > 0) writes.push(insertJson(stockLocks, this.locks));
    if (this.positions.size > 0)
      writes.push(
        insertJson(spotPositions, [...this.positions.values()], {
          then: POSITION_UPSERT,
        }),
      );
    if (this.messages.length > 0)
      writes.push(
        insertJson(
          messages,
          this.messages.map((m) => ({ ...m, kind: 'personal' })),
          { overriding: true },
        ),
      );
    return writes;
  }

  written(): void {
    // What was pending is now what the database holds.
    for (const [key, row] of this.positions) this.positionsRead.set(key, row);
    for (const [key, id] of this.byClient) this.clientsRead.set(key, id);
    for (const lock of this.locks) {
      const read = this.locksRead.get(lockKey(lock));
      // A lock already expired at the read's time can never count for it (the clock moves on).
      if (!read || lock.unlockAt <= read.asOf) continue;
      read.qty = read.qty.plus(lock.qty);
      read.until = read.until === null ? lock.unlockAt : Math.min(read.until, lock.unlockAt);
    }
    this.orders.clear();
    this.byClient.clear();
    this.fills = [];
    this.locks = [];
    this.positions.clear();
    this.messages = [];
  }
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
