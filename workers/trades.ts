import { fromSteps, toSteps } from '../domain/market/ticks';
import type { TradesPatch, TradeView } from '../domain/market-data/contract';
import type { WireTrade } from '../domain/protocol/ws';

/** Trades kept per symbol; the tape shows fewer. */
export const TRADES_KEPT = 100;

/** A symbol's recent trades, oldest first, bounded; remembers what the UI has not seen yet. */
export class TradeTape {
  private readonly scale: number;
  private list: TradeView[] = [];
  private readonly ids = new Set<string>();
  private fresh: TradeView[] = [];
  private reset = false;

  constructor(scale: number) {
    this.scale = scale;
  }

  /** Replaces the tape (a snapshot); false when a price is off the grid. */
  load(trades: readonly WireTrade[]): boolean {
    this.list = [];
    this.ids.clear();
    this.fresh = [];
    this.reset = true;
    return this.add(trades);
  }

  /** Appends trades (oldest first), skipping ids already held (polling overlaps). */
  add(trades: readonly WireTrade[]): boolean {
    for (const trade of trades) {
      if (this.ids.has(trade.id)) continue;
      const steps = toSteps(trade.price, this.scale);
      if (!(steps > 0)) return false;
      const view: TradeView = {
        id: trade.id,
        t: trade.t,
        price: fromSteps(steps, this.scale),
        qty: trade.qty,
        side: trade.side,
      };
      this.list.push(view);
      this.ids.add(view.id);
      if (!this.reset) this.fresh.push(view);
    }
    if (this.list.length > TRADES_KEPT) {
      for (const gone of this.list.splice(0, this.list.length - TRADES_KEPT)) this.ids.delete(gone.id);
    }
    if (this.fresh.length > TRADES_KEPT) this.fresh.splice(0, this.fresh.length - TRADES_KEPT);
    return true;
  }

  /** New trades newest first since the last call, or the whole tape after a reset. */
  patch(): TradesPatch | null {
    if (this.reset) {
      this.reset = false;
      this.fresh = [];
      return { reset: true, add: this.list.slice().reverse() };
    }
    if (this.fresh.length === 0) return null;
    const add = this.fresh.reverse();
    this.fresh = [];
    return { add };
  }
}
