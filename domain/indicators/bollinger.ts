import { RESUM_EVERY } from './moving-average';

/**
 * Bollinger bands: MID = SMA(period), UP/LOW = MID ± width × σ with the population standard
 * deviation (as trading-signals' BollingerBands and most charting apps). O(1) per update with
 * running sums of (x − shift) and (x − shift)²: the shift is re-centred on the window's mean at
 * every exact recompute, so Σx² never cancels against n·mean² (at 95,000 with moves of 0.01
 * that cancellation would eat half the digits). As in `Sma`, a `replace` leaves the running sums
 * alone. Values are NaN while warming up.
 *
 * A flat window (every value equal) gives bands exactly on the value: the running sums can leave
 * a variance of ~1e-18 there (3.5e-9 apart at 95,000), so the run of equal committed values is
 * counted and such a window skips the sums.
 */
export class Bollinger {
  readonly period: number;
  readonly width: number;
  mid = NaN;
  up = NaN;
  low = NaN;
  private readonly ring: Float64Array;
  private head = 0;
  private count = 0;
  private shift = 0;
  private rest1 = 0;
  private rest2 = 0;
  private sinceResum = 0;
  /** The last committed value and how many committed values in a row equal it. */
  private runValue = NaN;
  private run = 0;

  constructor(period: number, width: number) {
    if (!Number.isInteger(period) || period < 1) throw new RangeError(`BOLL period ${period}`);
    if (!(width >= 0)) throw new RangeError(`BOLL width ${width}`);
    this.period = period;
    this.width = width;
    this.ring = new Float64Array(period);
  }

  add(x: number): void {
    const n = this.period;
    const ring = this.ring;
    if (this.count > 0) {
      const next = this.head + 1 === n ? 0 : this.head + 1;
      const committed = ring[this.head] as number;
      if (committed === this.runValue) this.run += 1;
      else {
        this.runValue = committed;
        this.run = 1;
      }
      const joined = committed - this.shift;
      this.rest1 += joined;
      this.rest2 += joined * joined;
      if (this.count >= n) {
        const left = (ring[next] as number) - this.shift;
        this.rest1 -= left;
        this.rest2 -= left * left;
      }
      this.head = next;
    } else {
      this.shift = x;
    }
    ring[this.head] = x;
    this.count += 1;
    if (++this.sinceResum >= RESUM_EVERY) this.resum();
    this.compute(x);
  }

  replace(x: number): void {
    if (this.count === 0) return this.add(x);
    this.ring[this.head] = x;
    this.compute(x);
  }

  /** `add` or `replace` by a flag (a plain branch, as in `Sma.update`). */
  update(x: number, replace: boolean): void {
    if (replace) this.replace(x);
    else this.add(x);
  }

  private compute(x: number): void {
    const n = this.period;
    if (this.count < n) {
      this.mid = this.up = this.low = NaN;
      return;
    }
    if (x === this.runValue ? this.run >= n - 1 : n === 1) {
      this.mid = this.up = this.low = x;
      return;
    }
    const d = x - this.shift;
    const mean = (this.rest1 + d) / n;
    const variance = (this.rest2 + d * d) / n - mean * mean;
    const band = variance > 0 ? this.width * Math.sqrt(variance) : 0;
    const mid = this.shift + mean;
    this.mid = mid;
    this.up = mid + band;
    this.low = mid - band;
  }

  /** Exact sums of the values before the live one, re-centred on their mean. */
  private resum(): void {
    const n = this.period;
    const size = Math.min(this.count, n);
    const ring = this.ring;
    let sum = 0;
    for (let k = 0; k < size; k += 1) sum += ring[k] as number;
    this.shift = sum / size;
    let s1 = 0;
    let s2 = 0;
    for (let k = size - 1; k >= 1; k -= 1) {
      const d = (ring[(this.head - k + n) % n] as number) - this.shift;
      s1 += d;
      s2 += d * d;
    }
    this.rest1 = s1;
    this.rest2 = s2;
    this.sinceResum = 0;
  }
}
