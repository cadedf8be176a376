import Decimal from 'decimal.js';
import { and, eq, type SQL } from 'drizzle-orm';
import type { AccountType } from '../../auth/session';
import type { Db } from '../../db/client';
import type { LocalizedText } from '../../db/schema/content';
import { spotPositions } from '../../db/schema/trading';
import { users } from '../../db/schema/users';
import type { Batch, BatchPart, Read } from '../batch';
import {
  clientIdsRead,
  clientKey,
  confirmSettingsRead,
  lockKey,
  lockSumsRead,
  positionKey,
  positionsRead,
  type ClientKey,
  type LockAsk,
  type LockKey,
  type LockSum,
  type PositionKey,
  type PositionRow,
} from './pending-reads';
import type { FillRow, OrderRow } from './rows';
import { spotWrites, type LockRow, type MessageRow } from './pending-writes';
import { ownedBy } from '../../db/owned';

/**
 * The stored locks of a user's symbol still locked at `asOf` (the clock when the batch read them):
 * their total, and the earliest of their unlock times (null: none).
 */
type LocksRead = { asOf: number; qty: Decimal; until: number | null };

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
  private wantedLocks = new Map<string, LockAsk>();

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
            ownedBy(spotPositions, order),
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

  /** The wanted positions, users' settings, client order ids and locks, read with the batch's prefetch. */
  reads(): Read[] {
    const keys = [...this.wantedPositions.values()];
    const ids = [...this.wantedUsers];
    const clients = [...this.wantedClients.values()];
    const locks = [...this.wantedLocks.values()];
    this.wantedPositions = new Map();
    this.wantedUsers = new Set();
    this.wantedClients = new Map();
    this.wantedLocks = new Map();
    const reads: Read[] = [];
    if (locks.length > 0) reads.push(lockSumsRead(locks, (rows) => this.tookLocks(locks, rows)));
    if (clients.length > 0)
      reads.push(
        clientIdsRead(clients, (rows) => {
          for (const c of clients)
            this.clientsRead.set(clientKey(c.userId, c.accountType, c.wallet, c.clientOrderId), null);
          for (const { key, id } of rows) this.clientsRead.set(key, id);
        }),
      );
    if (keys.length > 0)
      reads.push(
        positionsRead(keys, (rows) => {
          for (const k of keys) this.positionsRead.set(positionKey(k), null);
          for (const position of rows) this.positionsRead.set(positionKey(position), position);
        }),
      );
    if (ids.length > 0)
      reads.push(
        confirmSettingsRead(ids, (rows) =>
          rows.forEach(({ id, confirm }) => this.confirmRead.set(id, confirm)),
        ),
      );
    return reads;
  }

  private tookLocks(locks: readonly LockAsk[], rows: readonly LockSum[]): void {
    const byKey = new Map(rows.map((r) => [lockKey(r), r]));
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
    const rows = [...this.orders.values()];
    return spotWrites({
      created: rows.filter((o) => o.created).map((o) => o.row),
      changed: rows.filter((o) => !o.created).map((o) => o.row),
      fills: this.fills,
      locks: this.locks,
      positions: [...this.positions.values()],
      messages: this.messages.map((m) => ({ ...m, kind: 'personal' as const })),
    });
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
