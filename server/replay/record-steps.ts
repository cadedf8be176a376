import { INT_BYTES, putB64, RecordBytes } from './record-bytes';
import { Levels, mergeSide } from './record-merge';
import { sectionMark, writeId } from './record-text';
import {
  BOOK,
  HEAD,
  MARK,
  RECORD_BOOK_MS,
  TRADE_WORDS,
  TRADES,
  wordsAt,
  type RecordWindow,
} from './record-window';

/**
 * The record's text (market_records.events) as the recorder writes it now: `~3`'s lines
 * (record-steps-read.ts) with every number that follows another written as the difference from it,
 * and every number of a line in base 64 (record-bytes.ts B64_DIGITS, a minus before a negative
 * one), so a row holds some 40 % fewer bytes to write and to store. A first line `~4,<base>`
 * (decimal), then a section a symbol, `@<symbol>` and its lines:
 *
 *   s<price scale>,<qty scale>[,<tick>]
 *   t<dt>|<id>,<price>,[-]<qty>[,<own>]|…
 *   b<dt>,<dseq>|<price>:<qty>;…|<price>:<qty>;…
 *   m<dt>,<mark>[,<funding>,<next funding>]
 *
 * `dt` is the line's time less the time of the line before it in the section (the first: less
 * `base`); `dseq` a book diff's seq less the seq of the book line before it (the first: the seq).
 * Prices and quantities are integer steps at the section's scales, or `=` and the source's own
 * decimal (a source that gave no steps). A trade's or a book side's price is counted in ticks of
 * `tick` steps (1 when absent) and written as the difference from the price before it in its run:
 * the section's trade prices are one run, its bids another, its asks a third; a run starts at 0,
 * and a decimal price starts it again at 0. A sell's quantity is written after a `-`. `own`: a
 * trade's own time less the line's, when not the line's. A mark's price is in steps (not ticks),
 * the difference from the section's mark before it (its own run); its funding and next funding
 * (empty: null) are written when either differs from the mark line's before it, always in the
 * first. Trade ids and the merging of a symbol's book diffs are `~2`'s (record-text.ts).
 */
export const RECORD_DELTAS = '~4';

/** A flush window's events written as one row's text (its UTF-8 bytes), and the times they span. */
export type WindowText = { t0: number; t1: number; bytes: Buffer; symbols: string[] };

const NEWLINE = 10;
const BAR = 124;
const COMMA = 44;
const MINUS = 45;
const EQUALS = 61;

/** Writes a window's text in one pass a symbol (the window's events bucketed by symbol first). */
export class StepsWriter {
  private readonly out = new RecordBytes();
  private readonly bids = new Levels();
  private readonly asks = new Levels();
  /** Trades and marks heard while a book diff was open: written after it. */
  private pending = new Int32Array(64);
  private pendingN = 0;
  private w: Float64Array = new Float64Array(0);
  private strings: string[] = [];
  private base = 0;
  /** The section's runs: the last line's time, book seq, prices written (see RECORD_DELTAS). */
  private lastT = 0;
  private lastSeq = 0;
  private run = { bid: 0, ask: 0, trade: 0, mark: 0 };
  private tick = 1;
  private funding = -2;
  private nextFunding = NaN;
  /** The section's last trade id when it was a prefix and a number (record-text.ts's chain). */
  private prefix: string | null = null;
  private n = 0;

  /** The window as one row's text; null when it heard nothing. */
  write(window: RecordWindow): WindowText | null {
    if (window.events === 0) return null;
    this.w = window.words;
    this.strings = window.strings;
    this.base = window.base;
    const out = this.out;
    out.length = 0;
    out.text(`${RECORD_DELTAS},${window.base}`);
    const bySymbol = this.bucket(window);
    let from = 0;
    window.symbols.forEach((symbol, s) => {
      const to = from + bySymbol.counts[s]!;
      out.text(sectionMark(symbol));
      this.lastT = this.base;
      this.lastSeq = 0;
      this.run = { bid: 0, ask: 0, trade: 0, mark: 0 };
      this.funding = -2;
      this.prefix = null;
      this.tick = 1;
      const scales = window.scalesOf(s);
      if (scales) {
        this.tick = window.tickOf(s);
        out.char(115); // s
        out.b64(scales.price);
        out.char(COMMA);
        out.b64(scales.qty);
        if (this.tick > 1) {
          out.char(COMMA);
          out.b64(this.tick);
        }
        out.char(NEWLINE);
      }
      this.section(bySymbol.order, from, to);
      out.length--; // the section's last newline
      from = to;
    });
    this.strings = [];
    return { t0: window.t0, t1: window.t1, bytes: out.copy(), symbols: [...window.symbols] };
  }

  /** Each event's place in the numbers, by symbol (in the order heard within a symbol). */
  private bucket(window: RecordWindow): { order: Int32Array; counts: Int32Array } {
    const w = window.words;
    const counts = new Int32Array(window.symbols.length);
    const starts = new Int32Array(window.events);
    for (let at = 0, k = 0; at < window.length; at += wordsAt(w, at), k++) {
      starts[k] = at;
      counts[w[at + 1]!]!++;
    }
    const next = new Int32Array(counts.length);
    for (let s = 1; s < counts.length; s++) next[s] = next[s - 1]! + counts[s - 1]!;
    const order = new Int32Array(window.events);
    for (const at of starts) order[next[w[at + 1]!]!++] = at;
    return { order, counts };
  }

  /** A symbol's lines: a book diff merged with the symbol's next ones of its RECORD_BOOK_MS window. */
  private section(order: Int32Array, from: number, to: number): void {
    const w = this.w;
    let open = false;
    let window = 0;
    let t = 0;
    let seq = 0;
    for (let k = from; k < to; k++) {
      const at = order[k]!;
      const kind = w[at];
      const at_t = w[at + 2]!;
      if (open && Math.floor(at_t / RECORD_BOOK_MS) !== window) {
        this.closeBook(t, seq);
        open = false;
      }
      if (kind === BOOK) {
        if (!open) {
          open = true;
          window = Math.floor(at_t / RECORD_BOOK_MS);
        }
        t = at_t;
        seq = w[at + HEAD]!;
        const nb = w[at + HEAD + 1]!;
        const levels = at + HEAD + 3;
        this.bids.add(w, levels, levels + 2 * nb);
        this.asks.add(w, levels + 2 * nb, levels + 2 * (nb + w[at + HEAD + 2]!));
      } else if (open) this.hold(at);
      else this.line(at);
    }
    if (open) this.closeBook(t, seq);
  }

  private hold(at: number): void {
    if (this.pendingN === this.pending.length) {
      const grown = new Int32Array(this.pending.length * 2);
      grown.set(this.pending);
      this.pending = grown;
    }
    this.pending[this.pendingN++] = at;
  }

  private line(at: number): void {
    if (this.w[at] === TRADES) this.tradesLine(at);
    else if (this.w[at] === MARK) this.markLine(at);
  }

  /** A line's head: its kind and its time as the difference from the line's before. */
  private head(kind: number, t: number): void {
    const out = this.out;
    out.char(kind);
    out.b64(t - this.lastT);
    this.lastT = t;
  }

  private closeBook(t: number, seq: number): void {
    const out = this.out;
    this.head(98, t); // b
    out.char(COMMA);
    out.b64(seq - this.lastSeq);
    this.lastSeq = seq;
    out.char(BAR);
    this.run.bid = mergeSide(out, this.bids, this.run.bid, this.tick, this.strings);
    out.char(BAR);
    this.run.ask = mergeSide(out, this.asks, this.run.ask, this.tick, this.strings);
    out.char(NEWLINE);
    this.bids.n = 0;
    this.asks.n = 0;
    for (let i = 0; i < this.pendingN; i++) this.line(this.pending[i]!);
    this.pendingN = 0;
  }

  /** A price or quantity given as a string (a source without steps): `=` and the string. */
  private literal(v: number): void {
    this.out.char(EQUALS);
    this.out.text(this.strings[-1 - v]!);
  }

  private tradesLine(at: number): void {
    const w = this.w;
    const out = this.out;
    const t = w[at + 2]!;
    this.head(116, t); // t
    const end = at + HEAD + 1 + TRADE_WORDS * w[at + HEAD]!;
    for (let i = at + HEAD + 1; i < end; i += TRADE_WORDS) {
      out.char(BAR);
      const head = this.strings[w[i]!]!;
      const number = w[i + 1]!;
      if (number >= 0 && head === this.prefix && number === this.n + 1) this.n = number;
      else {
        // In full; a chain goes on only from a prefix and number (an id of its own may not split so).
        writeId(out, number >= 0 ? `${head}${number}` : head);
        this.prefix = number >= 0 ? head : null;
        this.n = number;
      }
      out.char(COMMA);
      const price = w[i + 4]!;
      if (price >= 0) {
        out.b64(price / this.tick - this.run.trade);
        this.run.trade = price / this.tick;
      } else {
        this.literal(price);
        this.run.trade = 0;
      }
      const qty = w[i + 5]!;
      const buf = out.reserve(3 + INT_BYTES);
      let to = out.length;
      buf[to++] = COMMA;
      if (w[i + 3] !== 1) buf[to++] = MINUS;
      if (qty >= 0) out.length = putB64(buf, to, qty);
      else {
        out.length = to;
        this.literal(qty);
      }
      const own = w[i + 2]!;
      if (own !== t) {
        out.char(COMMA);
        out.b64(own - t);
      }
    }
    out.char(NEWLINE);
  }

  private markLine(at: number): void {
    const w = this.w;
    const out = this.out;
    this.head(109, w[at + 2]!); // m
    out.char(COMMA);
    const mark = w[at + 3]!;
    if (mark >= 0) {
      out.b64(mark - this.run.mark);
      this.run.mark = mark;
    } else {
      this.literal(mark);
      this.run.mark = 0;
    }
    const funding = w[at + 4]!;
    const next = w[at + 5]!;
    const fundingText = funding >= 0 ? this.strings[funding]! : null;
    const before = this.funding >= 0 ? this.strings[this.funding]! : this.funding === -1 ? null : undefined;
    if (fundingText !== before || !Object.is(next, this.nextFunding)) {
      out.char(COMMA);
      if (fundingText !== null) out.text(fundingText);
      out.char(COMMA);
      if (!Number.isNaN(next)) out.b64(next);
    }
    this.funding = funding;
    this.nextFunding = next;
    out.char(NEWLINE);
  }
}
