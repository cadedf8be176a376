import { toSteps, fromSteps } from '../domain/market/ticks';
import type { Interval } from '../domain/market/instrument';
import { candleKey, type MarketPatch, type MarkView } from '../domain/market-data/contract';
import type { IndicatorConfig } from '../domain/indicators/types';
import {
  FrameKind,
  tickerSteps,
  type StreamFrame,
  type TickerInput,
  type TickerSteps,
} from '../domain/protocol/stream-codec-frame';
import { Book, type ApplyResult } from './book';
import { groupSteps, paceMs, type BookView } from '../domain/market-data/book-view';
import { CandleSeries, type IndicatorFactory } from './candles';
import { TickerState } from './ticker-state';
import { TradeTape } from './trades';
import { ensure } from '../domain/assert';

/**
 * Everything the worker holds per symbol, and the flush that turns what changed into one
 * MarketPatch. Streams and the poller both write here; only `flush` reads for the UI.
 */
export class MarketState {
  private readonly tickers = new Map<string, TickerState>();
  /** Tickers changed since the last flush, each once (its `dirty` flag). */
  private dirtyTickers: TickerState[] = [];
  private readonly books = new Registry<Book>();
  /** Each symbol's book view as the screen chose it; kept when the book goes, for its next one. */
  private readonly bookViews = new Map<string, BookView>();
  private readonly tapes = new Registry<TradeTape>();
  private readonly candles = new Registry<CandleSeries>();
  private readonly seriesByInterval = new Map<string, Map<string, CandleSeries>>();
  private readonly marks = new Map<string, MarkView>();
  private readonly dirtyMarks = new Set<string>();
  private config: IndicatorConfig;
  private readonly factory: IndicatorFactory;

  constructor(config: IndicatorConfig, factory: IndicatorFactory) {
    this.config = config;
    this.factory = factory;
  }

  book(symbol: string, scale: number): Book {
    let book = this.books.get(symbol);
    if (!book) {
      this.books.set(symbol, (book = new Book(scale)));
      const view = this.bookViews.get(symbol);
      if (view) book.setView(groupSteps(view.group, scale), paceMs(view.perSecond));
    }
    return book;
  }

  /** The screen's grouping and pace for a symbol's book, now and for a book made later. */
  setBookView(symbol: string, view: BookView): void {
    this.bookViews.set(symbol, view);
    const book = this.books.get(symbol);
    if (book) book.setView(groupSteps(view.group, book.scale), paceMs(view.perSecond));
  }

  /** The earliest time a paced book's held-back patch falls due (0: none is held). */
  bookHeldUntil(): number {
    let due = 0;
    const books = this.books.values;
    for (let i = 0; i < books.length; i++) {
      const at = ensure(books[i], 'a book below the count').heldUntil();
      if (at > 0 && (due === 0 || at < due)) due = at;
    }
    return due;
  }

  tape(symbol: string, scale: number): TradeTape {
    let tape = this.tapes.get(symbol);
    if (!tape) this.tapes.set(symbol, (tape = new TradeTape(scale)));
    return tape;
  }

  series(symbol: string, interval: Interval): CandleSeries {
    // By interval then symbol: a message doesn't build the joined key just to look it up.
    let symbols = this.seriesByInterval.get(interval);
    if (!symbols) this.seriesByInterval.set(interval, (symbols = new Map()));
    let series = symbols.get(symbol);
    if (!series) {
      series = new CandleSeries(this.config, this.factory);
      symbols.set(symbol, series);
      this.candles.set(candleKey(symbol, interval), series);
    }
    return series;
  }

  /** A topic's last holder left: its state goes (a later subscribe starts from a snapshot). */
  drop(kind: 'ticker' | 'book' | 'trades' | 'mark' | 'candles', symbol: string, interval?: Interval): void {
    if (kind === 'ticker') {
      const ticker = this.tickers.get(symbol);
      if (ticker) ticker.dropped = true;
      this.tickers.delete(symbol);
    } else if (kind === 'book') this.books.delete(symbol);
    else if (kind === 'trades') this.tapes.delete(symbol);
    else if (kind === 'mark') {
      this.marks.delete(symbol);
      this.dirtyMarks.delete(symbol);
    } else if (interval) {
      this.candles.delete(candleKey(symbol, interval));
      this.seriesByInterval.get(interval)?.delete(symbol);
    }
  }

  /** A polled quote's ticker; false when a price is off the grid. */
  ticker(symbol: string, input: TickerInput, scale: number): boolean {
    const steps = tickerSteps(input, scale);
    if (!steps) return false;
    this.applyTicker(symbol, scale, steps);
    return true;
  }

  private applyTicker(symbol: string, scale: number, steps: TickerSteps): void {
    const ticker = this.tickerState(symbol, scale);
    if (!ticker.dirty) this.dirtyTickers.push(ticker);
    ticker.apply(steps);
  }

  /** A symbol's ticker state, made on its first message. */
  private tickerState(symbol: string, scale: number): TickerState {
    let ticker = this.tickers.get(symbol);
    if (!ticker) this.tickers.set(symbol, (ticker = new TickerState(symbol, scale)));
    return ticker;
  }

  mark(symbol: string, input: Omit<MarkView, 'mark'> & { mark: string }, scale: number): boolean {
    const steps = toSteps(input.mark, scale);
    if (Number.isNaN(steps)) return false;
    this.marks.set(symbol, { ...input, mark: fromSteps(steps, scale) });
    this.dirtyMarks.add(symbol);
    return true;
  }

  /**
   * Applies one in-sequence stream frame, read by the stream codec (its fast path, or a decoded
   * message through StreamFrame.read); anything but 'ok' means the stream must resync. `symbol`
   * is the stream's own string (the frame's, read anew each time, would be hashed and compared
   * afresh by every lookup).
   */
  apply(frame: StreamFrame, symbol: string, scale: number, interval: Interval | null): ApplyResult {
    switch (frame.kind) {
      case FrameKind.Ticker:
        this.applyTicker(symbol, scale, frame);
        return 'ok';
      case FrameKind.Book:
        return this.book(symbol, scale).apply(frame.snap, frame.levels);
      case FrameKind.Trades: {
        const tape = this.tape(symbol, scale);
        const ok = frame.snap
          ? tape.load(frame.trades, frame.tradeSteps)
          : tape.add(frame.trades, frame.tradeSteps);
        return ok ? 'ok' : 'bad';
      }
      case FrameKind.Candles: {
        if (!interval) return 'bad';
        const series = this.series(symbol, interval);
        if (frame.snap) series.load(frame.bars);
        else series.update(frame.bars);
        return 'ok';
      }
      default:
        return 'bad';
    }
  }

  setIndicators(config: IndicatorConfig): void {
    this.config = config;
    for (const series of this.candles.values) series.setIndicators(config);
  }

  /** What changed since the last flush, written into `patch`; false when nothing did. `now` paces books. */
  flushInto(patch: MarketPatch, now = 0): boolean {
    let changed = false;
    const tickers = this.dirtyTickers;
    for (const ticker of tickers) {
      if (ticker.dropped) continue;
      const changes = ticker.patch();
      if (!changes) continue;
      (patch.tickers ??= {})[ticker.symbol] = changes;
      changed = true;
    }
    if (tickers.length > 0) this.dirtyTickers = [];
    for (const symbol of this.dirtyMarks) {
      const mark = this.marks.get(symbol);
      if (!mark) continue;
      (patch.marks ??= {})[symbol] = mark;
      changed = true;
    }
    this.dirtyMarks.clear();
    const books = this.books.values;
    for (let i = 0; i < books.length; i++) {
      const bookPatch = ensure(books[i], 'a book below the count').patch(undefined, now);
      if (!bookPatch) continue;
      (patch.books ??= {})[ensure(this.books.keys[i], 'a key for each book')] = bookPatch;
      changed = true;
    }
    const tapes = this.tapes.values;
    for (let i = 0; i < tapes.length; i++) {
      const tradesPatch = ensure(tapes[i], 'a tape below the count').patch();
      if (!tradesPatch) continue;
      (patch.trades ??= {})[ensure(this.tapes.keys[i], 'a key for each tape')] = tradesPatch;
      changed = true;
    }
    const candles = this.candles.values;
    for (let i = 0; i < candles.length; i++) {
      const candlesPatch = ensure(candles[i], 'a series below the count').patch();
      if (!candlesPatch) continue;
      (patch.candles ??= {})[ensure(this.candles.keys[i], 'a key for each series')] = candlesPatch;
      changed = true;
    }
    return changed;
  }
}

/** A Map that also keeps its entries in arrays, so a flush walks them without iterator objects. */
class Registry<T> {
  private readonly map = new Map<string, T>();
  readonly keys: string[] = [];
  readonly values: T[] = [];

  get(key: string): T | undefined {
    return this.map.get(key);
  }

  set(key: string, value: T): void {
    if (this.map.has(key)) this.values[this.keys.indexOf(key)] = value;
    else {
      this.keys.push(key);
      this.values.push(value);
    }
    this.map.set(key, value);
  }

  delete(key: string): void {
    if (!this.map.delete(key)) return;
    const at = this.keys.indexOf(key);
    this.keys.splice(at, 1);
    this.values.splice(at, 1);
  }
}
