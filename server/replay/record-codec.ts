import type { Candle, Trade } from '../../domain/protocol/market';
import type { WireLevel } from '../../domain/protocol/ws';
import type { MarketEvent, SourceMark, SourceTicker } from '../market/source';

/**
 * How a recorded market event is kept (market_records.events): a JSON array of short tuples, so a
 * row of a few hundred events costs one string and no per-event keys. Each tuple starts with its
 * kind and its market time (what the replay's clock is compared with: nothing at a later time is
 * applied, server/replay/replay-market.ts).
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

/** An event as a replay applies it: a market event of one symbol at its market time. */
export type Recorded =
  | { kind: 'mark'; t: number; mark: SourceMark }
  | { kind: 'trades'; t: number; trades: Trade[] }
  | { kind: 'book'; t: number; seq: number; bids: WireLevel[]; asks: WireLevel[] };

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

/** The tuple of a source event, or null for one not kept (status, ticker, bar). */
export function encodeEvent(event: MarketEvent): RecordTuple | null {
  switch (event.type) {
    case 'mark':
      return markTuple(event.mark);
    case 'trades': {
      const trades = event.trades.map((x): TradeTuple => [
        x.id,
        x.t,
        x.price,
        x.qty,
        x.side === 'buy' ? 1 : 0,
      ]);
      return ['t', event.trades.at(-1)?.t ?? 0, trades];
    }
    case 'book':
      return ['b', event.t, event.seq, event.bids, event.asks];
    default:
      return null;
  }
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

/** A row's events, oldest first. */
export function decodeEvents(symbol: string, text: string): Recorded[] {
  return (JSON.parse(text) as RecordTuple[]).map((x) => decodeTuple(symbol, x));
}
