import { barOpenTime, barOffset, INTERVALS, type Interval } from '../../domain/market/instrument';
import { fromSteps, toSteps } from '../../domain/market/ticks';
import type { BookSnapshot } from '../../domain/protocol/market';
import type { MarketEvent } from '../../server/market/source';

/** A book mirrored from one snapshot plus the source's diffs, as a client keeps it (by integer step). */
export class MirrorBook {
  readonly bids = new Map<number, number>();
  readonly asks = new Map<number, number>();
  seq: number;

  constructor(
    snapshot: BookSnapshot,
    private readonly priceScale: number,
    private readonly qtyScale: number,
  ) {
    this.seq = snapshot.seq;
    for (const [p, q] of snapshot.bids) this.bids.set(toSteps(p, priceScale), toSteps(q, qtyScale));
    for (const [p, q] of snapshot.asks) this.asks.set(toSteps(p, priceScale), toSteps(q, qtyScale));
  }

  apply(event: Extract<MarketEvent, { type: 'book' }>): void {
    if (event.seq !== this.seq + 1) throw new Error(`${event.symbol}: seq ${event.seq} after ${this.seq}`);
    this.seq = event.seq;
    for (const [side, levels] of [
      [this.bids, event.bids],
      [this.asks, event.asks],
    ] as const) {
      for (const [p, q] of levels) {
        const price = toSteps(p, this.priceScale);
        const qty = toSteps(q, this.qtyScale);
        if (Number.isNaN(price) || Number.isNaN(qty)) throw new Error(`${event.symbol}: bad level ${p} ${q}`);
        if (qty === 0) side.delete(price);
        else side.set(price, qty);
      }
    }
  }

  /** Best bid and ask in steps; null for an empty side. */
  touch(): { bid: number | null; ask: number | null } {
    let bid: number | null = null;
    let ask: number | null = null;
    for (const p of this.bids.keys()) if (bid === null || p > bid) bid = p;
    for (const p of this.asks.keys()) if (ask === null || p < ask) ask = p;
    return { bid, ask };
  }

  /** Levels as a snapshot lists them. */
  sorted(): { bids: [string, string][]; asks: [string, string][] } {
    const order = (m: Map<number, number>, dir: number): [string, string][] =>
      [...m]
        .sort((a, b) => dir * (a[0] - b[0]))
        .map(([p, q]) => [fromSteps(p, this.priceScale), fromSteps(q, this.qtyScale)]);
    return { bids: order(this.bids, -1), asks: order(this.asks, 1) };
  }
}

export type Ohlcv = { o: number; h: number; l: number; c: number; v: number };

/** Bars built from prints alone, per interval and open time. */
export class PrintBars {
  readonly bars = new Map<string, Ohlcv>();

  add(market: 'stock' | 'coin', t: number, price: number, qty: number): void {
    for (const interval of INTERVALS) {
      const key = `${interval}@${barOpenTime(t, interval, barOffset(market))}`;
      const bar = this.bars.get(key);
      if (!bar) this.bars.set(key, { o: price, h: price, l: price, c: price, v: qty });
      else {
        bar.h = Math.max(bar.h, price);
        bar.l = Math.min(bar.l, price);
        bar.c = price;
        bar.v += qty;
      }
    }
  }

  get(interval: Interval, t: number): Ohlcv | undefined {
    return this.bars.get(`${interval}@${t}`);
  }
}
