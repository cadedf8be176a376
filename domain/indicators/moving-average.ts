/**
 * Streaming moving averages over float64 (display only, DECISIONS §6). Values are NaN while the
 * indicator warms up: a field that only ever holds numbers stays an unboxed double in V8, so an
 * update allocates nothing; the series layer turns NaN into null for the chart.
 */

/** Exact sums are recomputed from the window after this many commits, so float error can't build up. */
export const RESUM_EVERY = 1024;

/**
 * Simple moving average. The ring holds the last `period` values, the live (last) one included;
 * `rest` is the running sum of the values before the live one, so `replace` never touches a
 * running sum (a candle ticked a million times adds no error) and `add` does two float ops.
 */
export class Sma {
  readonly period: number;
  value = NaN;
  private readonly ring: Float64Array;
  private head = 0;
  private count = 0;
  private rest = 0;
  private sinceResum = 0;

  constructor(period: number) {
    if (!Number.isInteger(period) || period < 1) throw new RangeError(`SMA period ${period}`);
    this.period = period;
    this.ring = new Float64Array(period);
  }

  add(x: number): number {
    const n = this.period;
    const ring = this.ring;
    if (this.count >= n) {
      // Steady state: the previous live value joins `rest`, the oldest leaves.
      const head = this.head;
      const next = head + 1 === n ? 0 : head + 1;
      this.rest += (ring[head] as number) - (ring[next] as number);
      ring[next] = x;
      this.head = next;
      if (++this.sinceResum >= RESUM_EVERY) this.resum();
      return (this.value = (this.rest + x) / n);
    }
    if (this.count > 0) {
      this.rest += ring[this.head] as number;
      this.head += 1;
    }
    ring[this.head] = x;
    this.count += 1;
    return (this.value = this.count === n ? (this.rest + x) / n : NaN);
  }

  replace(x: number): number {
    if (this.count >= this.period) {
      this.ring[this.head] = x;
      return (this.value = (this.rest + x) / this.period);
    }
    if (this.count === 0) return this.add(x);
    this.ring[this.head] = x;
    return NaN;
  }

  /**
   * `add` or `replace` chosen by a flag. A plain branch: a branch-free form (moving `head` by 0 on
   * a replace) measured slower, as it puts a float add on every tick's dependency chain.
   */
  update(x: number, replace: boolean): number {
    return replace ? this.replace(x) : this.add(x);
  }

  /** The exact sum of the values before the live one, oldest first, as a naive recompute adds them. */
  private resum(): void {
    const n = this.period;
    const size = Math.min(this.count, n);
    let sum = 0;
    for (let k = size - 1; k >= 1; k -= 1) sum += this.ring[(this.head - k + n) % n] as number;
    this.rest = sum;
    this.sinceResum = 0;
  }
}

/**
 * How an EMA starts: `sma` (TradingView, TA-Lib, technicalindicators: the first value is the SMA
 * of the first `period` inputs) or `first` (Tongdaxin and trading-signals: the recursion starts
 * at the first input, shown from the `period`-th). They agree to float precision after a few
 * hundred bars; the app uses `sma`.
 */
export type EmaSeed = 'sma' | 'first';

/** Exponential moving average, alpha = 2 / (period + 1). */
export class Ema {
  readonly period: number;
  readonly alpha: number;
  value = NaN;
  /** Bars added while warming up (a replace doesn't count; no need once steady). */
  private count = 0;
  private readonly seedFirst: boolean;
  /** The EMA through the bar before the live one (or, while seeding by SMA, the sum of those bars). */
  private base = 0;
  private live = 0;
  private ema = NaN;
  /** Past the seed: both add and replace are one multiply-add from `base`. */
  private steady = false;

  constructor(period: number, seed: EmaSeed = 'sma') {
    if (!Number.isInteger(period) || period < 1) throw new RangeError(`EMA period ${period}`);
    this.period = period;
    this.alpha = 2 / (period + 1);
    this.seedFirst = seed === 'first';
  }

  add(x: number): number {
    if (this.steady) {
      const base = this.ema;
      this.base = base;
      return (this.value = this.ema = base + this.alpha * (x - base));
    }
    if (this.count > 0)
      this.base = this.seedFirst || this.count >= this.period ? this.ema : this.base + this.live;
    this.count += 1;
    return this.warmUp(x);
  }

  replace(x: number): number {
    if (this.steady) {
      const base = this.base;
      return (this.value = this.ema = base + this.alpha * (x - base));
    }
    if (this.count === 0) return this.add(x);
    return this.warmUp(x);
  }

  /**
   * `add` or `replace` chosen by a flag: once steady it picks the base with a select instead of a
   * branch, so a random mix of commits and live ticks costs no mispredictions.
   */
  update(x: number, replace: boolean): number {
    if (this.steady) {
      const base = replace ? this.base : this.ema;
      this.base = base;
      return (this.value = this.ema = base + this.alpha * (x - base));
    }
    return replace ? this.replace(x) : this.add(x);
  }

  /** The first bars, until the recursion runs from a real EMA and the line shows. */
  private warmUp(x: number): number {
    this.live = x;
    const count = this.count;
    const period = this.period;
    if (this.seedFirst) {
      this.ema = count === 1 ? x : this.base + this.alpha * (x - this.base);
      this.steady = count > 1 && count >= period;
    } else if (count < period) {
      return (this.value = NaN);
    } else {
      this.ema = count === period ? (this.base + x) / period : this.base + this.alpha * (x - this.base);
      this.steady = count > period;
    }
    return (this.value = count >= period ? this.ema : NaN);
  }
}
