import Decimal from 'decimal.js';
import { walkSnapshot } from '../../server/market/walk-book';
import type { Interval } from '../../domain/market/instrument';
import type { BookSnapshot, Candle, MarketStatus, Trade } from '../../domain/protocol/market';
import type { WireLevel } from '../../domain/protocol/ws';
import type {
  Instrument,
  MarketEvent,
  MarketListener,
  MarketSource,
  SourceMark,
  SourceTicker,
} from '../../server/market/source';

/**
 * A MarketSource driven by hand: tests set its state and emit its events one by one, so seq
 * continuity, snapshots, gaps and slow consumers can be checked exactly. The book applies the
 * diffs it emits, so a snapshot taken later agrees with what was sent.
 */
export type ScriptedSource = MarketSource & {
  listenerCount(): number;
  setTicker(symbol: string, ticker: Partial<SourceTicker>): SourceTicker;
  setMark(symbol: string, mark: Partial<SourceMark>): SourceMark;
  setCandles(symbol: string, interval: Interval, candles: Candle[]): void;
  /** Replaces a book (no event) at `seq`. */
  setBook(symbol: string, seq: number, bids: WireLevel[], asks: WireLevel[]): void;
  /** Applies a diff and announces it at the book's seq + 1 (or at `seq`, to script a gap). */
  emitBook(symbol: string, bids: WireLevel[], asks: WireLevel[], seq?: number): number;
  emitTrades(symbol: string, trades: Trade[]): void;
  emitTicker(symbol: string, ticker: Partial<SourceTicker>): void;
  emitMark(symbol: string, mark: Partial<SourceMark>): void;
  emitCandle(symbol: string, interval: Interval, candle: Candle): void;
  emit(event: MarketEvent): void;
};

type Side = Map<string, string>;
type Book = { seq: number; t: number; bids: Side; asks: Side };

export function instrument(symbol: string, overrides: Partial<Instrument> = {}): Instrument {
  const coin = symbol.endsWith('USDT');
  return {
    symbol,
    name: overrides.name ?? `${symbol} name`,
    market: coin ? 'coin' : 'stock',
    country: coin ? '' : 'TR',
    priceScale: 2,
    qtyScale: coin ? 6 : 0,
    group: coin ? null : 1,
    t1: false,
    lot: 1,
    base: coin ? symbol.slice(0, -4) : null,
    quote: coin ? 'USDT' : null,
    minQty: coin ? '0.000001' : '1',
    members: [],
    ...overrides,
  };
}

/** The USDT/TRY pair the exchange and coin funding trade: a coin market quoted in TRY, 0.1 USDT steps. */
export function usdtTry(overrides: Partial<Instrument> = {}): Instrument {
  return instrument('USDTTRY', {
    market: 'coin',
    country: '',
    group: null,
    base: 'USDT',
    quote: 'TRY',
    qtyScale: 1,
    minQty: '0.1',
    ...overrides,
  });
}

const status = (market: 'BIST' | 'CRYPTO', now: number): MarketStatus => ({
  market,
  state: 'always_open',
  open: true,
  nextOpen: null,
  nextClose: null,
  holiday: null,
  ts: now,
});

function sorted(side: Side, bids: boolean, depth: number): WireLevel[] {
  const levels = [...side.entries()].sort((a, b) => Number(a[0]) - Number(b[0]));
  if (bids) levels.reverse();
  return levels.slice(0, depth);
}

function applyLevels(side: Side, levels: WireLevel[]): void {
  for (const [price, qty] of levels) {
    if (Number(qty) === 0) side.delete(price);
    else side.set(price, qty);
  }
}

export function scriptedSource(
  instruments: Instrument[],
  now: () => number = () => Date.now(),
): ScriptedSource {
  const listeners = new Set<MarketListener>();
  const bySymbol = new Map(instruments.map((i) => [i.symbol, i]));
  const tickers = new Map<string, SourceTicker>();
  const marks = new Map<string, SourceMark>();
  const books = new Map<string, Book>();
  const trades = new Map<string, Trade[]>();
  const candles = new Map<string, Candle[]>();

  const bookOf = (symbol: string): Book => {
    let book = books.get(symbol);
    if (!book) books.set(symbol, (book = { seq: 0, t: now(), bids: new Map(), asks: new Map() }));
    return book;
  };
  const emit = (event: MarketEvent) => {
    for (const listener of [...listeners]) listener(event);
  };
  const setTicker = (symbol: string, patch: Partial<SourceTicker>) => {
    const ticker: SourceTicker = {
      symbol,
      last: '10.00',
      open: '10.00',
      high: '10.00',
      low: '10.00',
      prev: '10.00',
      volume: '0',
      turnover: '0',
      ...tickers.get(symbol),
      ...patch,
      t: patch.t ?? now(),
    };
    tickers.set(symbol, ticker);
    return ticker;
  };
  const setMark = (symbol: string, patch: Partial<SourceMark>) => {
    const mark: SourceMark = {
      symbol,
      mark: '10.00',
      funding: null,
      nextFunding: null,
      ...marks.get(symbol),
      ...patch,
      t: patch.t ?? now(),
    };
    marks.set(symbol, mark);
    return mark;
  };

  let fillId = 0;
  const source: ScriptedSource = {
    instruments: () => [...bySymbol.values()],
    instrument: (symbol) => bySymbol.get(symbol),
    ticker: (symbol) => tickers.get(symbol),
    mark: (symbol) => marks.get(symbol),
    book: (symbol, depth): BookSnapshot | undefined => {
      if (!bySymbol.has(symbol)) return undefined;
      const book = bookOf(symbol);
      return {
        symbol,
        seq: book.seq,
        t: book.t,
        bids: sorted(book.bids, true, depth),
        asks: sorted(book.asks, false, depth),
      };
    },
    trades: (symbol, limit) => (trades.get(symbol) ?? []).slice(-limit),
    // Like the simulator: the fills print and take the levels they filled from the book.
    execute: (request) => {
      if (!bySymbol.has(request.symbol)) return [];
      const fills = walkSnapshot(source.book(request.symbol, 1000), request, now(), () => `F${++fillId}`);
      if (fills.length === 0) return fills;
      const resting = request.side === 'buy' ? bookOf(request.symbol).asks : bookOf(request.symbol).bids;
      const changed: WireLevel[] = fills.map((f) => [
        f.price,
        new Decimal(resting.get(f.price) ?? '0').minus(f.qty).toFixed(),
      ]);
      source.emitTrades(
        request.symbol,
        fills.map((f) => ({ id: f.tradeId, t: f.t, price: f.price, qty: f.qty, side: request.side })),
      );
      if (request.side === 'buy') source.emitBook(request.symbol, [], changed);
      else source.emitBook(request.symbol, changed, []);
      return fills;
    },
    candles: (symbol, interval, limit, end) =>
      (candles.get(`${symbol}|${interval}`) ?? [])
        .filter((c) => end === undefined || c.t <= end)
        .slice(-limit),
    status: (market) => status(market, now()),
    on: (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    start: () => undefined,
    stop: () => undefined,
    listenerCount: () => listeners.size,
    setTicker,
    setMark,
    setCandles: (symbol, interval, list) => void candles.set(`${symbol}|${interval}`, list),
    setBook: (symbol, seq, bids, asks) =>
      void books.set(symbol, { seq, t: now(), bids: new Map(bids), asks: new Map(asks) }),
    emitBook: (symbol, bids, asks, seq) => {
      const book = bookOf(symbol);
      applyLevels(book.bids, bids);
      applyLevels(book.asks, asks);
      book.seq = seq ?? book.seq + 1;
      book.t = now();
      emit({ type: 'book', symbol, seq: book.seq, t: book.t, bids, asks });
      return book.seq;
    },
    emitTrades: (symbol, list) => {
      trades.set(symbol, [...(trades.get(symbol) ?? []), ...list].slice(-1000));
      emit({ type: 'trades', symbol, trades: list });
    },
    emitTicker: (symbol, patch) => emit({ type: 'ticker', symbol, ticker: setTicker(symbol, patch) }),
    emitMark: (symbol, patch) => emit({ type: 'mark', symbol, mark: setMark(symbol, patch) }),
    emitCandle: (symbol, interval, candle) => {
      const key = `${symbol}|${interval}`;
      const list = candles.get(key) ?? [];
      if (list.at(-1)?.t === candle.t) list[list.length - 1] = candle;
      else list.push(candle);
      candles.set(key, list);
      emit({ type: 'candle', symbol, interval, candle });
    },
    emit,
  };
  return source;
}

/**
 * The source of a broker whose tests read no market (accounts, uploads, envelopes): a broker's
 * own simulator draws the whole catalogue's history as it starts (about half a second of CPU)
 * and ticks it all along, a tenth to a fifth of such a file's CPU for nothing it reads.
 */
export const noMarket = (): ScriptedSource => scriptedSource([]);
