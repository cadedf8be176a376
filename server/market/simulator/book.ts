/**
 * A price-level book in integer steps: bids best (highest) first, asks best (lowest) first.
 * Depth is a few dozen levels, so sorted arrays beat anything cleverer; every change is noted
 * so one tick's edits leave as one diff with absolute quantities (0 removes).
 */
export type Side = 'bid' | 'ask';
export type Level = { price: number; qty: number };

export class SimBook {
  readonly bids: Level[] = [];
  readonly asks: Level[] = [];
  seq = 0;
  t = 0;
  private readonly changedBids = new Map<number, number>();
  private readonly changedAsks = new Map<number, number>();

  levels(side: Side): Level[] {
    return side === 'bid' ? this.bids : this.asks;
  }

  /** Sets a level's absolute quantity (0 removes it). */
  set(side: Side, price: number, qty: number): void {
    const levels = this.levels(side);
    const index = this.find(side, price);
    const existing = levels[index];
    if (existing && existing.price === price) {
      if (qty <= 0) levels.splice(index, 1);
      else existing.qty = qty;
    } else if (qty > 0) {
      levels.splice(index, 0, { price, qty });
    } else {
      return;
    }
    (side === 'bid' ? this.changedBids : this.changedAsks).set(price, Math.max(0, qty));
  }

  has(side: Side, price: number): boolean {
    const level = this.levels(side)[this.find(side, price)];
    return level !== undefined && level.price === price;
  }

  /** Where `price` is or would go, keeping the side's order. */
  private find(side: Side, price: number): number {
    const levels = this.levels(side);
    let index = 0;
    if (side === 'bid') while (index < levels.length && levels[index]!.price > price) index++;
    else while (index < levels.length && levels[index]!.price < price) index++;
    return index;
  }

  /** The tick's edits, or null when there were none; clears them. */
  takeDiff(): { bids: [number, number][]; asks: [number, number][] } | null {
    if (this.changedBids.size === 0 && this.changedAsks.size === 0) return null;
    const bids = [...this.changedBids];
    const asks = [...this.changedAsks];
    this.changedBids.clear();
    this.changedAsks.clear();
    return { bids, asks };
  }
}
