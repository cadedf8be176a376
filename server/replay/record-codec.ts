import { fromSteps } from '../../domain/market/ticks';
import type { Candle } from '../../domain/protocol/market';
import type { WireLevel } from '../../domain/protocol/ws';
import type { SourceMark, SourceTicker } from '../market/source';
import { readDeltaLines } from './record-deltas-read';
import { RECORD_DELTAS } from './record-steps';
import { RECORD_STEPS, readStepLines } from './record-steps-read';
import { readRecordText, sectionIn, sectionMark, type Recorded } from './record-text';

/**
 * How a recorded market event is read back. Rows are written in the compact text of
 * record-steps.ts (`~4`: prices and quantities as integer steps, numbers after others as
 * differences), a section a symbol; rows written before it are in record-steps-read.ts's `~3` or
 * record-text.ts's `~2` and read as they were. Each event has its market time (what the replay's clock is
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

/**
 * A snapshot's book as a source that keeps it in integer steps gave it (MarketSource.bookSteps):
 * `steps` its price and quantity scales, each side `[price, qty, …]` best first, a price after the
 * first as the difference from the one before. Snapshots written before are `Snapshot`'s own.
 */
export type BookInSteps = { seq: number; t: number; steps: [number, number]; bids: number[]; asks: number[] };

/** A side in steps as the snapshot keeps it: prices after the first as differences. */
export function sideInSteps(flat: readonly number[]): number[] {
  const out = flat.slice();
  for (let i = out.length - 2; i >= 2; i -= 2) out[i] = flat[i]! - flat[i - 2]!;
  return out;
}

function sideOfSteps(flat: readonly number[], [priceScale, qtyScale]: [number, number]): WireLevel[] {
  const levels: WireLevel[] = [];
  let price = 0;
  for (let i = 0; i + 1 < flat.length; i += 2) {
    price = i === 0 ? flat[0]! : price + flat[i]!;
    if (!Number.isSafeInteger(price) || price < 0 || !Number.isSafeInteger(flat[i + 1]))
      throw new Error('record: a snapshot side this codec did not write');
    levels.push([fromSteps(price, priceScale), fromSteps(flat[i + 1]!, qtyScale)]);
  }
  return levels;
}

/** A symbol's snapshot section (JSON) as a `Snapshot`, its book in steps or as strings. */
export function parseSnapshot(text: string): Snapshot {
  const parsed = JSON.parse(text) as Omit<Snapshot, 'book'> & { book: Snapshot['book'] | BookInSteps };
  const book = parsed.book;
  if (!('steps' in book)) return parsed as Snapshot;
  const { seq, t, steps } = book;
  return {
    ...parsed,
    book: { seq, t, bids: sideOfSteps(book.bids, steps), asks: sideOfSteps(book.asks, steps) },
  };
}

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
  // Rows written before are read as they were written: `~3` before numbers were written as
  // differences, `~2` before prices were kept as steps.
  if (text.startsWith(`${RECORD_DELTAS},`)) {
    const { base, lines } = sectionIn(symbol, text);
    return readDeltaLines(symbol, base, lines);
  }
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
  return parseSnapshot(text.slice(from, end < 0 ? text.length : end));
}
