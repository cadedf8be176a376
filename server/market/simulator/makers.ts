import type { SimBook, Side } from './book';
import type { Grid } from './grid';
import type { Random } from './prng';

/** Grid prices quoted each side of the fair value (the book's depth, before its gaps). */
const SPAN = 48;
const TOUCH_SPAN = 10;
const DEPTH = 34;

/**
 * The resting side of the market: makers quote the SPAN grid prices each side of the fair
 * value. Empty prices near the touch fill within a few ticks, deeper ones slowly (so the far
 * book is thinner and has gaps, sizes lognormal and larger further out), orders left beyond the
 * span as the price moves away are cancelled, and quotes never cross the other side.
 */
export class Makers {
  constructor(
    private readonly book: SimBook,
    private readonly grid: Grid,
    private readonly random: Random,
    private readonly levelMedian: number,
    private readonly quotable: (price: number) => boolean,
  ) {}

  /**
   * The opening book: the touch full, the depth mostly filled. At construction the book is read
   * as a snapshot (its edits are dropped); on a listing they leave as the tick's diff (`announce`).
   */
  seed(fair: number, announce = false): void {
    this.refill(fair, SPAN, (distance) => (distance < 12 ? 1 : 0.85));
    if (!announce) this.book.takeDiff();
  }

  /** One tick of quoting: the touch only, or the whole depth (`deep`). */
  quote(fair: number, deep: boolean): void {
    if (deep) this.refill(fair, SPAN, deepChance);
    else this.refill(fair, TOUCH_SPAN, touchChance);
  }

  private refill(fair: number, span: number, fill: (distance: number) => number): void {
    let bid = this.grid.down(fair);
    if (bid >= fair) bid = this.grid.prev(bid);
    let ask = this.grid.up(fair);
    if (ask <= fair) ask = this.grid.next(ask);
    // A level the fair value has not quite passed stays; new quotes never cross it.
    const bestAsk = this.book.asks[0];
    const bestBid = this.book.bids[0];
    if (bestAsk && bid >= bestAsk.price) bid = this.grid.prev(bestAsk.price);
    if (bestBid && ask <= bestBid.price) ask = this.grid.next(bestBid.price);
    this.fillSide('bid', bid, span, fill);
    this.fillSide('ask', ask, span, fill);
  }

  private fillSide(side: Side, first: number, span: number, fill: (distance: number) => number): void {
    const levels = this.book.levels(side);
    const bid = side === 'bid';
    let price = first;
    let j = 0;
    for (let i = 0; i < span; i++) {
      if (!this.quotable(price)) break;
      while (j < levels.length && (bid ? levels[j]!.price > price : levels[j]!.price < price)) j++;
      const present = j < levels.length && levels[j]!.price === price;
      if (!present && this.random.next() < fill(i)) this.book.set(side, price, this.size(i));
      price = bid ? this.grid.prev(price) : this.grid.next(price);
    }
    if (span < SPAN) return;
    const beyond = (p: number): boolean => (bid ? p < price : p > price);
    while (levels.length > 0 && beyond(levels[levels.length - 1]!.price))
      this.book.set(side, levels[levels.length - 1]!.price, 0);
  }

  /** Resting orders come and go: resize, cancel, or a new level in a gap; always one edit. */
  churn(): void {
    const side: Side = this.random.next() < 0.5 ? 'bid' : 'ask';
    const levels = this.book.levels(side);
    if (levels.length === 0) return;
    const index = Math.floor(this.random.next() ** 2 * levels.length);
    const level = levels[index]!;
    const action = this.random.next();
    if (action >= 0.55 && action < 0.8 && levels.length > 2) {
      this.book.set(side, level.price, 0);
      return;
    }
    if (action >= 0.8) {
      const price = side === 'bid' ? this.grid.prev(level.price) : this.grid.next(level.price);
      if (!this.book.has(side, price) && this.quotable(price)) {
        this.book.set(side, price, this.size(index + 1));
        return;
      }
    }
    const qty = Math.max(1, Math.round(level.qty * this.random.lognormal(1, 0.35)));
    this.book.set(side, level.price, qty === level.qty ? qty + 1 : qty);
  }

  private size(depth: number): number {
    return Math.max(1, Math.round(this.random.lognormal(this.levelMedian * (1 + depth / DEPTH), 0.7)));
  }
}

function touchChance(): number {
  return 0.3;
}

function deepChance(distance: number): number {
  return distance < TOUCH_SPAN ? 0.3 : 0.3 - (0.22 * (distance - TOUCH_SPAN)) / (SPAN - TOUCH_SPAN);
}
