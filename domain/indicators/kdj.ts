import { WindowExtreme } from './window-extreme';

/**
 * KDJ (stochastic as Chinese and Turkish apps draw it), usual 9,3,3:
 * RSV = (close − lowest low of n) / (highest high of n − lowest low of n) × 100 (50 when the
 * window is flat), K = ((k−1)·K' + RSV) / k, D = ((d−1)·D' + K) / d, J = 3K − 2D, K' and D'
 * starting at 50. As Tongdaxin's HHV/LLV, the first bars use the bars there are; lines show from
 * the n-th bar. The windows hold the n−1 committed bars and the live bar is combined on top, so
 * `replace` is O(1). NaN while warming up.
 */
export class Kdj {
  readonly n: number;
  k = NaN;
  d = NaN;
  j = NaN;
  private readonly kWeight: number;
  private readonly dWeight: number;
  private readonly highs: WindowExtreme;
  private readonly lows: WindowExtreme;
  private count = 0;
  private liveHigh = 0;
  private liveLow = 0;
  private kBase = 50;
  private dBase = 50;
  private kNow = 50;
  private dNow = 50;

  constructor(n: number, k: number, d: number) {
    for (const p of [n, k, d]) if (!Number.isInteger(p) || p < 1) throw new RangeError(`KDJ ${n},${k},${d}`);
    this.n = n;
    this.kWeight = k;
    this.dWeight = d;
    this.highs = new WindowExtreme(n, true);
    this.lows = new WindowExtreme(n, false);
  }

  add(high: number, low: number, close: number): void {
    if (this.count > 0) {
      const index = this.count - 1;
      const oldest = this.count - this.n + 1;
      this.highs.push(index, this.liveHigh, oldest);
      this.lows.push(index, this.liveLow, oldest);
      this.kBase = this.kNow;
      this.dBase = this.dNow;
    }
    this.count += 1;
    this.step(high, low, close);
  }

  replace(high: number, low: number, close: number): void {
    if (this.count === 0) return this.add(high, low, close);
    this.step(high, low, close);
  }

  private step(high: number, low: number, close: number): void {
    this.liveHigh = high;
    this.liveLow = low;
    const hh = Math.max(this.highs.extreme, high);
    const ll = Math.min(this.lows.extreme, low);
    const rsv = hh > ll ? ((close - ll) / (hh - ll)) * 100 : 50;
    const k = ((this.kWeight - 1) * this.kBase + rsv) / this.kWeight;
    const d = ((this.dWeight - 1) * this.dBase + k) / this.dWeight;
    this.kNow = k;
    this.dNow = d;
    const ready = this.count >= this.n;
    this.k = ready ? k : NaN;
    this.d = ready ? d : NaN;
    this.j = ready ? 3 * k - 2 * d : NaN;
  }
}
