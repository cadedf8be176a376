import { fromSteps, toSteps } from '../domain/market/ticks';
import type { TradesPatch, TradeView } from '../domain/market-data/contract';
import type { WireTrade } from '../domain/protocol/ws';

/** Trades kept per symbol; the tape shows fewer. */
export const TRADES_KEPT = 100;

/**
 * A symbol's recent trades in a ring of TRADES_KEPT, oldest first, remembering how many of the
 * newest the UI has not seen yet. A message only checks prices and stores the wire trade;
 * TradeViews (the canonical price string) are built at flush time, once per trade.
 */
export class TradeTape {
  private readonly scale: number;
  private readonly wire: (WireTrade | undefined)[] = new Array<WireTrade | undefined>(TRADES_KEPT);
  private readonly steps: number[] = new Array<number>(TRADES_KEPT).fill(0);
  private readonly views: (TradeView | undefined)[] = new Array<TradeView | undefined>(TRADES_KEPT);
  /** Slot of the oldest trade. */
  private head = 0;
  private count = 0;
  /**
   * When each id was last added (a count of trades ever added). An id is held while that is
   * among the newest `count`, or within the current add call; nothing is deleted per trade —
   * stale ids are swept when the map grows.
   */
  private readonly added = new Map<string, number>();
  private total = 0;
  /** How many of the newest trades are unseen (≤ count). */
  private fresh = 0;
  private reset = false;

  constructor(scale: number) {
    this.scale = scale;
  }

  /** Replaces the tape (a snapshot); false when a price is off the grid. */
  load(trades: readonly WireTrade[]): boolean {
    this.clear();
    return this.add(trades);
  }

  /** A snapshot read already, with each trade's price in steps (the direct path). */
  loadSteps(trades: readonly WireTrade[], steps: ArrayLike<number>): void {
    this.clear();
    this.addSteps(trades, steps);
  }

  private clear(): void {
    this.wire.fill(undefined);
    this.views.fill(undefined);
    this.head = 0;
    this.count = 0;
    this.added.clear();
    this.fresh = 0;
    this.reset = true;
  }

  /** Appends trades (oldest first), skipping ids already held (polling overlaps). */
  add(trades: readonly WireTrade[]): boolean {
    // Like a list trimmed after the call: ids added earlier in this call count as held too.
    const heldFrom = this.total - this.count;
    for (let i = 0; i < trades.length; i++) {
      const trade = trades[i]!;
      if (this.holds(trade.id, heldFrom)) continue;
      const steps = toSteps(trade.price, this.scale);
      if (!(steps > 0)) return false;
      this.put(trade, steps);
    }
    this.swept();
    return true;
  }

  /** The same with each trade's price read as steps already (above zero: the reader checked). */
  addSteps(trades: readonly WireTrade[], steps: ArrayLike<number>): void {
    const heldFrom = this.total - this.count;
    for (let i = 0; i < trades.length; i++) {
      const trade = trades[i]!;
      if (!this.holds(trade.id, heldFrom)) this.put(trade, steps[i]!);
    }
    this.swept();
  }

  private holds(id: string, heldFrom: number): boolean {
    const when = this.added.get(id);
    return when !== undefined && when >= heldFrom;
  }

  private put(trade: WireTrade, steps: number): void {
    let slot: number;
    if (this.count === TRADES_KEPT) {
      slot = this.head;
      this.head = slot + 1 === TRADES_KEPT ? 0 : slot + 1;
    } else {
      slot = this.head + this.count;
      if (slot >= TRADES_KEPT) slot -= TRADES_KEPT;
      this.count++;
    }
    this.wire[slot] = trade;
    this.steps[slot] = steps;
    this.views[slot] = undefined;
    this.added.set(trade.id, this.total++);
    if (!this.reset && this.fresh < TRADES_KEPT) this.fresh++;
  }

  private swept(): void {
    if (this.added.size > 4 * TRADES_KEPT) this.sweep();
  }

  /** Forgets ids no longer held. */
  private sweep(): void {
    const heldFrom = this.total - this.count;
    for (const [id, when] of this.added) if (when < heldFrom) this.added.delete(id);
  }

  /** New trades newest first since the last call, or the whole tape after a reset. */
  patch(): TradesPatch | null {
    if (this.reset) {
      this.reset = false;
      this.fresh = 0;
      return { reset: true, add: this.newest(this.count) };
    }
    if (this.fresh === 0) return null;
    const add = this.newest(this.fresh);
    this.fresh = 0;
    return { add };
  }

  /** The `n` newest trades as views, newest first. */
  private newest(n: number): TradeView[] {
    const out = new Array<TradeView>(n);
    let slot = this.head + this.count - 1;
    if (slot >= TRADES_KEPT) slot -= TRADES_KEPT;
    for (let i = 0; i < n; i++) {
      let view = this.views[slot];
      if (!view) {
        const trade = this.wire[slot]!;
        view = {
          id: trade.id,
          t: trade.t,
          price: fromSteps(this.steps[slot]!, this.scale),
          qty: trade.qty,
          side: trade.side,
        };
        this.views[slot] = view;
      }
      out[i] = view;
      slot = slot === 0 ? TRADES_KEPT - 1 : slot - 1;
    }
    return out;
  }
}
