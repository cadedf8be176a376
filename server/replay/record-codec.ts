import type { Candle } from '../../domain/protocol/market';
import type { WireLevel } from '../../domain/protocol/ws';
import type { SourceMark, SourceTicker } from '../market/source';
import { readRecordText, RECORD_TEXT, type Recorded } from './record-text';

/**
 * How a recorded market event is read back. Rows are written in the compact text of
 * record-text.ts; rows written before it hold a JSON array of short tuples (read here until the
 * retention purges them). Each event has its market time (what the replay's clock is compared
 * with: nothing at a later time is applied, server/replay/replay-market.ts). The snapshot stays
 * JSON (a row a minute at most).
 *
 * Kept: trades, book diffs and marks. Tickers and bars are not: each is what the trades made of
 * the state a snapshot holds (a replay makes them again, replay-market.ts), and together they
 * were two thirds of the events (a ticker and eight bars a trade).
 */
type TickerTuple = ['k', number, string, string, string, string, string, string, string];
type MarkTuple = ['m', number, string, string | null, number | null];
type TradeTuple = [string, number, string, string, 0 | 1];
type TradesTuple = ['t', number, TradeTuple[]];
export type BookTuple = ['b', number, number, WireLevel[], WireLevel[]];
export type RecordTuple = MarkTuple | TradesTuple | BookTuple;

export type { Recorded };

/**
 * A symbol's state after a row's events: where a replay that starts later begins. `bar` is the
 * one-minute bar then live (the trades after it go on from it).
 */
export type Snapshot = {
  book: { seq: number; t: number; bids: WireLevel[]; asks: WireLevel[] };
  ticker: TickerTuple | null;
  mark: MarkTuple | null;
  bar: Candle | null;
};

export function tickerTuple(t: SourceTicker): TickerTuple {
  return ['k', t.t, t.last, t.open, t.high, t.low, t.prev, t.volume, t.turnover];
}

export function markTuple(m: SourceMark): MarkTuple {
  return ['m', m.t, m.mark, m.funding, m.nextFunding];
}

export function tickerOf(symbol: string, k: TickerTuple): SourceTicker {
  const [, t, last, open, high, low, prev, volume, turnover] = k;
  return { symbol, t, last, open, high, low, prev, volume, turnover };
}

export function markOf(symbol: string, m: MarkTuple): SourceMark {
  const [, t, mark, funding, nextFunding] = m;
  return { symbol, t, mark, funding, nextFunding };
}

export function decodeTuple(symbol: string, x: RecordTuple): Recorded {
  switch (x[0]) {
    case 'm':
      return { kind: 'mark', t: x[1], mark: markOf(symbol, x) };
    case 't':
      return {
        kind: 'trades',
        t: x[1],
        trades: x[2].map(([id, t, price, qty, buy]) => ({ id, t, price, qty, side: buy ? 'buy' : 'sell' })),
      };
    case 'b':
      return { kind: 'book', t: x[1], seq: x[2], bids: x[3], asks: x[4] };
  }
}

/** A row's events, oldest first: in the compact text (record-text.ts), or rows written before it as JSON tuples. */
export function decodeEvents(symbol: string, text: string): Recorded[] {
  if (text.startsWith(RECORD_TEXT)) return readRecordText(symbol, text);
  return (JSON.parse(text) as RecordTuple[]).map((x) => decodeTuple(symbol, x));
}
