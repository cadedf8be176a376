import type { StreamMessage, WireCandle, WireLevel, WireTrade } from '../domain/protocol/ws';
import { ItemReader } from './frame-items';
import { CANDLE_CHANNELS, fitDecimals, HEAD_RE, TICKER_RE } from './frame-regex';

/**
 * The fast path of the hot path: a stream frame exactly as our server writes it (JSON.stringify
 * output: no whitespace, no escapes, integer numbers) is read by a scanner that knows the
 * message shapes, validating as it goes, instead of JSON.parse building a generic object that is
 * then checked again. Anything else — another op, an unknown or repeated key, an escape, a float,
 * a malformed frame — returns undefined and goes to parseServerFrame, which has the last word;
 * so for any text, a message from here equals the one parseServerFrame would return.
 */

const MARK_CHANNEL: readonly string[] = ['mark'];
const OTHER_CHANNELS: readonly string[] = ['ticker', 'book', 'trades'];

const NONE: never[] = [];

/** Top-level keys in our server's order; a key's bit is 1 << its index. */
const KEYS = [
  'op',
  'ch',
  's',
  'seq',
  't',
  'snap',
  'last',
  'open',
  'high',
  'low',
  'prev',
  'vol',
  'turnover',
  'bids',
  'asks',
  'trades',
  'bars',
  'mark',
  'funding',
  'nextFunding',
] as const;
const QUOTED: readonly string[] = KEYS.map((key) => `"${key}":`);
const OP = 0;
const CH = 1;
const SYMBOL = 2;
const SEQ = 3;
const TIME = 4;
const SNAP = 5;
const LAST = 6;
const OPEN = 7;
const HIGH = 8;
const LOW = 9;
const PREV = 10;
const VOL = 11;
const TURNOVER = 12;
const BIDS = 13;
const ASKS = 14;
const TRADES = 15;
const BARS = 16;
const MARK = 17;
const FUNDING = 18;
const NEXT_FUNDING = 19;
const bits = (...keys: number[]) => keys.reduce((all, key) => all | (1 << key), 0);
const HEAD = bits(OP, CH, SYMBOL, SEQ, TIME, SNAP);
const TICKER_KEYS = HEAD | bits(LAST, OPEN, HIGH, LOW, PREV, VOL, TURNOVER);
const BOOK_KEYS = HEAD | bits(BIDS, ASKS);
const TRADES_KEYS = HEAD | bits(TRADES);
const CANDLES_KEYS = HEAD | bits(BARS);
const MARK_KEYS = HEAD | bits(MARK, FUNDING, NEXT_FUNDING);

/** The key our server writes after each (-1: none, or, after `snap`, the channel's first). */
const NEXT = [
  CH,
  SYMBOL,
  SEQ,
  TIME,
  SNAP,
  -1,
  OPEN,
  HIGH,
  LOW,
  PREV,
  VOL,
  TURNOVER,
  -1,
  ASKS,
  -1,
  -1,
  -1,
  FUNDING,
  NEXT_FUNDING,
  -1,
];

function firstBodyKey(ch: string): number {
  if (ch === 'ticker') return LAST;
  if (ch === 'book') return BIDS;
  if (ch === 'trades') return TRADES;
  return ch === 'mark' ? MARK : BARS;
}

/** The cursor over one frame; one instance serves every call (the worker is single-threaded). */
class Scanner extends ItemReader {
  frame(text: string): StreamMessage | undefined {
    this.src = text;
    this.at = 1;
    this.ok = true;
    if (text.charCodeAt(0) !== 123 || text.charCodeAt(1) !== 34) return undefined;
    let seen = 0;
    let ch = '';
    let s = '';
    let seq = 0;
    let t = 0;
    let snap = false;
    let last = '';
    let open = '';
    let high = '';
    let low = '';
    let prev = '';
    let vol = '';
    let turnover = '';
    let bids: WireLevel[] = NONE;
    let asks: WireLevel[] = NONE;
    let trades: WireTrade[] = NONE;
    let bars: WireCandle[] = NONE;
    let mark = '';
    let funding: string | null = null;
    let nextFunding: number | null = null;
    let expected = OP;
    // Our server's own layout, proved by one regex match (a whole ticker frame, or any head), is
    // read by the hand readers at the places the match fixes: no key is compared.
    // "ticker" starts at 19, after `{"op":"data","ch":"`.
    const ticker = text.charCodeAt(20) === 105 ? TICKER_RE.exec(text) : null;
    const decimals = ticker !== null && fitDecimals(ticker, 1) ? ticker : null;
    if (decimals !== null || HEAD_RE.test(text)) {
      this.at = 18;
      ch = this.channel();
      this.at += 5; // ,"s":
      s = this.string();
      this.at += 7; // ,"seq":
      seq = this.integer();
      this.at += 5; // ,"t":
      t = this.integer();
      this.at += 8; // ,"snap":
      // The match proved true or false here: one letter tells them apart, no slice to compare.
      snap = text.charCodeAt(this.at) === 116;
      this.at += snap ? 5 : 6; // the word and the comma after it
      if (decimals !== null) {
        const d = decimals as unknown as readonly string[];
        return {
          op: 'data',
          ch: 'ticker',
          s,
          seq,
          t,
          snap,
          last: d[1]!,
          open: d[2]!,
          high: d[3]!,
          low: d[4]!,
          prev: d[5]!,
          vol: d[6]!,
          turnover: d[7]!,
        };
      }
      seen = HEAD;
      expected = firstBodyKey(ch);
    }
    for (;;) {
      // Our server's key order is tried first: one comparison instead of reading the key.
      let key = expected;
      const quoted = key < 0 ? '' : QUOTED[key]!;
      if (key >= 0 && this.is(quoted, this.at)) this.at += quoted.length;
      else {
        const start = this.at + 1;
        const end = this.keyEnd();
        if (end < 0) return undefined;
        key = KEYS.findIndex((name) => name.length === end - start && this.is(name, start));
      }
      switch (key) {
        case OP:
          if (this.is('"data"', this.at)) this.at += 6;
          else this.ok = false;
          break;
        case CH:
          ch = this.channel();
          break;
        case SYMBOL:
          s = this.string();
          break;
        case SEQ:
          seq = this.integer();
          break;
        case TIME:
          t = this.integer();
          break;
        case SNAP:
          snap = this.boolean();
          break;
        case LAST:
          last = this.decimal();
          break;
        case OPEN:
          open = this.decimal();
          break;
        case HIGH:
          high = this.decimal();
          break;
        case LOW:
          low = this.decimal();
          break;
        case PREV:
          prev = this.decimal();
          break;
        case VOL:
          vol = this.decimal();
          break;
        case TURNOVER:
          turnover = this.decimal();
          break;
        case BIDS:
          bids = this.levels();
          break;
        case ASKS:
          asks = this.levels();
          break;
        case TRADES:
          trades = this.tradeList();
          break;
        case BARS:
          bars = this.candles();
          break;
        case MARK:
          mark = this.decimal();
          break;
        case FUNDING:
          funding = this.nullable() ? null : this.decimal();
          break;
        case NEXT_FUNDING:
          nextFunding = this.nullable() ? null : this.integer();
          break;
      }
      const bit = 1 << key;
      if (key < 0 || (seen & bit) !== 0 || !this.ok) return undefined;
      seen |= bit;
      expected = key === SNAP ? firstBodyKey(ch) : NEXT[key]!;
      const next = this.src.charCodeAt(this.at++);
      if (next === 125) break;
      if (next !== 44) return undefined;
    }
    if (this.at !== this.src.length || s.length === 0) return undefined;
    switch (ch) {
      case 'ticker':
        if (seen !== TICKER_KEYS) return undefined;
        return { op: 'data', ch, s, seq, t, snap, last, open, high, low, prev, vol, turnover };
      case 'book':
        if (seen !== BOOK_KEYS) return undefined;
        return { op: 'data', ch, s, seq, t, snap, bids, asks };
      case 'trades':
        if (seen !== TRADES_KEYS) return undefined;
        return { op: 'data', ch, s, seq, t, snap, trades };
      case 'mark':
        if (seen !== MARK_KEYS) return undefined;
        return { op: 'data', ch, s, seq, t, snap, mark, funding, nextFunding };
      default:
        if (seen !== CANDLES_KEYS || !CANDLE_CHANNELS.includes(ch)) return undefined;
        return { op: 'data', ch: ch as 'candles:1m', s, seq, t, snap, bars };
    }
  }

  /** One of our channel names, as the constant (its hash is computed once, for every lookup). */
  channel(): string {
    if (this.src.charCodeAt(this.at) === 34) {
      // Told apart by their second letter: tIcker, tRades, bOok, cAndles:…, mArk.
      const second = this.src.charCodeAt(this.at + 2);
      const candidates =
        second === 97
          ? this.src.charCodeAt(this.at + 1) === 99
            ? CANDLE_CHANNELS
            : MARK_CHANNEL
          : OTHER_CHANNELS;
      for (let i = 0; i < candidates.length; i++) {
        const name = candidates[i]!;
        if (this.is(name, this.at + 1) && this.src.charCodeAt(this.at + 1 + name.length) === 34) {
          this.at += name.length + 2;
          return name;
        }
      }
    }
    this.ok = false;
    return '';
  }
}

const scanner = new Scanner();

export function scanStreamFrame(text: string): StreamMessage | undefined {
  return scanner.frame(text);
}
