/**
 * RSI with Wilder smoothing: the average gain and loss start as the SMA of the first `period`
 * changes, then avg = avg + (change − avg) / period (as trading-signals' RSI with WSMA, and Wilder's
 * book). RSI = 100 × avgGain / (avgGain + avgLoss); a flat market (no gain, no loss) shows 50.
 * The state through the bar before the live one is kept apart, so `replace` is O(1) and exact.
 * NaN while warming up (the first `period` bars).
 */
export class Rsi {
  readonly period: number;
  value = NaN;
  private count = 0;
  private live = 0;
  private previous = 0;
  /** Through the bar before the live one: sums of gains/losses while seeding, then Wilder averages. */
  private gainBase = 0;
  private lossBase = 0;
  private gain = 0;
  private loss = 0;
  /** Past the seed: the bases are Wilder averages and `update` takes its branch-free path. */
  private steady = false;

  constructor(period: number) {
    if (!Number.isInteger(period) || period < 1) throw new RangeError(`RSI period ${period}`);
    this.period = period;
  }

  add(x: number): number {
    if (this.count > 0) {
      this.gainBase = this.gain;
      this.lossBase = this.loss;
      this.previous = this.live;
    }
    this.count += 1;
    return this.step(x);
  }

  replace(x: number): number {
    if (this.count === 0) return this.add(x);
    return this.step(x);
  }

  /**
   * `add` or `replace` by a flag; once smoothing, the bases are picked with selects rather than
   * a branch, so a random mix of commits and live ticks costs no mispredictions.
   */
  update(x: number, replace: boolean): number {
    if (!this.steady) return replace ? this.replace(x) : this.add(x);
    const n = this.period;
    const gainBase = replace ? this.gainBase : this.gain;
    const lossBase = replace ? this.lossBase : this.loss;
    const previous = replace ? this.previous : this.live;
    this.gainBase = gainBase;
    this.lossBase = lossBase;
    this.previous = previous;
    this.live = x;
    const diff = x - previous;
    const gain = gainBase + ((diff > 0 ? diff : 0) - gainBase) / n;
    const loss = lossBase + ((diff < 0 ? -diff : 0) - lossBase) / n;
    this.gain = gain;
    this.loss = loss;
    const total = gain + loss;
    return (this.value = total > 0 ? (100 * gain) / total : 50);
  }

  private step(x: number): number {
    this.live = x;
    const changes = this.count - 1;
    if (changes === 0) return (this.value = NaN);
    const n = this.period;
    const diff = x - this.previous;
    const up = diff > 0 ? diff : 0;
    const down = diff < 0 ? -diff : 0;
    if (changes < n) {
      this.gain = this.gainBase + up;
      this.loss = this.lossBase + down;
      return (this.value = NaN);
    }
    let gain: number;
    let loss: number;
    if (changes === n) {
      gain = (this.gainBase + up) / n;
      loss = (this.lossBase + down) / n;
    } else {
      this.steady = true;
      gain = this.gainBase + (up - this.gainBase) / n;
      loss = this.lossBase + (down - this.lossBase) / n;
    }
    this.gain = gain;
    this.loss = loss;
    const total = gain + loss;
    return (this.value = total > 0 ? (100 * gain) / total : 50);
  }
}
