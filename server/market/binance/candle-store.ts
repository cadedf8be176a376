import Decimal from 'decimal.js';
import type { Candle } from '../../../domain/protocol/market';

const MAX_BARS = 1_500;

/**
 * One symbol-interval's bars, oldest first: REST history merged with live kline updates. Live
 * messages and the REST answer race (either may be newer for the open bar), and a bar's volume
 * only grows while it is open, so for the same open time the bar with more volume wins.
 */
export class CandleStore {
  private bars: Candle[] = [];
  state: 'empty' | 'loading' | 'loaded' = 'empty';

  /** A live bar: same `t` replaces, a later `t` appends; an older one is ignored. */
  live(bar: Candle): boolean {
    const last = this.bars.at(-1);
    if (last && bar.t < last.t) return false;
    if (last && bar.t === last.t) this.bars[this.bars.length - 1] = bar;
    else this.bars.push(bar);
    if (this.bars.length > MAX_BARS) this.bars.splice(0, this.bars.length - MAX_BARS);
    return true;
  }

  /** Drops the bars that open before `time` (the newest stays). */
  dropBefore(time: number): void {
    if ((this.bars[0]?.t ?? time) >= time) return;
    const keep = this.bars.findIndex((bar) => bar.t >= time);
    this.bars.splice(0, keep === -1 ? this.bars.length - 1 : keep);
  }

  history(bars: readonly Candle[]): void {
    const byTime = new Map<number, Candle>();
    for (const bar of bars) byTime.set(bar.t, bar);
    for (const bar of this.bars) {
      const other = byTime.get(bar.t);
      if (!other || new Decimal(bar.v).gte(other.v)) byTime.set(bar.t, bar);
    }
    this.bars = [...byTime.values()].sort((a, b) => a.t - b.t).slice(-MAX_BARS);
    this.state = 'loaded';
  }

  /** The newest `limit` bars opening before `end` (exclusive, so paging back repeats none). */
  list(limit: number, end?: number): Candle[] {
    let upTo = this.bars.length;
    if (end !== undefined) {
      upTo = 0;
      while (upTo < this.bars.length && this.bars[upTo]!.t < end) upTo++;
    }
    return this.bars.slice(Math.max(0, upTo - limit), upTo);
  }
}
