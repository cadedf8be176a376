import type { Candle } from '../../domain/protocol/market';
import type { WireLevel } from '../../domain/protocol/ws';
import type { SourceMark, SourceTicker } from '../market/source';
import { RECORD_STEPS } from './record-steps';
import { readStepLines } from './record-steps-read';
import { readRecordText, sectionIn, sectionMark, type Recorded } from './record-text';

/**
 * How a recorded market event is read back. Rows are written in the compact text of
 * record-steps.ts (`~3`: prices and quantities as integer steps), a section a symbol; rows written
 * before it are in record-text.ts's `~2` and read as they were. Each event has its market time (what the replay's clock is
 * compared with: nothing at a later time is applied, server/replay/replay-market.ts). A symbol's
 * state stays JSON, in the row's snapshot text after its `\n@<symbol>\n` (a row a minute at most).
 *
 * Kept: trades, book diffs and marks. Tickers and bars are not: each is what the trades made of
 * the state a snapshot holds (a replay makes them again, replay-market.ts), and together they
 * were two thirds of the events (a ticker and eight bars a trade).
 */
type TickerTuple = ['k', number, string, string, string, string, string, string, string];
type MarkTuple = ['m', number, string, string | null, number | null];

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

/** A row's events of `symbol` (its section of the row's text), oldest first. */
export function decodeEvents(symbol: string, text: string): Recorded[] {
  // Rows written before prices were kept as steps are `~2` text: read as they were written.
  if (!text.startsWith(`${RECORD_STEPS},`)) return readRecordText(symbol, text);
  const { base, lines } = sectionIn(symbol, text);
  return readStepLines(symbol, base, lines);
}

/** `symbol`'s state in a row's snapshot text, or null when the row holds none of it. */
export function snapshotIn(symbol: string, text: string): Snapshot | null {
  const mark = sectionMark(symbol);
  const at = text.indexOf(mark);
  if (at < 0) return null;
  const from = at + mark.length;
  const end = text.indexOf('\n@', from);
  return JSON.parse(text.slice(from, end < 0 ? text.length : end)) as Snapshot;
}
