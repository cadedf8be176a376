import Decimal from 'decimal.js';
import type { Level } from '../../domain/costs/book-walk';
import { LIVE_ORDER_STATUSES, type OrderStatus } from '../../domain/protocol/trading';
import type { Trade } from '../../domain/protocol/market';
import type { MarketSource } from '../market/source';
import type { FillRow, OrderRow } from '../trading/spot/rows';
import type { ExecutionToPrice } from './price';
import { aheadOf, crossingAt, QueueWatch, type Resting } from './queue-watch';

const LIVE = LIVE_ORDER_STATUSES as readonly OrderStatus[];

/**
 * The levels a taker's paper fills took, best first: the book as it was at the moment of the
 * order, as far as the order reached into it (the simulator and the read-only executor both fill
 * a taker level by level at the levels' own prices).
 */
function levelsTaken(side: 'buy' | 'sell', fills: readonly FillRow[]): Level[] {
  const byPrice = new Map<string, Decimal>();
  for (const f of fills) {
    const key = new Decimal(f.price).toFixed();
    byPrice.set(key, (byPrice.get(key) ?? new Decimal(0)).plus(f.qty));
  }
  return [...byPrice.entries()]
    .sort(([a], [b]) => new Decimal(a).comparedTo(b) * (side === 'buy' ? 1 : -1))
    .map(([price, qty]) => [price, qty.toFixed()] as const);
}

const restingOf = (order: OrderRow): Resting | null =>
  order.type === 'limit' && order.price !== null && LIVE.includes(order.status)
    ? { id: order.id, symbol: order.symbol, side: order.side, price: order.price }
    : null;

/** An execution as booked (spot/booking.ts `Booked`): the order after it, its fills, the units held before. */
export type BookedExecution = { order: OrderRow; fills: readonly FillRow[]; held?: string | undefined };

/** What `note` found: the execution to price (none without fills), and the queue change to make once it stands. */
export type Noted = { exec: ExecutionToPrice | null; settle: () => void };

/**
 * Notes booked executions for their realistic counterparts (docs/real-costs.md), for any paper
 * account: the live spot engine's (server/costs/recorder.ts) or a replay's, which feeds it its
 * recorded market (`hear` its prints, `note` each booking, `settle` at once, and prices the
 * executions with `realisticRows`, kind 'replay', once its fills have their ids).
 */
export class ExecutionNotes {
  private readonly queue = new QueueWatch();

  constructor(private readonly market: MarketSource) {}

  /** The market printed (its trades event). */
  hear(symbol: string, trades: readonly Trade[]): void {
    this.queue.hear(symbol, trades);
  }

  /**
   * Right after an execution (or a placement, a modify, an ending) of `order` was booked; `taker`
   * when its fills traded on arrival though the order rested before (a modify that crossed).
   */
  note(booked: BookedExecution, role?: 'taker'): Noted {
    const { order, fills } = booked;
    const exec = fills.length > 0 ? this.executionOf(booked, role) : null;
    const resting = restingOf(order);
    const watchedAt = this.queue.priceOf(order.id);
    const turn = order.queueSeq ?? order.id;
    let settle = () => {};
    if (
      resting &&
      (watchedAt === undefined ||
        !new Decimal(watchedAt).eq(resting.price) ||
        this.queue.turnOf(order.id) !== turn)
    ) {
      // Joins the queue now (placed, or given a later turn by a modify: a new price or more lots,
      // as paper and a real venue both do): behind what the book shows at its price.
      const ahead = aheadOf(this.market, resting);
      settle = () => this.queue.watch(resting, ahead, turn);
    } else if (!resting && watchedAt !== undefined) settle = () => this.queue.forget(order.id);
    return { exec, settle };
  }

  private executionOf(booked: BookedExecution, role?: 'taker'): ExecutionToPrice {
    const { order, fills } = booked;
    const first = fills[0]!;
    const maker = role !== 'taker' && (this.queue.has(order.id) || first.t > order.createdAt);
    const qty = fills.reduce((s, f) => s.plus(f.qty), new Decimal(0));
    const base = {
      kind: 'spot' as const,
      userId: order.userId,
      accountType: order.accountType,
      wallet: order.wallet,
      symbol: order.symbol,
      side: order.side,
      limit: order.price,
      held: booked.held ?? null,
      fills,
    };
    if (!maker)
      return {
        ...base,
        meeting: { kind: 'taker', levels: levelsTaken(order.side, fills) },
        queueKnown: true,
      };
    const resting = {
      id: order.id,
      symbol: order.symbol,
      side: order.side,
      price: order.price ?? first.price,
    };
    const crossing = crossingAt(this.market, resting, qty);
    const { reached, known } = this.queue.reached(
      order.id,
      fills.map((f) => f.tradeId),
      crossing,
    );
    const before = new Decimal(order.filledQty).minus(qty).toFixed();
    return { ...base, meeting: { kind: 'maker', reached, before }, queueKnown: known };
  }
}
