import type { MarketEvent } from '../market/source';
import { RecordBytes } from './record-bytes';
import {
  RECORD_TEXT,
  sectionMark,
  writeBookHead,
  writeMark,
  writeSide,
  writeTrades,
  type IdChain,
} from './record-text';

/** The events the recorder keeps. */
export type Heard = Extract<MarketEvent, { type: 'book' | 'trades' | 'mark' }>;

/**
 * A symbol's book diffs within one window of this many ms are kept as one (each level at its last
 * quantity, at the last diff's time and seq): the worker shows a book two to four times a second,
 * and a replay applies the merged diff no earlier than the last of its parts happened.
 */
export const RECORD_BOOK_MS = 500;

/**
 * A book diff being merged: its parts' levels in the order heard, a side's prices and quantities
 * side by side (`[price, qty, price, qty, …]`), written as one line when the symbol's next diff
 * falls in a later window or the flush takes the row.
 */
type OpenBook = { window: number; t: number; seq: number; bids: string[]; asks: string[] };

/** A symbol's section as it is written: its lines so far, the merged book diff still open. */
type Section = {
  out: RecordBytes;
  lines: number;
  chain: IdChain;
  book: OpenBook | null;
  /** The lines heard after the open diff's first part: they follow its line, as they followed it. */
  after: RecordBytes;
};

/** A flush window's events written as one row's text (record-text.ts), and the times they span. */
export type Window = { t0: number; t1: number; text: string; symbols: string[] };

/** Levels merged by a scan: a window's parts hold a few levels, cheaper to compare than to hash. */
const SCAN_LEVELS = 32;
const NEWLINE = 10;
const BAR = 124;
const COLON = 58;
const SEMI = 59;

/**
 * Writes a side of a merged diff: each price once, where it first came, at the last quantity it
 * was given.
 */
function writeMerged(out: RecordBytes, flat: readonly string[]): void {
  const n = flat.length;
  if (n > 2 * SCAN_LEVELS) {
    const last = new Map<string, string>();
    for (let i = 0; i < n; i += 2) last.set(flat[i]!, flat[i + 1]!);
    writeSide(out, last);
    return;
  }
  outer: for (let i = 0; i < n; i += 2) {
    const price = flat[i]!;
    for (let j = i - 2; j >= 0; j -= 2) if (flat[j] === price) continue outer;
    let qty = flat[i + 1]!;
    for (let j = i + 2; j < n; j += 2) if (flat[j] === price) qty = flat[j + 1]!;
    if (i > 0) out.char(SEMI);
    out.text(price);
    out.char(COLON);
    out.text(qty);
  }
}

/**
 * One flush window of the record, written as the market speaks: each event becomes its line of
 * record-text.ts in its symbol's section at once (a symbol's book diffs of one RECORD_BOOK_MS
 * window merged into one line, written when that window is over), so what the recorder holds
 * between flushes is bytes, not the events. Times are offsets from the window's first event (a
 * later event of an earlier time gets a negative one); `t0` and `t1` are the earliest and latest.
 */
export class RecordWindow {
  private readonly sections = new Map<string, Section>();
  private base = 0;
  private t0 = Infinity;
  private t1 = -Infinity;
  /** Events written since the window began. */
  events = 0;

  /** `symbol`'s section for an event at `t`, its merged book diff written when `t` is past its window. */
  private section(symbol: string, t: number): Section {
    if (this.events++ === 0) this.base = t;
    if (t < this.t0) this.t0 = t;
    if (t > this.t1) this.t1 = t;
    let section = this.sections.get(symbol);
    if (!section) {
      section = { out: new RecordBytes(), lines: 0, chain: null, book: null, after: new RecordBytes() };
      this.sections.set(symbol, section);
    } else if (section.book && section.book.window !== Math.floor(t / RECORD_BOOK_MS)) {
      this.closeBook(section);
    }
    return section;
  }

  /** Where a section's next line goes: its text, or after the open diff's line while one is open. */
  private static newLine(section: Section): RecordBytes {
    if (section.book) {
      section.after.char(NEWLINE);
      return section.after;
    }
    if (section.lines++ > 0) section.out.char(NEWLINE);
    return section.out;
  }

  private closeBook(section: Section): void {
    const open = section.book;
    if (!open) return;
    section.book = null;
    const out = RecordWindow.newLine(section);
    writeBookHead(out, open.t - this.base, open.seq);
    out.char(BAR);
    writeMerged(out, open.bids);
    out.char(BAR);
    writeMerged(out, open.asks);
    if (section.after.length > 0) {
      out.bytes(section.after.view());
      section.after.length = 0;
    }
  }

  /**
   * Writes an event. A symbol's lines keep the order heard, a merged book diff at its first part's
   * place: a trade or mark heard after that part follows the diff's line (a stop a trade fires
   * meets the book as the source had already changed it).
   */
  add(event: Heard): void {
    if (event.type === 'book') {
      const t = event.t;
      const section = this.section(event.symbol, t);
      let book = section.book;
      if (!book) {
        book = { window: Math.floor(t / RECORD_BOOK_MS), t, seq: event.seq, bids: [], asks: [] };
        section.book = book;
      }
      for (const [price, qty] of event.bids) book.bids.push(price, qty);
      for (const [price, qty] of event.asks) book.asks.push(price, qty);
      book.t = t;
      book.seq = event.seq;
    } else if (event.type === 'trades') {
      const t = event.trades.at(-1)?.t ?? 0;
      const section = this.section(event.symbol, t);
      const out = RecordWindow.newLine(section);
      section.chain = writeTrades(out, t - this.base, t, event.trades, section.chain);
    } else {
      const section = this.section(event.symbol, event.mark.t);
      writeMark(RecordWindow.newLine(section), event.mark.t - this.base, event.mark);
    }
  }

  /** The window as one row's text; null when it heard nothing. */
  take(): Window | null {
    if (this.events === 0) return null;
    const head = new RecordBytes();
    head.text(`${RECORD_TEXT},${this.base}`);
    const parts: Uint8Array[] = [head.view()];
    for (const [symbol, section] of this.sections) {
      this.closeBook(section);
      parts.push(Buffer.from(sectionMark(symbol)), section.out.view());
    }
    const text = Buffer.concat(parts).toString('utf8');
    return { t0: this.t0, t1: this.t1, text, symbols: [...this.sections.keys()] };
  }
}
