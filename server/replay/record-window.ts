import type { MarketEvent } from '../market/source';
import { bookLine, markLine, RECORD_TEXT, sectionMark, tradesLine, type IdChain } from './record-text';

/** The events the recorder keeps, as the source handed them out (never changed afterwards). */
export type Heard = Extract<MarketEvent, { type: 'book' | 'trades' | 'mark' }>;

/**
 * A symbol's book diffs within one window of this many ms are kept as one (each level at its last
 * quantity, at the last diff's time and seq): the worker shows a book two to four times a second,
 * and a replay applies the merged diff no earlier than the last of its parts happened.
 */
export const RECORD_BOOK_MS = 500;

/** A book diff being merged: its line is written with the section's text. */
type OpenBook = {
  window: number;
  t: number;
  seq: number;
  bids: Map<string, string>;
  asks: Map<string, string>;
};

/** A symbol's section as it is written: its lines, a merged book diff as its parts until the end. */
type Section = { lines: (string | OpenBook)[]; chain: IdChain; book: OpenBook | null };

/** A flush window's events written as one row's text (record-text.ts), and the times they span. */
export type Window = { t0: number; t1: number; text: string; symbols: string[] };

const timeOf = (event: Heard): number =>
  event.type === 'book' ? event.t : event.type === 'mark' ? event.mark.t : (event.trades.at(-1)?.t ?? 0);

function addBook(section: Section, event: Extract<Heard, { type: 'book' }>): void {
  const window = Math.floor(event.t / RECORD_BOOK_MS);
  let open = section.book;
  if (!open || open.window !== window) {
    open = { window, t: event.t, seq: event.seq, bids: new Map(), asks: new Map() };
    section.book = open;
    section.lines.push(open);
  }
  for (const [price, qty] of event.bids) open.bids.set(price, qty);
  for (const [price, qty] of event.asks) open.asks.set(price, qty);
  open.t = event.t;
  open.seq = event.seq;
}

/**
 * The events heard in a flush window (in the order heard), for the symbols recorded, as one row's
 * text: the work the listener leaves undone (it only keeps each event) happens here, once a flush.
 * Null when none of them is recorded.
 */
export function encodeWindow(events: readonly Heard[], recorded: ReadonlySet<string>): Window | null {
  const sections = new Map<string, Section>();
  let t0 = Infinity;
  let t1 = -Infinity;
  for (const event of events) {
    if (!recorded.has(event.symbol)) continue;
    const t = timeOf(event);
    if (t < t0) t0 = t;
    if (t > t1) t1 = t;
  }
  if (t1 === -Infinity) return null;
  const base = t0;
  for (const event of events) {
    if (!recorded.has(event.symbol)) continue;
    let section = sections.get(event.symbol);
    if (!section) {
      section = { lines: [], chain: null, book: null };
      sections.set(event.symbol, section);
    }
    if (event.type === 'book') addBook(section, event);
    else if (event.type === 'trades') {
      const t = timeOf(event);
      const { line, chain } = tradesLine(t - base, t, event.trades, section.chain);
      section.chain = chain;
      section.lines.push(line);
    } else {
      section.lines.push(markLine(event.mark.t - base, event.mark));
    }
  }
  let text = `${RECORD_TEXT},${base}`;
  for (const [symbol, section] of sections) {
    text += sectionMark(symbol);
    let first = true;
    for (const line of section.lines) {
      if (!first) text += '\n';
      first = false;
      text += typeof line === 'string' ? line : bookLine(line.t - base, line.seq, line.bids, line.asks);
    }
  }
  return { t0, t1, text, symbols: [...sections.keys()] };
}
