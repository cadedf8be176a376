import { toSteps } from '../market/ticks';
import type { ChartBar } from '../market-data/contract';
import type { MarkMessage, StreamMessage, WireCandle, WireLevel, WireTrade } from './ws';

/**
 * A stream frame in the terms the worker's state keeps (prices as integer steps at the stream's
 * scale, levels in one reused list, bars as the chart's bars, trades with their prices' steps
 * beside them), whichever way it was read: by the codec's fast path (stream-codec-read.ts, straight
 * from the text) or from a decoded message (`read` below, the checked path). Each state has one
 * apply, for this form: the two ways of reading cannot reach the state differently.
 */

/** The channels a frame carries in these terms; mark frames (a few a second) stay messages. */
export const FrameKind = { None: 0, Ticker: 1, Book: 2, Candles: 3, Trades: 4 } as const;
export type FrameKind = (typeof FrameKind)[keyof typeof FrameKind];

/** The ticker fields as they arrive (a stream message or a polled quote). */
export type TickerInput = {
  last: string;
  open: string;
  high: string;
  low: string;
  prev: string;
  vol: string;
  turnover: string;
  t: number;
};

/** The ticker fields with the prices in integer steps. */
export type TickerSteps = {
  readonly last: number;
  readonly open: number;
  readonly high: number;
  readonly low: number;
  readonly prev: number;
  readonly vol: string;
  readonly turnover: string;
  readonly t: number;
};

/** A ticker in steps at `scale`; null when a price is off the grid. */
export function tickerSteps(input: TickerInput, scale: number): TickerSteps | null {
  const last = toSteps(input.last, scale);
  const open = toSteps(input.open, scale);
  const high = toSteps(input.high, scale);
  const low = toSteps(input.low, scale);
  const prev = toSteps(input.prev, scale);
  if (Number.isNaN(last + open + high + low + prev)) return null;
  return { last, open, high, low, prev, vol: input.vol, turnover: input.turnover, t: input.t };
}

/** Each trade's price in steps at `scale`; NaN where it is off the grid (the tape declines it). */
export function tradeSteps(trades: readonly WireTrade[], scale: number): Float64Array {
  const steps = new Float64Array(trades.length);
  for (let i = 0; i < trades.length; i++) steps[i] = toSteps(trades[i]!.price, scale);
  return steps;
}

/**
 * A book frame's levels: bids first, then asks, prices in integer steps, quantities as the wire's
 * strings. One list serves every frame: it grows to the longest frame seen and is never shrunk, so
 * a frame allocates no level objects.
 */
export class LevelList {
  prices = new Float64Array(64);
  qtys: string[] = [];
  /** How many of the levels are bids (the rest, up to `count`, are asks). */
  bids = 0;
  count = 0;

  clear(): void {
    this.bids = 0;
    this.count = 0;
  }

  push(steps: number, qty: string): void {
    const at = this.count++;
    if (at === this.prices.length) {
      const grown = new Float64Array(at * 2);
      grown.set(this.prices);
      this.prices = grown;
    }
    this.prices[at] = steps;
    this.qtys[at] = qty;
  }
}

/** Wire levels into `into` (cleared first); false for a price off the grid or not above zero. */
export function readLevels(
  bids: readonly WireLevel[],
  asks: readonly WireLevel[],
  scale: number,
  into: LevelList,
): boolean {
  into.clear();
  if (!pushLevels(bids, scale, into)) return false;
  into.bids = into.count;
  return pushLevels(asks, scale, into);
}

function pushLevels(levels: readonly WireLevel[], scale: number, into: LevelList): boolean {
  for (let i = 0; i < levels.length; i++) {
    const level = levels[i]!;
    const steps = toSteps(level[0], scale);
    if (!(steps > 0)) return false;
    into.push(steps, level[1]);
  }
  return true;
}

/** A wire bar as the chart's bar (seconds, prices at `scale` as doubles); null when one is off the grid. */
export function barOf(wire: WireCandle, scale: number): ChartBar | null {
  const open = toSteps(wire.o, scale);
  const high = toSteps(wire.h, scale);
  const low = toSteps(wire.l, scale);
  const close = toSteps(wire.c, scale);
  const volume = Number(wire.v);
  if (Number.isNaN(open + high + low + close + volume)) return null;
  const unit = 10 ** scale;
  return {
    time: Math.floor(wire.t / 1000),
    open: open / unit,
    high: high / unit,
    low: low / unit,
    close: close / unit,
    volume,
  };
}

/** Wire bars into `into` (emptied first); false when one is off the grid. */
export function readBars(wire: readonly WireCandle[], scale: number, into: ChartBar[]): boolean {
  into.length = 0;
  for (let i = 0; i < wire.length; i++) {
    const bar = barOf(wire[i]!, scale);
    if (!bar) return false;
    into.push(bar);
  }
  return true;
}

export class StreamFrame implements TickerSteps {
  kind: FrameKind = FrameKind.None;
  ch = '';
  s = '';
  seq = 0;
  /** The frame's time (the fast path reads it for a ticker frame only: no other state keeps it). */
  t = 0;
  snap = false;
  last = 0;
  open = 0;
  high = 0;
  low = 0;
  prev = 0;
  vol = '';
  turnover = '';
  readonly levels = new LevelList();
  /** The frame's bars (the series keeps each bar, not the list: one list serves every frame). */
  readonly bars: ChartBar[] = [];
  /** The frame's trades (the tape keeps each trade, not the list) and their prices' steps. */
  readonly trades: WireTrade[] = [];
  tradeSteps: Float64Array = new Float64Array(16);

  /**
   * A decoded message (decodeFrame's, checked) read into these terms; false when it cannot be: a
   * price off the scale's grid or a book price not above zero. A trade's off-grid price is kept
   * as NaN: the tape declines it at that trade. (A mark stays a message: its state takes that.)
   */
  read(message: Exclude<StreamMessage, MarkMessage>, scale: number): boolean {
    this.ch = message.ch;
    this.s = message.s;
    this.seq = message.seq;
    this.t = message.t;
    this.snap = message.snap;
    switch (message.ch) {
      case 'ticker': {
        this.kind = FrameKind.Ticker;
        const steps = tickerSteps(message, scale);
        return steps !== null && Object.assign(this, steps) === this;
      }
      case 'book':
        this.kind = FrameKind.Book;
        return readLevels(message.bids, message.asks, scale, this.levels);
      case 'trades':
        this.kind = FrameKind.Trades;
        this.trades.length = 0;
        this.trades.push(...message.trades);
        this.tradeSteps = tradeSteps(message.trades, scale);
        return true;
      default:
        this.kind = FrameKind.Candles;
        return readBars(message.bars, scale, this.bars);
    }
  }
}
