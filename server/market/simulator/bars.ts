import { barOpenTime, type Interval } from '../../../domain/market/instrument';
import { fromSteps, toSteps } from '../../../domain/market/ticks';
import type { Candle } from '../../../domain/protocol/market';

/**
 * One bar in integer steps; `q` is traded value in (price step × qty step) units, kept only on
 * the hourly and daily bars that tickers read (0 elsewhere).
 */
export type Bar = { t: number; o: number; h: number; l: number; c: number; v: number; q: bigint };

/** Bars kept per interval: generated history plus what live trading appends. */
const KEEP = 2_000;
/** Dropped at once past KEEP + DROP, so the columns move rarely. */
const DROP = 500;
/** The most bars a series holds (what a store of them keeps: server/market/history-store.ts). */
export const BARS_KEPT = KEEP + DROP;

/**
 * One interval's bars, oldest first, in columns; the last is the live bar. A bar object cost
 * ~90 bytes of heap (its heap-number time included) and the default market holds ~229,000 of
 * them: columns of doubles take ~48 bytes a bar and give the GC nothing to trace. Bar objects are
 * made only for what is read (`slice`, `last`). Traded value is a bigint column, and only on the
 * series that carry it (`valued`): a day's turnover in steps can pass 2^63.
 */
export class BarSeries {
  private t: Float64Array;
  private o: Float64Array;
  private h: Float64Array;
  private l: Float64Array;
  private c: Float64Array;
  private v: Float64Array;
  private q: bigint[] | null;
  private n = 0;

  private constructor(
    readonly interval: Interval,
    private readonly offset: number,
    capacity: number,
    valued: boolean,
  ) {
    const size = Math.max(16, capacity);
    this.t = new Float64Array(size);
    this.o = new Float64Array(size);
    this.h = new Float64Array(size);
    this.l = new Float64Array(size);
    this.c = new Float64Array(size);
    this.v = new Float64Array(size);
    this.q = valued ? [] : null;
  }

  get length(): number {
    return this.n;
  }

  /** `count` bars of history, each to be written once with `write`, in any order. */
  static history(interval: Interval, offset: number, count: number, valued: boolean): BarSeries {
    // Room for a day of live bars before the columns first grow.
    const series = new BarSeries(interval, offset, count + 64, valued);
    series.n = count;
    // Written from the newest bar back: a value column filled first stays a packed array.
    if (valued) series.q = new Array<bigint>(count).fill(0n);
    return series;
  }

  /** Sets bar `i`, one already counted (history) or the next. */
  write(i: number, t: number, o: number, h: number, l: number, c: number, v: number, q: bigint): void {
    this.t[i] = t;
    this.o[i] = o;
    this.h[i] = h;
    this.l[i] = l;
    this.c[i] = c;
    this.v[i] = v;
    if (this.q) this.q[i] = q;
  }

  private push(t: number, o: number, h: number, l: number, c: number, v: number, q: bigint): void {
    if (this.n === this.t.length) this.makeRoom();
    this.write(this.n++, t, o, h, l, c, v, q);
  }

  /** Appends a whole bar after the last one (one that opens no later is left out). */
  append(bar: Bar): void {
    if (this.n > 0 && bar.t <= this.t[this.n - 1]!) return;
    this.push(bar.t, bar.o, bar.h, bar.l, bar.c, bar.v, bar.q);
  }

  /** Bar `i` as an object of its own (changing it changes nothing here). */
  at(i: number): Bar {
    return {
      t: this.t[i]!,
      o: this.o[i]!,
      h: this.h[i]!,
      l: this.l[i]!,
      c: this.c[i]!,
      v: this.v[i]!,
      q: this.q?.[i] ?? 0n,
    };
  }

  time(i: number): number {
    return this.t[i]!;
  }
  open(i: number): number {
    return this.o[i]!;
  }
  high(i: number): number {
    return this.h[i]!;
  }
  low(i: number): number {
    return this.l[i]!;
  }
  volume(i: number): number {
    return this.v[i]!;
  }
  value(i: number): bigint {
    return this.q?.[i] ?? 0n;
  }

  last(): Bar | undefined {
    return this.n > 0 ? this.at(this.n - 1) : undefined;
  }

  /** Folds a print into the bar holding `t`, opening it when it is new. */
  apply(t: number, price: number, qty: number, value: bigint): void {
    const open = barOpenTime(t, this.interval, this.offset);
    const i = this.n - 1;
    if (i >= 0 && this.t[i] === open) {
      if (price > this.h[i]!) this.h[i] = price;
      if (price < this.l[i]!) this.l[i] = price;
      this.c[i] = price;
      this.v[i]! += qty;
      if (value && this.q) this.q[i]! += value;
      return;
    }
    this.push(open, price, price, price, price, qty, value);
  }

  /** The newest `limit` bars with t ≤ end, oldest first. */
  slice(limit: number, end?: number): Bar[] {
    let stop = this.n;
    if (end !== undefined) {
      while (stop > 0 && this.t[stop - 1]! > end) stop--;
    }
    const bars: Bar[] = [];
    for (let i = Math.max(0, stop - limit); i < stop; i++) bars.push(this.at(i));
    return bars;
  }

  /** Drops the bars that open before `time` (an instrument's history starts at its listing). */
  dropBefore(time: number): void {
    let first = 0;
    while (first < this.n && this.t[first]! < time) first++;
    if (first === 0) return;
    for (const column of [this.t, this.o, this.h, this.l, this.c, this.v])
      column.copyWithin(0, first, this.n);
    this.q?.splice(0, first);
    this.n -= first;
  }

  /** Drops the bars that open at `time` or later (saved bars take their place at a restart). */
  dropFrom(time: number): void {
    while (this.n > 0 && this.t[this.n - 1]! >= time) this.n--;
    if (this.q) this.q.length = this.n;
  }

  /** Full columns: past KEEP + DROP bars the oldest DROP go, otherwise the columns grow. */
  private makeRoom(): void {
    if (this.n >= KEEP + DROP) {
      for (const column of [this.t, this.o, this.h, this.l, this.c, this.v])
        column.copyWithin(0, DROP, this.n);
      this.q?.splice(0, DROP);
      this.n -= DROP;
      return;
    }
    const size = Math.min(KEEP + DROP, Math.ceil(this.t.length * 1.5));
    const grow = (column: Float64Array) => {
      const next = new Float64Array(size);
      next.set(column);
      return next;
    };
    this.t = grow(this.t);
    this.o = grow(this.o);
    this.h = grow(this.h);
    this.l = grow(this.l);
    this.c = grow(this.c);
    this.v = grow(this.v);
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

/**
 * A bar another source printed, back in steps; null when a figure is off the scales. Traded value
 * (not carried by a candle) is volume × the mid of open and close, as generated history has it.
 */
export function fromCandle(candle: Candle, priceScale: number, qtyScale: number): Bar | null {
  const [o, h, l, c] = [candle.o, candle.h, candle.l, candle.c].map((p) => toSteps(p, priceScale)) as [
    number,
    number,
    number,
    number,
  ];
  const v = toSteps(candle.v, qtyScale);
  if (![o, h, l, c, v].every(Number.isSafeInteger) || o <= 0 || l <= 0) return null;
  return { t: candle.t, o, h, l, c, v, q: BigInt(v) * BigInt(Math.round((o + c) / 2)) };
}
