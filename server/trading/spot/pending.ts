import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { messages, type LocalizedText } from '../../db/schema/content';
import { spotFills, spotOrders, spotPositions, stockLocks } from '../../db/schema/trading';
import type { Batch, BatchPart } from '../batch';
import type { FillRow, OrderRow } from './rows';

export type PositionRow = typeof spotPositions.$inferSelect;
type LockRow = typeof stockLocks.$inferInsert;
type MessageRow = { id: bigint; userId: bigint; title: LocalizedText; body: LocalizedText };

const positionKey = (p: Pick<OrderRow, 'userId' | 'accountType' | 'wallet' | 'symbol'>) =>
  `${p.userId}:${p.accountType}:${p.wallet}:${p.symbol}`;
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
  async addMessage(userId: bigint, title: LocalizedText, body: LocalizedText): Promise<bigint> {
    const id = await this.batch.ids.next('messages');
    this.messages.push({ id, userId, title, body });
    this.batch.record(() => this.messages.pop());
    return id;
  }

  invalidate(): void {
    this.positionsRead.clear();
  }

  async flush(tx: Db): Promise<void> {
    const rows = [...this.orders.values()];
    const created = rows.filter((o) => o.created).map((o) => o.row);
    const changed = rows.filter((o) => !o.created).map((o) => o.row);
    if (created.length > 0) await tx.insert(spotOrders).overridingSystemValue().values(created);
    if (changed.length > 0) await tx.execute(updateOrders(changed));
    if (this.fills.length > 0) await tx.insert(spotFills).overridingSystemValue().values(this.fills);
    if (this.locks.length > 0) await tx.insert(stockLocks).values(this.locks);
    if (this.positions.size > 0)
      await tx
        .insert(spotPositions)
        .values([...this.positions.values()])
        .onConflictDoUpdate({
          target: [
            spotPositions.userId,
            spotPositions.accountType,
            spotPositions.wallet,
            spotPositions.symbol,
          ],
          set: {
            avgCost: sql`excluded.avg_cost`,
            realizedPnl: sql`excluded.realized_pnl`,
            updatedAt: sql`excluded.updated_at`,
          },
        });
    if (this.messages.length > 0)
      await tx
        .insert(messages)
        .overridingSystemValue()
        .values(this.messages.map((m) => ({ ...m, kind: 'personal' })));
    // Written: what was pending is now what the database holds.
    for (const [key, row] of this.positions) this.positionsRead.set(key, row);
    this.orders.clear();
    this.byClient.clear();
    this.fills = [];
    this.locks = [];
    this.positions.clear();
    this.messages = [];
  }
}

/** The columns a booking changes, for many orders in one statement. */
function updateOrders(rows: OrderRow[]) {
  const values = rows.map(
    (r) => sql`(${r.id}::bigint, ${r.filledQty}::numeric, ${r.filledAmount}::numeric, ${r.fees}::numeric,
      ${r.frozen}::numeric, ${r.realizedPnl}::numeric, ${r.status}::text, ${r.statusReason}::text,
      ${r.updatedAt}::bigint)`,
  );
  return sql`
    update ${spotOrders} o set filled_qty = v.filled_qty, filled_amount = v.filled_amount, fees = v.fees,
      frozen = v.frozen, realized_pnl = v.realized_pnl, status = v.status, status_reason = v.status_reason,
      updated_at = v.updated_at
    from (values ${sql.join(values, sql`, `)})
      as v(id, filled_qty, filled_amount, fees, frozen, realized_pnl, status, status_reason, updated_at)
    where o.id = v.id`;
}
