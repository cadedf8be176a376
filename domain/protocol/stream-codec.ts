import { INTERVALS } from '../market/instrument';
import { parseServerFrame } from './market-stream-parse';
import type { ServerMessage, StreamMessage, WireCandle, WireLevel, WireTrade } from './ws';

/**
 * The stream frames' codec: how a stream message is written (the server's `encodeStream`), how it
 * is read (`decodeStream`, the checked parse), and the layout the worker's fast path proves before
 * reading values by hand (the `*_FRAME_RE` below, made from the same key lists the encoder writes).
 * The layout is this module's contract: keys in the orders below, no whitespace, strings and
 * numbers as JSON writes them. A frame in any other layout still decodes; it only misses the fast
 * path. stream-codec.test.ts holds the encoder, the decoder and the layout to each other for
 * every channel.
 */

/** Every stream frame starts with these, in this order. */
export const HEAD_KEYS = ['op', 'ch', 's', 'seq', 't', 'snap'] as const;
export const TICKER_KEYS = ['last', 'open', 'high', 'low', 'prev', 'vol', 'turnover'] as const;
export const MARK_KEYS = ['mark', 'funding', 'nextFunding'] as const;
export const TRADE_KEYS = ['id', 't', 'price', 'qty', 'side'] as const;
export const BAR_KEYS = ['t', 'o', 'h', 'l', 'c', 'v'] as const;

export const CANDLE_CHANNELS: readonly string[] = INTERVALS.map((i) => `candles:${i}`);

const json = JSON.stringify;

const level = (l: WireLevel) => `[${json(l[0])},${json(l[1])}]`;
const trade = (t: WireTrade) =>
  `{"id":${json(t.id)},"t":${json(t.t)},"price":${json(t.price)},"qty":${json(t.qty)},"side":${json(t.side)}}`;
const bar = (b: WireCandle) =>
  `{"t":${json(b.t)},"o":${json(b.o)},"h":${json(b.h)},"l":${json(b.l)},"c":${json(b.c)},"v":${json(b.v)}}`;
const list = <T>(items: readonly T[], write: (item: T) => string) => `[${items.map(write).join(',')}]`;

/** A stream message as the wire carries it: written once per event, then sent to every subscriber. */
export function encodeStream(m: StreamMessage): string {
  const head = `{"op":"data","ch":${json(m.ch)},"s":${json(m.s)},"seq":${json(m.seq)},"t":${json(m.t)},"snap":${json(m.snap)},`;
  switch (m.ch) {
    case 'ticker':
      return `${head}${TICKER_KEYS.map((key) => `"${key}":${json(m[key])}`).join(',')}}`;
    case 'mark':
      return `${head}${MARK_KEYS.map((key) => `"${key}":${json(m[key])}`).join(',')}}`;
    case 'book':
      return `${head}"bids":${list(m.bids, level)},"asks":${list(m.asks, level)}}`;
    case 'trades':
      return `${head}"trades":${list(m.trades, trade)}}`;
    default:
      return `${head}"bars":${list(m.bars, bar)}}`;
  }
}

/** Any server frame, checked; null for anything malformed. Never throws. */
export function decodeFrame(text: string): ServerMessage | null {
  return parseServerFrame(text);
}

// The layout as regexes, one a channel, each proving a whole frame before the worker reads its
// values at the places the match fixes (stream-codec-read.ts). V8 compiles them to machine
// code: about four times as fast a character as a charCodeAt loop, and `test` allocates nothing.

/** A JSON list of `item`s, none or more. */
const listOf = (item: string) => `\\[(?:${item}(?:,${item})*)?\\]`;
const INTEGER = '(?:0|[1-9]\\d{0,14})';
const DECIMAL = '-?\\d+(?:\\.\\d+)?';
const ID = '[^"\\\\\\x00-\\x1f]*';
const CHANNEL = `(?:ticker|book|trades|mark|candles:(?:${INTERVALS.join('|')}))`;
const HEAD = `^\\{"op":"data","ch":"${CHANNEL}","s":"[^"\\\\\\x00-\\x1f]+","seq":${INTEGER},"t":${INTEGER},"snap":(?:true|false),`;
const LEVEL = `\\["${DECIMAL}","${DECIMAL}"\\]`;
const TRADE = `\\{"id":"${ID}","t":${INTEGER},"price":"${DECIMAL}","qty":"${DECIMAL}","side":"(?:buy|sell)"\\}`;
const BAR = `\\{"t":${INTEGER},${BAR_KEYS.slice(1)
  .map((key) => `"${key}":"${DECIMAL}"`)
  .join(',')}\\}`;

export const TICKER_FRAME_RE = new RegExp(
  `${HEAD}${TICKER_KEYS.map((key) => `"${key}":"${DECIMAL}"`).join(',')}\\}$`,
);
export const BOOK_FRAME_RE = new RegExp(`${HEAD}"bids":${listOf(LEVEL)},"asks":${listOf(LEVEL)}\\}$`);
export const TRADES_FRAME_RE = new RegExp(`${HEAD}"trades":${listOf(TRADE)}\\}$`);
export const CANDLES_FRAME_RE = new RegExp(`${HEAD}"bars":${listOf(BAR)}\\}$`);
