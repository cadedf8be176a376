import type { MarketEvent, StepScales } from '../market/source';
import { gcd, idWords, newSlot, numberedWords, type Slot } from './record-id-rule';

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
 *   MARK    mark (a price), funding (a string's index, -1 null), next funding (NaN null)
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
  /** The symbols heard, by their index in the numbers. */
  symbols: string[] = [];
  /** Every symbol's state, kept across windows (one lookup an event); `heard` this window's, in order. */
  private readonly slots = new Map<string, Slot>();
  private heard: Slot[] = [];
  /** Only the symbols given (keepOnly): the others are not written. */
  private only = false;
  private epoch = 0;
  base = 0;
  t0 = Infinity;
  t1 = -Infinity;
  /** Events written since the window began. */
  events = 0;

  /** From now on, only these symbols' events are written. */
  keepOnly(symbols: Iterable<string>): void {
    this.only = true;
    for (const symbol of symbols) if (!this.slots.has(symbol)) this.slots.set(symbol, newSlot());
  }

  /** Forgets everything heard; the numbers' room stays (shrunk after a burst). */
  clear(): void {
    if (this.words.length > 1 << 22) this.words = new Float64Array(1 << 16);
    this.length = 0;
    this.strings = [];
    this.symbols = [];
    this.heard = [];
    this.epoch++;
    this.t0 = Infinity;
    this.t1 = -Infinity;
    this.events = 0;
  }

  /** The scales of the `s`-th symbol heard (null: none of its events came in steps). */
  scalesOf(s: number): StepScales | null {
    return this.heard[s]?.scales ?? null;
  }

  /** The largest step all of the `s`-th symbol's book and trade prices in steps are a multiple of (1: none). */
  tickOf(s: number): number {
    return this.heard[s]?.tick || 1;
  }

  private room(n: number): Float64Array {
    if (this.length + n > this.words.length) {
      const grown = new Float64Array(Math.max(this.words.length * 2, this.length + n));
      grown.set(this.words.subarray(0, this.length));
      this.words = grown;
    }
    return this.words;
  }

  /** The symbol's state for an event at `t`, its window's index set; undefined when it is not kept. */
  private slotOf(symbol: string, t: number): Slot | undefined {
    let slot = this.slots.get(symbol);
    if (slot === undefined) {
      if (this.only) return undefined;
      slot = newSlot();
      this.slots.set(symbol, slot);
    }
    if (slot.epoch !== this.epoch) {
      slot.epoch = this.epoch;
      slot.at = this.symbols.length;
      slot.scales = null;
      slot.tick = 0;
      slot.prefix = null;
      slot.numbered.prefix = null;
      this.symbols.push(symbol);
      this.heard.push(slot);
    }
    if (this.events++ === 0) this.base = t;
    if (t < this.t0) this.t0 = t;
    if (t > this.t1) this.t1 = t;
    return slot;
  }

  /** Whether an event's steps are at the scales the symbol's others were (the first sets them). */
  private fits(slot: Slot, scales: StepScales | undefined): boolean {
    if (!scales) return false;
    const known = slot.scales;
    if (!known) {
      slot.scales = scales;
      return true;
    }
    return known === scales || (known.price === scales.price && known.qty === scales.qty);
  }

  private string(s: string): number {
    return -1 - (this.strings.push(s) - 1);
  }

  /** Writes an event (nothing when its symbol is not kept). */
  add(event: Heard): void {
    if (event.type === 'book') this.book(event);
    else if (event.type === 'trades') this.trades(event);
    else {
      const m = event.mark;
      const slot = this.slotOf(event.symbol, m.t);
      if (slot === undefined) return;
      const w = this.room(MARK_WORDS);
      const at = this.length;
      w[at] = MARK;
      w[at + 1] = slot.at;
      w[at + 2] = m.t;
      const steps = event.steps;
      const stepped = steps !== undefined && isSteps(steps) && this.fits(slot, event.scales);
      w[at + 3] = stepped ? steps : this.string(m.mark);
      w[at + 4] = m.funding === null ? -1 : this.strings.push(m.funding) - 1;
      w[at + 5] = m.nextFunding ?? NaN;
      this.length = at + MARK_WORDS;
    }
  }

  private book(event: Extract<Heard, { type: 'book' }>): void {
    const slot = this.slotOf(event.symbol, event.t);
    if (slot === undefined) return;
    const { bids, asks, steps } = event;
    const n = bids.length + asks.length;
    const w = this.room(BOOK_HEAD + 2 * n);
    const at = this.length;
    w[at] = BOOK;
    w[at + 1] = slot.at;
    w[at + 2] = event.t;
    w[at + 3] = event.seq;
    w[at + 4] = bids.length;
    w[at + 5] = asks.length;
    let i = -1;
    if (
      steps !== undefined &&
      steps.bids.length === bids.length &&
      steps.asks.length === asks.length &&
      this.fits(slot, event.scales)
    ) {
      i = stepLevels(w, stepLevels(w, at + BOOK_HEAD, steps.bids), steps.asks);
      // The prices just written, while in the caches: the section's tick (record-steps.ts).
      for (let k = at + BOOK_HEAD; k < i; k += 2)
        if (w[k]! > 0 && w[k]! % slot.tick !== 0) slot.tick = gcd(w[k]!, slot.tick);
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
    const slot = this.slotOf(event.symbol, t);
    if (slot === undefined) return;
    const w = this.room(TRADES_HEAD + TRADE_WORDS * trades.length);
    const at = this.length;
    w[at] = TRADES;
    w[at + 1] = slot.at;
    w[at + 2] = t;
    w[at + 3] = trades.length;
    const steps = event.steps;
    const stepped =
      steps !== undefined && steps.length === 2 * trades.length && this.fits(slot, event.scales);
    const ids = event.ids;
    let i = at + TRADES_HEAD;
    for (let k = 0; k < trades.length; k++) {
      const x = trades[k]!;
      if (ids === undefined || !numberedWords(slot, ids.prefix, ids.first + k, this.strings, w, i))
        idWords(slot, x.id, this.strings, w, i);
      w[i + 2] = x.t;
      w[i + 3] = x.side === 'buy' ? 1 : 0;
      const p = stepped ? steps[2 * k]! : -1;
      const q = stepped ? steps[2 * k + 1]! : -1;
      const both = isSteps(p) && isSteps(q);
      if (both && p > 0 && p % slot.tick !== 0) slot.tick = gcd(p, slot.tick);
      w[i + 4] = both ? p : this.string(x.price);
      w[i + 5] = both ? q : this.string(x.qty);
      i += TRADE_WORDS;
    }
    this.length = i;
  }
}
