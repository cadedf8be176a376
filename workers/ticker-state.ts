import { formatPercentHundredths, percentHundredths } from '../domain/market/change';
import { fromSteps } from '../domain/market/ticks';
import type { TickerView } from '../domain/market-data/contract';
import type { TickerSteps } from '../domain/protocol/stream-codec-frame';

/** The percentage the broker's REST answers show too (one formula, domain/market/change.ts). */
const percent = (change: number, prev: number) => formatPercentHundredths(percentHundredths(change, prev));

/**
 * One symbol's ticker as integer steps. A message only parses its prices (the grid check must
 * happen there, to resync at once) and tracks the direction; the strings, change and percent
 * are formatted at flush time, and only for the fields that moved since the last post.
 */
export class TickerState {
  readonly symbol: string;
  private readonly scale: number;
  private last = 0;
  private open = 0;
  private high = 0;
  private low = 0;
  private prev = 0;
  private vol = '';
  private turnover = '';
  private t = 0;
  private dir: -1 | 0 | 1 = 0;
  private filled = false;
  dirty = false;
  /** Dropped from the state: a pending flush skips it. */
  dropped = false;
  private posted = false;
  // What was last posted, as steps, so a flush compares numbers and formats only what moved.
  private pLast = 0;
  private pOpen = 0;
  private pHigh = 0;
  private pLow = 0;
  private pPrev = 0;
  private pPct = '';
  private pVol = '';
  private pTurnover = '';
  private pT = 0;
  private pDir: -1 | 0 | 1 = 0;

  constructor(symbol: string, scale: number) {
    this.symbol = symbol;
    this.scale = scale;
  }

  /** Takes a ticker update, read by the stream codec (either path) or from a polled quote (tickerSteps). */
  apply(input: TickerSteps): void {
    const last = input.last;
    if (this.filled) {
      if (last > this.last) this.dir = 1;
      else if (last < this.last) this.dir = -1;
    }
    this.filled = true;
    this.last = last;
    this.open = input.open;
    this.high = input.high;
    this.low = input.low;
    this.prev = input.prev;
    this.vol = input.vol;
    this.turnover = input.turnover;
    this.t = input.t;
    this.dirty = true;
  }

  /** The fields that changed since the last call (the whole view the first time), or null. */
  patch(): Partial<TickerView> | null {
    this.dirty = false;
    const scale = this.scale;
    const change = this.last - this.prev;
    if (!this.posted) {
      this.posted = true;
      this.pPct = percent(change, this.prev);
      this.remember();
      return {
        symbol: this.symbol,
        last: fromSteps(this.last, scale),
        open: fromSteps(this.open, scale),
        high: fromSteps(this.high, scale),
        low: fromSteps(this.low, scale),
        prev: fromSteps(this.prev, scale),
        change: fromSteps(change, scale),
        pct: this.pPct,
        vol: this.vol,
        turnover: this.turnover,
        t: this.t,
        dir: this.dir,
      };
    }
    let out: Partial<TickerView> | null = null;
    if (this.last !== this.pLast) (out ??= {}).last = fromSteps(this.last, scale);
    if (this.open !== this.pOpen) (out ??= {}).open = fromSteps(this.open, scale);
    if (this.high !== this.pHigh) (out ??= {}).high = fromSteps(this.high, scale);
    if (this.low !== this.pLow) (out ??= {}).low = fromSteps(this.low, scale);
    if (this.prev !== this.pPrev) (out ??= {}).prev = fromSteps(this.prev, scale);
    const postedChange = this.pLast - this.pPrev;
    if (change !== postedChange) (out ??= {}).change = fromSteps(change, scale);
    if (change !== postedChange || this.prev !== this.pPrev) {
      const pct = percent(change, this.prev);
      if (pct !== this.pPct) (out ??= {}).pct = this.pPct = pct;
    }
    if (this.vol !== this.pVol) (out ??= {}).vol = this.vol;
    if (this.turnover !== this.pTurnover) (out ??= {}).turnover = this.turnover;
    if (this.t !== this.pT) (out ??= {}).t = this.t;
    if (this.dir !== this.pDir) (out ??= {}).dir = this.dir;
    this.remember();
    return out;
  }

  private remember(): void {
    this.pLast = this.last;
    this.pOpen = this.open;
    this.pHigh = this.high;
    this.pLow = this.low;
    this.pPrev = this.prev;
    this.pVol = this.vol;
    this.pTurnover = this.turnover;
    this.pT = this.t;
    this.pDir = this.dir;
  }
}
