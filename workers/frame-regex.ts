import { INTERVALS } from '../domain/market/instrument';
import { MAX_DECIMAL } from '../domain/protocol/market-stream-parse';

/**
 * Our server's frames in its own key order and with no whitespace, read by native regex matches
 * (V8 compiles them to machine code, about four times as fast a character as a charCodeAt loop):
 * the head of every stream frame, whole ticker, book and candle frames, and each trade and bar. A text they don't match is read key by key (frame-scan.ts,
 * frame-items.ts), which has the last word, so they only ever take a shortcut to the same message.
 * Only decimals and trade ids are captured (strings a message keeps); the rest is read by the hand
 * readers at the positions the match proves, so a match allocates nothing it throws away.
 */

export const CANDLE_CHANNELS: readonly string[] = INTERVALS.map((i) => `candles:${i}`);

const STRING = '([^"\\\\\\x00-\\x1f]*)';
const INTEGER = '(?:0|[1-9]\\d{0,14})';
const DECIMAL = '(-?\\d+(?:\\.\\d+)?)';
const CHANNEL = `(?:ticker|book|trades|mark|candles:(?:${INTERVALS.join('|')}))`;
const HEAD = `^\\{"op":"data","ch":"${CHANNEL}","s":"[^"\\\\\\x00-\\x1f]+","seq":${INTEGER},"t":${INTEGER},"snap":(?:true|false),`;
export const HEAD_RE = new RegExp(HEAD);
export const TICKER_RE = new RegExp(
  `${HEAD}${['last', 'open', 'high', 'low', 'prev', 'vol', 'turnover'].map((key) => `"${key}":"${DECIMAL}"`).join(',')}\\}$`,
);
export const TRADE_RE = new RegExp(
  `\\{"id":"${STRING}","t":${INTEGER},"price":"${DECIMAL}","qty":"${DECIMAL}","side":"(?:buy|sell)"\\}`,
  'y',
);
export const BAR_RE = new RegExp(
  `\\{"t":${INTEGER},"o":"${DECIMAL}","h":"${DECIMAL}","l":"${DECIMAL}","c":"${DECIMAL}","v":"${DECIMAL}"\\}`,
  'y',
);

/** A decimal without a capture: the direct path's frames are tested whole, then read by hand. */
const PLAIN_DECIMAL = '-?\\d+(?:\\.\\d+)?';
const LEVEL = `\\["${PLAIN_DECIMAL}","${PLAIN_DECIMAL}"\\]`;
const LEVELS = `\\[(?:${LEVEL}(?:,${LEVEL})*)?\\]`;
const BAR = `\\{"t":${INTEGER},"o":"${PLAIN_DECIMAL}","h":"${PLAIN_DECIMAL}","l":"${PLAIN_DECIMAL}","c":"${PLAIN_DECIMAL}","v":"${PLAIN_DECIMAL}"\\}`;
/** A whole book frame in our server's layout (direct-frame.ts). */
export const BOOK_FRAME_RE = new RegExp(`${HEAD}"bids":${LEVELS},"asks":${LEVELS}\\}$`);
const TRADE = `\\{"id":"[^"\\\\\\x00-\\x1f]*","t":${INTEGER},"price":"${PLAIN_DECIMAL}","qty":"${PLAIN_DECIMAL}","side":"(?:buy|sell)"\\}`;
/** A whole trades frame in our server's layout (direct-frame.ts). */
export const TRADES_FRAME_RE = new RegExp(`${HEAD}"trades":\\[(?:${TRADE}(?:,${TRADE})*)?\\]\\}$`);
/** A whole candle frame in our server's layout (direct-frame.ts). */
export const CANDLES_FRAME_RE = new RegExp(`${HEAD}"bars":\\[(?:${BAR}(?:,${BAR})*)?\\]\\}$`);

/** Whether the captures from `from` on are decimals within isDecimal's bound (the regexes leave it to this). */
export function fitDecimals(match: RegExpExecArray, from: number): boolean {
  for (let i = from; i < match.length; i++) if (match[i]!.length > MAX_DECIMAL) return false;
  return true;
}
