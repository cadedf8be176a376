import Decimal from 'decimal.js';
import { barOffset, barOpenTime, type Interval } from '../../domain/market/instrument';
import type { BookSnapshot, Candle, MarketStatus, Trade } from '../../domain/protocol/market';
import type { WireLevel } from '../../domain/protocol/ws';
import { readOnlyExecutor } from '../market/walk-book';
import type {
  ExecFill,
  ExecRequest,
  Instrument,
  MarketSource,
  SourceMark,
  SourceTicker,
} from '../market/source';
import { markOf, tickerOf, type Recorded, type Snapshot } from './record-codec';

/** Trades and one-minute bars a replayed symbol keeps (what the tape and the chart can show). */
export const REPLAY_TRADES_KEPT = 200;
export const REPLAY_BARS_KEPT = 1_500;

type Side = Map<string, string>;

/** A replayed symbol: its book, last ticker and mark, recent trades and bars, as of the replay's clock. */
export type ReplaySymbol = {
  instrument: Instrument;
  seq: number;
  bookT: number;
  bids: Side;
  asks: Side;
  ticker: SourceTicker | undefined;
  mark: SourceMark | undefined;
  trades: Trade[];
  bars: Candle[];
};

function sortedLevels(side: Side, bids: boolean, depth: number): WireLevel[] {
  const levels = [...side.entries()].sort((a, b) => new Decimal(a[0]).comparedTo(b[0]));
  if (bids) levels.reverse();
  return levels.slice(0, depth);
}

function applyLevels(side: Side, levels: readonly WireLevel[]): void {
  for (const [price, qty] of levels) {
    if (new Decimal(qty).isZero()) side.delete(price);
    else side.set(price, qty);
  }
}

/** A bar of `interval` made of one-minute bars (oldest first), or the one-minute bars themselves. */
export function barsOf(bars: readonly Candle[], interval: Interval, offset: number): Candle[] {
  if (interval === '1m') return [...bars];
  const out: Candle[] = [];
  for (const bar of bars) {
    const t = barOpenTime(bar.t, interval, offset);
    const last = out.at(-1);
    if (!last || last.t !== t) {
      out.push({ ...bar, t });
      continue;
    }
    last.h = Decimal.max(last.h, bar.h).toFixed();
    last.l = Decimal.min(last.l, bar.l).toFixed();
    last.c = bar.c;
    last.v = new Decimal(last.v).plus(bar.v).toFixed();
  }
  return out;
}

/**
 * What a trade makes of a symbol's ticker (last, high, low, volume, turnover) and one-minute bar:
 * the recorder keeps neither, only the trades and the state a snapshot holds.
 */
function printed(s: ReplaySymbol, trade: Trade): void {
  const price = new Decimal(trade.price);
  if (s.ticker)
    s.ticker = {
      ...s.ticker,
      t: trade.t,
      last: trade.price,
      high: Decimal.max(s.ticker.high, price).toFixed(),
      low: Decimal.min(s.ticker.low, price).toFixed(),
      volume: new Decimal(s.ticker.volume).plus(trade.qty).toFixed(),
      turnover: new Decimal(s.ticker.turnover).plus(price.times(trade.qty)).toFixed(),
    };
  const t = barOpenTime(trade.t, '1m', barOffset(s.instrument.market));
  const last = s.bars.at(-1);
  if (last && last.t === t)
    s.bars[s.bars.length - 1] = {
      ...last,
      h: Decimal.max(last.h, price).toFixed(),
      l: Decimal.min(last.l, price).toFixed(),
      c: trade.price,
      v: new Decimal(last.v).plus(trade.qty).toFixed(),
    };
  else if (!last || last.t < t) {
    s.bars.push({ t, o: trade.price, h: trade.price, l: trade.price, c: trade.price, v: trade.qty });
    if (s.bars.length > REPLAY_BARS_KEPT) s.bars.splice(0, s.bars.length - REPLAY_BARS_KEPT);
  }
}

/**
 * A recorded market as a MarketSource, as it stood at the replay's clock: the same reads the live
 * engines make (book, ticker, candles) and the same execution a read-only live source offers
 * (server/market/walk-book.ts `readOnlyExecutor`: fills are levels the recorded book showed, what
 * a fill took stays taken until the book's next update). It only ever holds what `apply` was
 * given, and the replay gives it nothing past its clock (server/replay/run.ts).
 */
export class ReplayMarket implements MarketSource {
  readonly symbols = new Map<string, ReplaySymbol>();
  private readonly exec: (request: ExecRequest) => ExecFill[];

  constructor(
    instruments: readonly Instrument[],
    private readonly clock: () => number,
    idPrefix: string,
  ) {
    for (const instrument of instruments)
      this.symbols.set(instrument.symbol, {
        instrument,
        seq: 0,
        bookT: 0,
        bids: new Map(),
        asks: new Map(),
        ticker: undefined,
        mark: undefined,
        trades: [],
        bars: [],
      });
    this.exec = readOnlyExecutor((symbol) => this.book(symbol, 1000), clock, idPrefix);
  }

  /** Starts a symbol over from a recorded snapshot. */
  restore(symbol: string, snapshot: Snapshot): void {
    const s = this.symbols.get(symbol);
    if (!s) return;
    s.seq = snapshot.book.seq;
    s.bookT = snapshot.book.t;
    s.bids = new Map(snapshot.book.bids);
    s.asks = new Map(snapshot.book.asks);
    if (snapshot.ticker) s.ticker = tickerOf(symbol, snapshot.ticker);
    if (snapshot.mark) s.mark = markOf(symbol, snapshot.mark);
    if (snapshot.bar && !s.bars.some((bar) => bar.t >= snapshot.bar!.t)) s.bars.push(snapshot.bar);
  }

  /** Applies one recorded event (its time is at or before the replay's clock). */
  apply(symbol: string, event: Recorded): void {
    const s = this.symbols.get(symbol);
    if (!s) return;
    switch (event.kind) {
      case 'mark':
        s.mark = event.mark;
        return;
      case 'trades':
        s.trades.push(...event.trades);
        if (s.trades.length > REPLAY_TRADES_KEPT) s.trades.splice(0, s.trades.length - REPLAY_TRADES_KEPT);
        for (const trade of event.trades) printed(s, trade);
        return;
      case 'book':
        applyLevels(s.bids, event.bids);
        applyLevels(s.asks, event.asks);
        s.seq = event.seq;
        s.bookT = event.t;
        return;
    }
  }

  instruments(): readonly Instrument[] {
    return [...this.symbols.values()].map((s) => s.instrument);
  }
  instrument(symbol: string): Instrument | undefined {
    return this.symbols.get(symbol)?.instrument;
  }
  ticker(symbol: string): SourceTicker | undefined {
    return this.symbols.get(symbol)?.ticker;
  }
  mark(symbol: string): SourceMark | undefined {
    return this.symbols.get(symbol)?.mark;
  }
  book(symbol: string, depth: number): BookSnapshot | undefined {
    const s = this.symbols.get(symbol);
    if (!s) return undefined;
    return {
      symbol,
      seq: s.seq,
      t: s.bookT,
      bids: sortedLevels(s.bids, true, depth),
      asks: sortedLevels(s.asks, false, depth),
    };
  }
  trades(symbol: string, limit: number): Trade[] {
    return (this.symbols.get(symbol)?.trades ?? []).slice(-limit);
  }
  candles(symbol: string, interval: Interval, limit: number, end?: number): Candle[] {
    const s = this.symbols.get(symbol);
    if (!s) return [];
    const bars = barsOf(s.bars, interval, barOffset(s.instrument.market));
    return bars.filter((bar) => end === undefined || bar.t <= end).slice(-limit);
  }
  /** The recorded session traded: the replay shows it open, whatever the live market does now. */
  status(market: 'BIST' | 'CRYPTO'): MarketStatus {
    return {
      market,
      state: 'open',
      open: true,
      nextOpen: null,
      nextClose: null,
      holiday: null,
      ts: this.clock(),
    };
  }
  execute(request: ExecRequest): ExecFill[] {
    return this.symbols.has(request.symbol) ? this.exec(request) : [];
  }
  on(): () => void {
    return () => undefined;
  }
  start(): void {}
  stop(): void {}
}
