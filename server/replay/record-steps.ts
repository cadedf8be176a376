import { INT_BYTES, putInt, RecordBytes } from './record-bytes';
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
 * The record's text since prices and quantities are kept as integer steps (market_records.events;
 * rows of the earlier `~2` text read as before, record-text.ts). As `~2`, a first line
 * `~3,<base>`, then a section a symbol, `@<symbol>` and its lines under it, the same lines, where a
 * price or quantity is written as its integer steps at the symbol's scales, given by the section's
 * first line `s<price scale>,<qty scale>`, or as `=` and the source's own decimal (a source that
 * gave no steps). In a book diff's side a price in steps after one in steps is written as the
 * difference from it (levels lie close together):
 *
 *   s<price scale>,<qty scale>
 *   t<off>|<id>,<price>,<qty>,<b|s>[,<off>]|…
 *   b<off>,<seq>|<price>:<qty>;<price less the one before>:<qty>;…|…
 *   m<off>,<mark>,<funding>,<next funding>
 *
 * Trade ids, offsets and the merging of a symbol's book diffs are `~2`'s (record-text.ts).
 */
export const RECORD_STEPS = '~3';

/**
 * A flush window's events written as one row's text (its UTF-8 bytes, as the database takes them:
 * a string would be measured and encoded again on its way in), and the times they span.
 */
export type WindowText = { t0: number; t1: number; bytes: Buffer; symbols: string[] };

const NEWLINE = 10;
const BAR = 124;
const COLON = 58;
const SEMI = 59;
const COMMA = 44;
const EQUALS = 61;
/** Levels merged by a scan: a window's parts hold a few levels, cheaper to compare than to hash. */
const SCAN_LEVELS = 32;

/** A merged diff's side as it grows: its parts' prices and quantities after one another. */
class Levels {
  v = new Float64Array(64);
  n = 0;

  /** Appends `from` to `to` of the window's numbers. */
  add(w: Float64Array, from: number, to: number): void {
    const n = this.n + to - from;
    if (n > this.v.length) {
      const grown = new Float64Array(Math.max(n, this.v.length * 2));
      grown.set(this.v.subarray(0, this.n));
      this.v = grown;
    }
    const v = this.v;
    for (let i = from, at = this.n; i < to; i++) v[at++] = w[i]!;
    this.n = n;
  }
}

/** Writes a window's text in one pass a symbol (the window's events bucketed by symbol first). */
export class StepsWriter {
  private readonly out = new RecordBytes();
  private readonly after = new RecordBytes();
  private readonly bids = new Levels();
  private readonly asks = new Levels();
  private w: Float64Array = new Float64Array(0);
  private strings: string[] = [];
  private base = 0;
  private lines = 0;
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
    out.text(`${RECORD_STEPS},${window.base}`);
    const bySymbol = this.bucket(window);
    let from = 0;
    window.symbols.forEach((symbol, s) => {
      out.text(sectionMark(symbol));
      this.lines = 0;
      this.prefix = null;
      const scales = window.scales[s];
      if (scales) {
        out.text(`s${scales.price},${scales.qty}`);
        this.lines = 1;
      }
      const to = from + bySymbol.counts[s]!;
      this.section(bySymbol.order, from, to);
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

  private newLine(open: boolean): RecordBytes {
    if (open) {
      this.after.char(NEWLINE);
      return this.after;
    }
    if (this.lines++ > 0) this.out.char(NEWLINE);
    return this.out;
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
        const end = levels + 2 * (nb + w[at + HEAD + 2]!);
        this.asks.add(w, levels + 2 * nb, end);
      } else if (kind === TRADES) this.tradesLine(this.newLine(open), at);
      else if (kind === MARK) this.markLine(this.newLine(open), at);
    }
    if (open) this.closeBook(t, seq);
  }

  private closeBook(t: number, seq: number): void {
    const out = this.newLine(false);
    const head = out.reserve(3 + 2 * INT_BYTES);
    let at = out.length;
    head[at++] = 98; // b
    at = putInt(head, at, t - this.base);
    head[at++] = COMMA;
    at = putInt(head, at, seq);
    head[at++] = BAR;
    out.length = at;
    this.side(out, this.bids);
    out.char(BAR);
    this.side(out, this.asks);
    this.bids.n = 0;
    this.asks.n = 0;
    if (this.after.length > 0) {
      out.bytes(this.after.view());
      this.after.length = 0;
    }
  }

  /** A price or quantity given as a string (a source without steps): `=` and the string. */
  private literal(out: RecordBytes, v: number): void {
    out.char(EQUALS);
    out.text(this.strings[-1 - v]!);
  }

  private same(a: number, b: number): boolean {
    return a === b || (a < 0 && b < 0 && this.strings[-1 - a] === this.strings[-1 - b]);
  }

  /** A merged side: each price once, where it first came, at the last quantity it was given. */
  private side(out: RecordBytes, levels: Levels): void {
    const flat = levels.v;
    const n = levels.n;
    if (n > 2 * SCAN_LEVELS) {
      const last = new Map<number | string, [number, number]>();
      for (let i = 0; i < n; i += 2) {
        const key = flat[i]! >= 0 ? flat[i]! : this.strings[-1 - flat[i]!]!;
        const held = last.get(key);
        if (held) held[1] = flat[i + 1]!;
        else last.set(key, [flat[i]!, flat[i + 1]!]);
      }
      let before = -1;
      for (const [price, qty] of last.values()) before = this.level(out, price, qty, before);
      return;
    }
    let before = -1;
    outer: for (let i = 0; i < n; i += 2) {
      const price = flat[i]!;
      for (let j = i - 2; j >= 0; j -= 2) if (this.same(flat[j]!, price)) continue outer;
      let qty = flat[i + 1]!;
      for (let j = i + 2; j < n; j += 2) if (this.same(flat[j]!, price)) qty = flat[j + 1]!;
      before = this.level(out, price, qty, before);
    }
  }

  /** A level of a side, after the one before (none: -1); answers its price for the next. */
  private level(out: RecordBytes, price: number, qty: number, before: number): number {
    if (price < 0 || qty < 0) {
      if (before !== -1) out.char(SEMI);
      if (price >= 0) out.int(before >= 0 ? price - before : price);
      else this.literal(out, price);
      out.char(COLON);
      if (qty >= 0) out.int(qty);
      else this.literal(out, qty);
      return price >= 0 ? price : -2;
    }
    const buf = out.reserve(2 + 2 * INT_BYTES);
    let at = out.length;
    if (before !== -1) buf[at++] = SEMI;
    at = putInt(buf, at, before >= 0 ? price - before : price);
    buf[at++] = COLON;
    out.length = putInt(buf, at, qty);
    return price;
  }

  private tradesLine(out: RecordBytes, at: number): void {
    const w = this.w;
    const t = w[at + 2]!;
    out.char(116); // t
    out.int(t - this.base);
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
      const price = w[i + 4]!;
      const qty = w[i + 5]!;
      if (price < 0 || qty < 0) {
        out.char(COMMA);
        if (price >= 0) out.int(price);
        else this.literal(out, price);
        out.char(COMMA);
        if (qty >= 0) out.int(qty);
        else this.literal(out, qty);
      } else {
        const buf = out.reserve(2 + 2 * INT_BYTES);
        let to = out.length;
        buf[to++] = COMMA;
        to = putInt(buf, to, price);
        buf[to++] = COMMA;
        out.length = putInt(buf, to, qty);
      }
      const own = w[i + 2]!;
      const buf = out.reserve(3 + INT_BYTES);
      let to = out.length;
      buf[to++] = COMMA;
      buf[to++] = w[i + 3] === 1 ? 98 : 115; // b, s
      if (own !== t) {
        buf[to++] = COMMA;
        to = putInt(buf, to, own - this.base);
      }
      out.length = to;
    }
  }

  private markLine(out: RecordBytes, at: number): void {
    const w = this.w;
    out.char(109); // m
    out.int(w[at + 2]! - this.base);
    out.char(COMMA);
    const mark = w[at + 3]!;
    if (mark >= 0) out.int(mark);
    else this.literal(out, mark);
    out.char(COMMA);
    if (w[at + 4]! >= 0) out.text(this.strings[w[at + 4]!]!);
    out.char(COMMA);
    if (!Number.isNaN(w[at + 5])) out.int(w[at + 5]!);
  }
}
