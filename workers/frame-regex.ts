import { INTERVALS } from '../domain/market/instrument';
import type { StreamMessage } from '../domain/protocol/ws';

/**
 * Our server's frames in its own key order and with no whitespace, read by native regex matches
 * (V8 compiles them to machine code): the head of every stream frame, a whole ticker frame, and
 * each book level, trade and bar. A text they don't match is read key by key (frame-scan.ts,
 * frame-items.ts), which has the last word, so they only ever take a shortcut to the same message.
 * Only strings the message keeps are captured; channels, integers and `snap` are read from the
 * text at the positions the match proves, so a match allocates nothing it throws away but itself.
 */

export const CANDLE_CHANNELS: readonly string[] = INTERVALS.map((i) => `candles:${i}`);

const STRING = '([^"\\\\\\x00-\\x1f]*)';
const INTEGER = '(?:0|[1-9]\\d{0,14})';
const DECIMAL = '(-?\\d+(?:\\.\\d+)?)';
const CHANNEL = `(?:ticker|book|trades|mark|candles:(?:${INTERVALS.join('|')}))`;
const HEAD = `^\\{"op":"data","ch":"${CHANNEL}","s":"${STRING.replace('*', '+')}","seq":${INTEGER},"t":${INTEGER},"snap":(?:true|false),`;
const HEAD_RE = new RegExp(HEAD);
const TICKER_RE = new RegExp(
  `${HEAD}${['last', 'open', 'high', 'low', 'prev', 'vol', 'turnover'].map((key) => `"${key}":"${DECIMAL}"`).join(',')}\\}$`,
);
export const LEVEL_RE = new RegExp(`\\["${DECIMAL}","${DECIMAL}"\\]`, 'y');
export const TRADE_RE = new RegExp(
  `\\{"id":"${STRING}","t":${INTEGER},"price":"${DECIMAL}","qty":"${DECIMAL}","side":"(?:buy|sell)"\\}`,
  'y',
);
export const BAR_RE = new RegExp(
  `\\{"t":${INTEGER},"o":"${DECIMAL}","h":"${DECIMAL}","l":"${DECIMAL}","c":"${DECIMAL}","v":"${DECIMAL}"\\}`,
  'y',
);

/** isDecimal's bound on a decimal's length, which the regexes leave to this. */
const MAX_DECIMAL = 40;

/** Whether the captures from `from` on are decimals within isDecimal's bound. */
export function fitDecimals(match: RegExpExecArray, from: number): boolean {
  for (let i = from; i < match.length; i++) if (match[i]!.length > MAX_DECIMAL) return false;
  return true;
}

/** Where the last `digitsAt` stopped. */
export let digitsEnd = 0;

/** The integer written from `from` (a match proved it: 1–15 digits, so exact in a double). */
export function digitsAt(text: string, from: number): number {
  let at = from;
  let value = 0;
  let code = text.charCodeAt(at);
  while (code >= 48 && code <= 57) {
    value = value * 10 + (code - 48);
    code = text.charCodeAt(++at);
  }
  digitsEnd = at;
  return value;
}

/** The channel constant of a matched head (the name starts at 19, after `{"op":"data","ch":"`). */
function channelOf(text: string): string {
  const first = text.charCodeAt(19);
  if (first === 116) return text.charCodeAt(20) === 105 ? 'ticker' : 'trades';
  if (first === 98) return 'book';
  if (first === 109) return 'mark';
  // candles:<interval>: the interval runs from 27 to the closing quote.
  const length = text.indexOf('"', 27) - 27;
  for (let i = 0; i < INTERVALS.length; i++) {
    const interval = INTERVALS[i]!;
    if (interval.length !== length) continue;
    let same = true;
    for (let k = 0; k < length && same; k++) same = text.charCodeAt(27 + k) === interval.charCodeAt(k);
    if (same) return CANDLE_CHANNELS[i]!;
  }
  return '';
}

/** The head of the last frame `readHead` accepted; `end` is where its body's first key starts. */
export const head = { ch: '', s: '', seq: 0, t: 0, snap: false, end: 0 };

/** Reads the head of a stream frame in our server's order into `head`; false when it isn't one. */
export function readHead(text: string): boolean {
  const match = HEAD_RE.exec(text);
  if (match === null) return false;
  fillHead(text, match);
  head.end = match[0].length;
  return true;
}

function fillHead(text: string, match: RegExpExecArray): void {
  const ch = channelOf(text);
  const s = match[1]!;
  head.ch = ch;
  head.s = s;
  // `","s":"` after the channel, `","seq":` after the symbol, `,"t":` and `,"snap":` after numbers.
  head.seq = digitsAt(text, 19 + ch.length + 7 + s.length + 8);
  head.t = digitsAt(text, digitsEnd + 5);
  head.snap = text.charCodeAt(digitsEnd + 8) === 116;
}

/** A whole ticker frame in our server's order, or undefined. */
export function tickerFrame(text: string): StreamMessage | undefined {
  const m = TICKER_RE.exec(text);
  if (m === null || !fitDecimals(m, 2)) return undefined;
  fillHead(text, m);
  return {
    op: 'data',
    ch: 'ticker',
    s: head.s,
    seq: head.seq,
    t: head.t,
    snap: head.snap,
    last: m[2]!,
    open: m[3]!,
    high: m[4]!,
    low: m[5]!,
    prev: m[6]!,
    vol: m[7]!,
    turnover: m[8]!,
  };
}
