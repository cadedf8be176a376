import type { MarketEvent, StepScales } from '../market/source';

/** The events the recorder keeps. */
export type Heard = Extract<MarketEvent, { type: 'book' | 'trades' | 'mark' }>;

/**
 * A symbol's book diffs within one window of this many ms are kept as one (each level at its last
 * quantity, at the last diff's time and seq): the worker shows a book two to four times a second,
 * and a replay applies the merged diff no earlier than the last of its parts happened.
 */
export const RECORD_BOOK_MS = 500;

/**
 * How an event is laid out in the window's numbers: `[kind, symbol, t, …]`, then
 *   BOOK    seq, bids, asks, then price, qty for each bid and each ask
 *   TRADES  count, then id, id number, t, side (1 buy), price, qty for each trade
 *   MARK    mark, funding (a string's index, -1 null), next funding (NaN null)
 * A price or quantity is its integer steps at the symbol's scales (≥ 0), or -1 - i for the i-th
 * string (as the source gave it, when it gave no steps). A trade id is the string at `id`, followed
 * by the id number's digits unless that is -1.
 */
export const BOOK = 1;
export const TRADES = 2;
export const MARK = 3;
export const HEAD = 3;
const BOOK_HEAD = HEAD + 3;
const TRADES_HEAD = HEAD + 1;
export const TRADE_WORDS = 6;
const MARK_WORDS = HEAD + 3;

/** The numbers a logged event at `at` takes. */
export function wordsAt(words: Float64Array, at: number): number {
  const kind = words[at];
  if (kind === BOOK) return BOOK_HEAD + 2 * (words[at + HEAD + 1]! + words[at + HEAD + 2]!);
  if (kind === TRADES) return TRADES_HEAD + TRADE_WORDS * words[at + HEAD]!;
  return MARK_WORDS;
}

const isDigit = (code: number) => code >= 48 && code <= 57;

/** 10^15: an id's number is at most its last 15 digits (record-text.ts `chainOf`). */
const RULE_DIGITS = 1e15;

type NumberedHead = { prefix: string | null; lead: number; at: number };

/** `id`'s digits from `from` on as a number, when they are 1 to 15 digits without a leading zero; else -1. */
function numberAfter(id: string, from: number): number {
  const n = id.length - from;
  if (n < 1 || n > 15 || (n > 1 && id.charCodeAt(from) === 48)) return -1;
  let value = 0;
  for (let i = from; i < id.length; i++) {
    const code = id.charCodeAt(i);
    if (!isDigit(code)) return -1;
    value = value * 10 + (code - 48);
  }
  return value;
}

const isSteps = (v: number) => v >= 0 && Number.isSafeInteger(v);

/** A side's levels in steps written from `at`: where the next number goes, or -1 when one is not steps. */
function stepLevels(w: Float64Array, at: number, levels: readonly (readonly [number, number])[]): number {
  if (at < 0) return at;
  let i = at;
  for (let k = 0; k < levels.length; k++) {
    const level = levels[k]!;
    const p = level[0];
    const q = level[1];
    if (!isSteps(p) || !isSteps(q)) return -1;
    w[i] = p;
    w[i + 1] = q;
    i += 2;
  }
  return i;
}

/**
 * One flush window of the record as the market speaks: each kept event goes into one run of
 * numbers at once (see BOOK, TRADES, MARK), in the order heard. A window holds no event object
 * and touches little memory an event (a few numbers at the run's end, not a symbol's own bytes
 * out of the caches between the market's steps); the flush writes the row's text from it in one
 * pass (record-steps.ts), where the work runs hot. Strings are kept only where the source gave no
 * steps (and a trade id's prefix, once a window a symbol).
 */
export class RecordWindow {
  words = new Float64Array(1 << 16);
  length = 0;
  strings: string[] = [];
  /** The symbols heard, by their index in the numbers, and each one's scales (null: none heard). */
  symbols: string[] = [];
  scales: (StepScales | null)[] = [];
  private index = new Map<string, number>();
  /** A symbol's trade id prefix this window, and its string's index. */
  private prefixes: (string | null)[] = [];
  private prefixAt: number[] = [];
  /** The same for numbered ids (numberedId): the source's prefix, the digits before the rule's 15. */
  private numbered: NumberedHead[] = [];
  base = 0;
  t0 = Infinity;
  t1 = -Infinity;
  /** Events written since the window began. */
  events = 0;

  /** Forgets everything heard; the numbers' room stays (shrunk after a burst). */
  clear(): void {
    if (this.words.length > 1 << 22) this.words = new Float64Array(1 << 16);
    this.length = 0;
    this.strings = [];
    this.symbols = [];
    this.scales = [];
    this.index = new Map();
    this.prefixes = [];
    this.prefixAt = [];
    this.numbered = [];
    this.t0 = Infinity;
    this.t1 = -Infinity;
    this.events = 0;
  }

  private room(n: number): Float64Array {
    if (this.length + n > this.words.length) {
      const grown = new Float64Array(Math.max(this.words.length * 2, this.length + n));
      grown.set(this.words.subarray(0, this.length));
      this.words = grown;
    }
    return this.words;
  }

  private symbolOf(symbol: string, t: number): number {
    if (this.events++ === 0) this.base = t;
    if (t < this.t0) this.t0 = t;
    if (t > this.t1) this.t1 = t;
    let at = this.index.get(symbol);
    if (at === undefined) {
      at = this.symbols.length;
      this.index.set(symbol, at);
      this.symbols.push(symbol);
      this.scales.push(null);
      this.prefixes.push(null);
      this.prefixAt.push(-1);
      this.numbered.push({ prefix: null, lead: -1, at: -1 });
    }
    return at;
  }

  /** Whether an event's steps are at the scales the symbol's others were (the first sets them). */
  private fits(symbol: number, scales: StepScales | undefined): boolean {
    if (!scales) return false;
    const known = this.scales[symbol];
    if (!known) {
      this.scales[symbol] = scales;
      return true;
    }
    return known === scales || (known.price === scales.price && known.qty === scales.qty);
  }

  private string(s: string): number {
    return -1 - (this.strings.push(s) - 1);
  }

  /** Writes an event. */
  add(event: Heard): void {
    if (event.type === 'book') this.book(event);
    else if (event.type === 'trades') this.trades(event);
    else {
      const m = event.mark;
      const symbol = this.symbolOf(event.symbol, m.t);
      const w = this.room(MARK_WORDS);
      const at = this.length;
      w[at] = MARK;
      w[at + 1] = symbol;
      w[at + 2] = m.t;
      w[at + 3] = this.string(m.mark);
      w[at + 4] = m.funding === null ? -1 : this.strings.push(m.funding) - 1;
      w[at + 5] = m.nextFunding ?? NaN;
      this.length = at + MARK_WORDS;
    }
  }

  private book(event: Extract<Heard, { type: 'book' }>): void {
    const symbol = this.symbolOf(event.symbol, event.t);
    const { bids, asks, steps } = event;
    const n = bids.length + asks.length;
    const w = this.room(BOOK_HEAD + 2 * n);
    const at = this.length;
    w[at] = BOOK;
    w[at + 1] = symbol;
    w[at + 2] = event.t;
    w[at + 3] = event.seq;
    w[at + 4] = bids.length;
    w[at + 5] = asks.length;
    let i = -1;
    if (
      steps !== undefined &&
      steps.bids.length === bids.length &&
      steps.asks.length === asks.length &&
      this.fits(symbol, event.scales)
    ) {
      i = stepLevels(w, stepLevels(w, at + BOOK_HEAD, steps.bids), steps.asks);
    }
    if (i < 0) {
      i = at + BOOK_HEAD;
      for (const level of bids) i = this.literal(w, i, level);
      for (const level of asks) i = this.literal(w, i, level);
    }
    this.length = i;
  }

  private literal(w: Float64Array, at: number, [price, qty]: readonly [string, string]): number {
    w[at] = this.string(price);
    w[at + 1] = this.string(qty);
    return at + 2;
  }

  private trades(event: Extract<Heard, { type: 'trades' }>): void {
    const trades = event.trades;
    const t = trades.at(-1)?.t ?? 0;
    const symbol = this.symbolOf(event.symbol, t);
    const w = this.room(TRADES_HEAD + TRADE_WORDS * trades.length);
    const at = this.length;
    w[at] = TRADES;
    w[at + 1] = symbol;
    w[at + 2] = t;
    w[at + 3] = trades.length;
    const steps = event.steps;
    const stepped =
      steps !== undefined && steps.length === 2 * trades.length && this.fits(symbol, event.scales);
    const ids = event.ids;
    let i = at + TRADES_HEAD;
    for (let k = 0; k < trades.length; k++) {
      const x = trades[k]!;
      if (ids === undefined || !this.numberedId(symbol, ids.prefix, ids.first + k, w, i))
        this.id(symbol, x.id, w, i);
      w[i + 2] = x.t;
      w[i + 3] = x.side === 'buy' ? 1 : 0;
      const p = stepped ? steps[2 * k]! : -1;
      const q = stepped ? steps[2 * k + 1]! : -1;
      const both = isSteps(p) && isSteps(q);
      w[i + 4] = both ? p : this.string(x.price);
      w[i + 5] = both ? q : this.string(x.qty);
      i += TRADE_WORDS;
    }
    this.length = i;
  }

  /**
   * A numbered id (NumberedIds: `prefix` and `n`'s digits) written as `id` writes its string,
   * without reading the string: the rule's last 15 digits as the number, the rest of the id as the
   * prefix. False when that needs the string (a prefix ending in a digit the rule would take, or
   * 15 digits starting with a zero, which `id` keeps as a string of its own).
   */
  private numberedId(symbol: number, prefix: string, n: number, w: Float64Array, at: number): boolean {
    if (!Number.isSafeInteger(n) || n < 0) return false;
    let lead = -1;
    let tail = n;
    if (n >= RULE_DIGITS) {
      lead = Math.floor(n / RULE_DIGITS);
      tail = n - lead * RULE_DIGITS;
      if (tail < RULE_DIGITS / 10) return false;
    } else if (isDigit(prefix.charCodeAt(prefix.length - 1))) return false;
    const head = this.numbered[symbol]!;
    if (head.prefix !== prefix || head.lead !== lead) {
      head.prefix = prefix;
      head.lead = lead;
      head.at = this.strings.push(lead < 0 ? prefix : `${prefix}${lead}`) - 1;
    }
    w[at] = head.at;
    w[at + 1] = tail;
    return true;
  }

  /**
   * A trade id as its prefix's string and its number (`THYAO-41`: `THYAO-` once a window, 41),
   * split as the record's id rule splits it (record-text.ts `chainOf`: the last digits, at most
   * 15), or as a string of its own when its number does not give its digits back (a leading zero).
   */
  private id(symbol: number, id: string, w: Float64Array, at: number): void {
    const prefix = this.prefixes[symbol] ?? null;
    if (prefix !== null && id.startsWith(prefix)) {
      const digits = id.length - prefix.length;
      const n = numberAfter(id, prefix.length);
      // The rule takes every digit at the end up to 15: a prefix ending in one holds only with 15.
      if (n >= 0 && (digits === 15 || !isDigit(prefix.charCodeAt(prefix.length - 1)))) {
        w[at] = this.prefixAt[symbol]!;
        w[at + 1] = n;
        return;
      }
    }
    let from = id.length;
    while (from > 0 && id.length - from < 15 && isDigit(id.charCodeAt(from - 1))) from--;
    const n = from < id.length ? numberAfter(id, from) : -1;
    if (n >= 0) {
      const head = id.slice(0, from);
      this.prefixes[symbol] = head;
      this.prefixAt[symbol] = this.strings.push(head) - 1;
      w[at] = this.prefixAt[symbol]!;
      w[at + 1] = n;
      return;
    }
    w[at] = this.strings.push(id) - 1;
    w[at + 1] = -1;
  }
}
