import type { MarketStatus, BookSnapshot, Trade } from '../../domain/protocol/market';
import type { Instrument, MarketSource, SourceMark, SourceTicker } from '../market/source';

// The owner's side of the mirror (mirror-market.ts): what a follower asks for, and the answer.

/** What the owner hands a follower that starts, or whose book for a symbol broke. */
export type MarketSnapshot = {
  instruments: Instrument[];
  tickers: SourceTicker[];
  marks: SourceMark[];
  status: MarketStatus[];
  books: BookSnapshot[];
  trades: { symbol: string; trades: Trade[] }[];
  /** The source's annualised volatility per symbol that has one (options price from it). */
  volatility?: [string, number][];
};

/** Deep enough that levels under the top 50 are already known when the top is eaten. */
const MIRROR_BOOK_DEPTH = 1_000;

/** The latest trades a follower keeps of each symbol, and is handed in a snapshot. */
export const MIRROR_TRADES = 200;

/** The whole catalogue with quotes and no books, or the books and trades of some symbols. */
export type SnapshotAsk = { books: false } | { symbols: string[] };

/** The owner's side: what a follower asks for. */
export function marketSnapshotOf(source: MarketSource, ask: SnapshotAsk): MarketSnapshot {
  const instruments = [...source.instruments()];
  const catalogue = 'books' in ask;
  const wanted = catalogue ? instruments : instruments.filter((i) => ask.symbols.includes(i.symbol));
  const present = <T>(value: T | undefined): value is T => value !== undefined;
  return {
    instruments: catalogue ? instruments : [],
    tickers: wanted.map((i) => source.ticker(i.symbol)).filter(present),
    marks: wanted.map((i) => source.mark(i.symbol)).filter(present),
    status: catalogue ? [source.status('BIST'), source.status('CRYPTO')] : [],
    books: catalogue ? [] : wanted.map((i) => source.book(i.symbol, MIRROR_BOOK_DEPTH)).filter(present),
    trades: catalogue
      ? []
      : wanted.map((i) => ({ symbol: i.symbol, trades: source.trades(i.symbol, MIRROR_TRADES) })),
    volatility: catalogue
      ? instruments.flatMap((i) => {
          const v = source.volatility?.(i.symbol) ?? null;
          return v === null ? [] : [[i.symbol, v] as [string, number]];
        })
      : [],
  };
}

/** A market the owner has told nothing of yet: closed, until it says otherwise. */
export function unheardStatus(market: 'BIST' | 'CRYPTO', now: number): MarketStatus {
  return { market, state: 'closed', open: false, nextOpen: null, nextClose: null, holiday: null, ts: now };
}
