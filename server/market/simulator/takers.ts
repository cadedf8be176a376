import { fromSteps } from '../../../domain/market/ticks';
import type { Trade } from '../../../domain/protocol/market';
import type { MarketEvent, StepScales } from '../source';
import type { SimBook, Side } from './book';
import type { Grid } from './grid';
import type { Random } from './prng';

export type TakersOptions = {
  symbol: string;
  priceScale: number;
  qtyScale: number;
  book: SimBook;
  grid: Grid;
  random: Random;
  /** Median size of a noise taker's order, in quantity steps. */
  median: number;
  /** Trade ids count on from here. */
  firstTradeId: number;
  /** Each print, as the day's figures and the bars take it (price and size in steps). */
  printed: (t: number, price: number, qty: number) => void;
};

/**
 * The market's takers: those who chase the fair value through the touch, impatient noise
 * orders, and the prints every taker (a user's order too) makes on the resting book.
 */
export class Takers {
  private tradeId: number;
  /** The instrument's scales, one object a listener may compare by reference. */
  readonly scales: StepScales;
  /** The prints' prices and quantities in steps since the last trades event, after one another. */
  private steps: number[] = [];
  /** What a print's id starts with; the number of the first print since the last trades event. */
  private readonly idPrefix: string;
  private firstId = 0;

  constructor(private readonly o: TakersOptions) {
    this.tradeId = o.firstTradeId;
    this.scales = { price: o.priceScale, qty: o.qtyScale };
    this.idPrefix = `${o.symbol}-`;
  }

  /** The trades event of `prints` (the prints since the last one), their steps beside them. */
  tradesEvent(prints: Trade[]): MarketEvent {
    const steps = this.steps;
    this.steps = [];
    // Prints made elsewhere (none today) would leave the steps out of step: then only the strings.
    if (steps.length !== prints.length * 2) return { type: 'trades', symbol: this.o.symbol, trades: prints };
    const ids = { prefix: this.idPrefix, first: this.firstId };
    return { type: 'trades', symbol: this.o.symbol, trades: prints, steps, scales: this.scales, ids };
  }

  /**
   * Takers arrive when the fair value passes the touch: they take every level it went past.
   * A level is "passed" only by a third of a tick, so a fair value sitting on a price does not
   * ping-pong prints across it.
   */
  sweep(t: number, fair: number, prints: Trade[]): void {
    const { bids, asks } = this.o.book;
    while (asks.length > 0 && asks[0]!.price < fair - this.hysteresis(asks[0]!.price))
      this.take(t, 'ask', asks[0]!.qty, prints);
    while (bids.length > 0 && bids[0]!.price > fair + this.hysteresis(bids[0]!.price))
      this.take(t, 'bid', bids[0]!.qty, prints);
  }

  private hysteresis(price: number): number {
    return (this.o.grid.next(price) - price) / 3;
  }

  /** An impatient order of random size that walks a few levels. */
  noise(t: number, fair: number, prints: Trade[]): void {
    const { book, random } = this.o;
    const bid = book.bids[0];
    const ask = book.asks[0];
    if (!bid || !ask) return;
    const lean = clamp(((fair - (bid.price + ask.price) / 2) / (ask.price - bid.price)) * 0.6, -0.3, 0.3);
    const side: Side = random.next() < 0.5 + lean ? 'ask' : 'bid';
    let qty = Math.max(1, Math.round(random.lognormal(this.o.median, 1)));
    const levels = book.levels(side);
    for (let walked = 0; qty > 0 && levels.length > 1 && walked < 5; walked++) {
      const taken = Math.min(qty, levels[0]!.qty);
      this.take(t, side, taken, prints);
      qty -= taken;
    }
  }

  /** Prints `qty` at the best level of `side` (the resting side) and shrinks it. */
  take(t: number, side: Side, qty: number, prints: Trade[]): void {
    const level = this.o.book.levels(side)[0]!;
    this.o.book.set(side, level.price, level.qty - qty);
    if (this.steps.length === 0) this.firstId = this.tradeId + 1;
    prints.push({
      id: `${this.idPrefix}${++this.tradeId}`,
      t,
      price: fromSteps(level.price, this.o.priceScale),
      qty: fromSteps(qty, this.o.qtyScale),
      side: side === 'ask' ? 'buy' : 'sell',
    });
    this.steps.push(level.price, qty);
    this.o.printed(t, level.price, qty);
  }
}

export function clamp(value: number, low: number, high: number): number {
  return Math.min(high, Math.max(low, value));
}
