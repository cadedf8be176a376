import { barOpenTime, type Interval } from '../../../domain/market/instrument';
import { fromSteps } from '../../../domain/market/ticks';
import type { Candle } from '../../../domain/protocol/market';

/**
 * One bar in integer steps; `q` is traded value in (price step × qty step) units, kept only on
 * the hourly and daily bars that tickers read (0 elsewhere).
 */
export type Bar = { t: number; o: number; h: number; l: number; c: number; v: number; q: bigint };

/** Bars kept per interval: generated history plus what live trading appends. */
const KEEP = 2_000;

/** One interval's bars, oldest first; the last is the live bar. */
export class BarSeries {
  constructor(
    readonly interval: Interval,
    private readonly offset: number,
    readonly bars: Bar[],
  ) {}

  last(): Bar | undefined {
    return this.bars[this.bars.length - 1];
  }

  /** Folds a print into the bar holding `t`, opening it when it is new. */
  apply(t: number, price: number, qty: number, value: bigint): Bar {
    const open = barOpenTime(t, this.interval, this.offset);
    const last = this.bars[this.bars.length - 1];
    if (last && last.t === open) {
      if (price > last.h) last.h = price;
      if (price < last.l) last.l = price;
      last.c = price;
      last.v += qty;
      if (value) last.q += value;
      return last;
    }
    const bar: Bar = { t: open, o: price, h: price, l: price, c: price, v: qty, q: value };
    this.bars.push(bar);
    if (this.bars.length > KEEP + 500) this.bars.splice(0, 500);
    return bar;
  }

  /** The newest `limit` bars with t ≤ end, oldest first. */
  slice(limit: number, end?: number): Bar[] {
    let stop = this.bars.length;
    if (end !== undefined) {
      while (stop > 0 && this.bars[stop - 1]!.t > end) stop--;
    }
    return this.bars.slice(Math.max(0, stop - limit), stop);
  }
}

export function toCandle(bar: Bar, priceScale: number, qtyScale: number): Candle {
  return {
    t: bar.t,
    o: fromSteps(bar.o, priceScale),
    h: fromSteps(bar.h, priceScale),
    l: fromSteps(bar.l, priceScale),
    c: fromSteps(bar.c, priceScale),
    v: fromSteps(bar.v, qtyScale),
  };
}

/** A value in (price step × qty step) units as a decimal at the price scale, truncated. */
export function formatValue(value: bigint, priceScale: number, qtyScale: number): string {
  const steps = value / 10n ** BigInt(qtyScale);
  const negative = steps < 0n;
  const digits = (negative ? -steps : steps).toString();
  if (priceScale === 0) return negative ? `-${digits}` : digits;
  const padded = digits.padStart(priceScale + 1, '0');
  const text = `${padded.slice(0, -priceScale)}.${padded.slice(-priceScale)}`;
  return negative ? `-${text}` : text;
}
