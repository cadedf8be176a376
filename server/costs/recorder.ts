import Decimal from 'decimal.js';
import type { Level } from '../../domain/costs/book-walk';
import { LIVE_ORDER_STATUSES, type OrderStatus } from '../../domain/protocol/trading';
import type { Db } from '../db/client';
import type { MarketSource } from '../market/source';
import type { TradingLog } from '../trading/deps';
import type { Booked } from '../trading/spot/booking';
import type { FillRow, OrderRow } from '../trading/spot/rows';
import type { JobContext } from '../trading/writer';
import { realisticRows, type ExecutionToPrice } from './price';
import { aheadOf, QueueWatch, type Resting } from './queue-watch';
import { saveRealistic } from './store';

/** Executions waiting to be priced and written; past it the newest are dropped (and logged). */
export const PENDING_CAP = 10_000;

const LIVE = LIVE_ORDER_STATUSES as readonly OrderStatus[];

/** What the spot engine calls inside a job, after it booked an execution (BookingContext.realistic). */
export type RealisticTap = (jc: JobContext, booked: Booked) => void;

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

/**
 * Prices every spot fill on a real venue (docs/real-costs.md) off the fill path: the engine's tap
 * only notes what the job booked (a resting order's place in its queue is read from the book as
 * it joins); the counterparts are computed and written after the batch has committed, a batch of
 * executions at a time, outside the writer. A fill whose counterpart is lost (a crash before it
 * was written) counts on paper only.
 */
export class RealisticRecorder {
  private readonly queue = new QueueWatch();
  private pending: ExecutionToPrice[] = [];
  private writing: Promise<void> = Promise.resolve();
  private scheduled = false;
  private off: (() => void) | null = null;

  constructor(private readonly deps: { db: Db; market: MarketSource; log?: TradingLog | undefined }) {}

  start(): void {
    this.off ??= this.deps.market.on((e) => {
      if (e.type === 'trades') this.queue.hear(e.symbol, e.trades);
    });
  }

  stop(): void {
    this.off?.();
    this.off = null;
  }

  /** Resolves once every execution noted so far is written (tests; a shutdown). */
  async drain(): Promise<void> {
    while (this.pending.length > 0 || this.scheduled) {
      this.flush();
      await this.writing;
    }
    await this.writing;
  }

  readonly tap: RealisticTap = (jc, booked) => {
    const { order, fills } = booked;
    const resting = restingOf(order);
    if (fills.length > 0) {
      const exec = this.executionOf(order, fills);
      jc.afterCommit(() => this.enqueue(exec));
    }
    const watchedAt = this.queue.priceOf(order.id);
    if (resting && (watchedAt === undefined || !new Decimal(watchedAt).eq(resting.price))) {
      // Joins the queue now (placed, or moved by a modify): behind what the book shows at its price.
      const ahead = aheadOf(this.deps.market, resting);
      jc.afterCommit(() => this.queue.watch(resting, ahead));
    } else if (!resting && watchedAt !== undefined) jc.afterCommit(() => this.queue.forget(order.id));
  };

  private executionOf(order: OrderRow, fills: readonly FillRow[]): ExecutionToPrice {
    const first = fills[0]!;
    const maker = this.queue.has(order.id) || first.t > order.createdAt;
    const qty = fills.reduce((s, f) => s.plus(f.qty), new Decimal(0));
    const base = {
      kind: 'spot' as const,
      userId: order.userId,
      accountType: order.accountType,
      wallet: order.wallet,
      symbol: order.symbol,
      side: order.side,
      limit: order.price,
      fills,
    };
    if (!maker)
      return {
        ...base,
        meeting: { kind: 'taker', levels: levelsTaken(order.side, fills) },
        queueKnown: true,
      };
    const { reached, known } = this.queue.reached(
      order.id,
      fills.map((f) => f.tradeId),
    );
    const before = new Decimal(order.filledQty).minus(qty).toFixed();
    return { ...base, meeting: { kind: 'maker', reached, before }, queueKnown: known };
  }

  private enqueue(exec: ExecutionToPrice): void {
    if (this.pending.length >= PENDING_CAP) {
      this.deps.log?.warn({ symbol: exec.symbol }, 'realistic costs: queue full, execution not priced');
      return;
    }
    this.pending.push(exec);
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => this.flush());
    }
  }

  private flush(): void {
    this.scheduled = false;
    if (this.pending.length === 0) return;
    const batch = this.pending;
    this.pending = [];
    this.writing = this.writing.then(async () => {
      try {
        await saveRealistic(this.deps.db, batch.flatMap(realisticRows));
      } catch (err) {
        this.deps.log?.error({ err }, 'realistic costs: write failed');
      }
    });
  }
}
