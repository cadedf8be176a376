import { toSteps, fromSteps } from '../domain/market/ticks';
import type { Interval } from '../domain/market/instrument';
import { candleKey, type MarketPatch, type MarkView, type TickerView } from '../domain/market-data/contract';
import type { IndicatorConfig } from '../domain/indicators/types';
import type { StreamMessage } from '../domain/protocol/ws';
import { Book, type ApplyResult } from './book';
import { CandleSeries, type IndicatorFactory } from './candles';
import { nextTicker, tickerChanges, type TickerInput } from './ticker';
import { TradeTape } from './trades';

type TickerEntry = { view: TickerView; posted: TickerView | undefined };

/**
 * Everything the worker holds per symbol, and the flush that turns what changed into one
 * MarketPatch. Streams and the poller both write here; only `flush` reads for the UI.
 */
export class MarketState {
  private readonly tickers = new Map<string, TickerEntry>();
  private readonly dirtyTickers = new Set<string>();
  private readonly books = new Map<string, Book>();
  private readonly tapes = new Map<string, TradeTape>();
  private readonly candles = new Map<string, CandleSeries>();
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
    if (!book) this.books.set(symbol, (book = new Book(scale)));
    return book;
  }

  tape(symbol: string, scale: number): TradeTape {
    let tape = this.tapes.get(symbol);
    if (!tape) this.tapes.set(symbol, (tape = new TradeTape(scale)));
    return tape;
  }

  series(symbol: string, interval: Interval, scale: number): CandleSeries {
    const key = candleKey(symbol, interval);
    let series = this.candles.get(key);
    if (!series) this.candles.set(key, (series = new CandleSeries(scale, this.config, this.factory)));
    return series;
  }

  /** A topic's last holder left: its state goes (a later subscribe starts from a snapshot). */
  drop(kind: 'ticker' | 'book' | 'trades' | 'mark' | 'candles', symbol: string, interval?: Interval): void {
    if (kind === 'ticker') {
      this.tickers.delete(symbol);
      this.dirtyTickers.delete(symbol);
    } else if (kind === 'book') this.books.delete(symbol);
    else if (kind === 'trades') this.tapes.delete(symbol);
    else if (kind === 'mark') {
      this.marks.delete(symbol);
      this.dirtyMarks.delete(symbol);
    } else if (interval) this.candles.delete(candleKey(symbol, interval));
  }

  ticker(symbol: string, input: TickerInput, scale: number): boolean {
    const entry = this.tickers.get(symbol);
    const view = nextTicker(symbol, input, scale, entry?.view);
    if (!view) return false;
    if (entry) entry.view = view;
    else this.tickers.set(symbol, { view, posted: undefined });
    this.dirtyTickers.add(symbol);
    return true;
  }

  mark(symbol: string, input: Omit<MarkView, 'mark'> & { mark: string }, scale: number): boolean {
    const steps = toSteps(input.mark, scale);
    if (Number.isNaN(steps)) return false;
    this.marks.set(symbol, { ...input, mark: fromSteps(steps, scale) });
    this.dirtyMarks.add(symbol);
    return true;
  }

  /** Applies one in-sequence stream message; anything but 'ok' means the stream must resync. */
  apply(message: StreamMessage, scale: number, interval: Interval | null): ApplyResult {
    switch (message.ch) {
      case 'ticker':
        return this.ticker(message.s, message, scale) ? 'ok' : 'bad';
      case 'mark':
        return this.mark(message.s, message, scale) ? 'ok' : 'bad';
      case 'book': {
        const book = this.book(message.s, scale);
        return message.snap
          ? book.loadSnapshot(message.bids, message.asks)
          : book.applyDiff(message.bids, message.asks);
      }
      case 'trades': {
        const tape = this.tape(message.s, scale);
        return (message.snap ? tape.load(message.trades) : tape.add(message.trades)) ? 'ok' : 'bad';
      }
      default: {
        if (!interval) return 'bad';
        const series = this.series(message.s, interval, scale);
        return (message.snap ? series.load(message.bars) : series.update(message.bars)) ? 'ok' : 'bad';
      }
    }
  }

  setIndicators(config: IndicatorConfig): void {
    this.config = config;
    for (const series of this.candles.values()) series.setIndicators(config);
  }

  /** What changed since the last flush, written into `patch`; false when nothing did. */
  flushInto(patch: MarketPatch): boolean {
    let changed = false;
    for (const symbol of this.dirtyTickers) {
      const entry = this.tickers.get(symbol);
      if (!entry) continue;
      const changes = tickerChanges(entry.posted, entry.view);
      entry.posted = entry.view;
      if (!changes) continue;
      (patch.tickers ??= {})[symbol] = changes;
      changed = true;
    }
    this.dirtyTickers.clear();
    for (const symbol of this.dirtyMarks) {
      const mark = this.marks.get(symbol);
      if (!mark) continue;
      (patch.marks ??= {})[symbol] = mark;
      changed = true;
    }
    this.dirtyMarks.clear();
    for (const [symbol, book] of this.books) {
      const bookPatch = book.patch();
      if (!bookPatch) continue;
      (patch.books ??= {})[symbol] = bookPatch;
      changed = true;
    }
    for (const [symbol, tape] of this.tapes) {
      const tradesPatch = tape.patch();
      if (!tradesPatch) continue;
      (patch.trades ??= {})[symbol] = tradesPatch;
      changed = true;
    }
    for (const [key, series] of this.candles) {
      const candlesPatch = series.patch();
      if (!candlesPatch) continue;
      (patch.candles ??= {})[key] = candlesPatch;
      changed = true;
    }
    return changed;
  }
}
