import { INTERVALS } from '../market/instrument';
import type { StreamMessage, WireLevel } from './ws';

export { decodeFrame } from './market-stream-parse';

/**
 * The stream frames' codec: how a stream message is written (the server's `encodeStream`), how it
 * is read (`decodeFrame`, the checked parse), and the layout the worker's fast path proves before
 * reading values by hand (`FRAME_RE`). Each frame kind's fields are listed once below, in wire
 * order, each with the pattern its value takes; the writer and the regex are both made from that
 * list, so they cannot disagree. The layout is this module's contract: keys in those orders, no
 * whitespace, strings and numbers as JSON writes them. A frame in any other layout still decodes;
 * it only misses the fast path. stream-codec.test.ts holds the encoder, the decoder and the
 * layout to each other for every channel.
 */

/**
 * A field in wire order: its key, the regex its value matches in our layout and, for a list, what
 * its items are (a book level or an object of those fields). Data only, no writer: the worker
 * reads with the regexes alone, so the writers are made on the first write and stay out of it.
 */
type Field = readonly [key: string, pattern: string, items?: 'level' | readonly Field[]];

const json: (value: unknown) => string = JSON.stringify;

/** A JSON list of `item`s, none or more. */
const listOf = (item: string) => `\\[(?:${item}(?:,${item})*)?\\]`;
const objectOf = (fields: readonly Field[]) =>
  `\\{${fields.map(([key, pattern]) => `"${key}":${pattern}`).join(',')}\\}`;

const INTEGER = '(?:0|[1-9]\\d{0,14})';
const DECIMAL = '"-?\\d+(?:\\.\\d+)?"';
const NAME = '"[^"\\\\\\x00-\\x1f]+"';
const ID = '"[^"\\\\\\x00-\\x1f]*"';
const CHANNEL = `"(?:ticker|book|trades|mark|candles:(?:${INTERVALS.join('|')}))"`;
const LEVEL = `\\[${DECIMAL},${DECIMAL}\\]`;

/** A list field of `items`: its pattern made from theirs, so the two cannot differ. */
const listField = (key: string, items: 'level' | readonly Field[]): Field => [
  key,
  listOf(items === 'level' ? LEVEL : objectOf(items)),
  items,
];

/** An object writer for `fields`: the keys in their order, whatever order the value holds them in. */
function objectWriter<T>(fields: readonly Field[]): (value: T) => string {
  const keys = fields.map(([key], i) => `${i === 0 ? '{' : ','}"${key}":`);
  const writes = fields.map(([, , items]): ((value: unknown) => string) =>
    items === undefined
      ? json
      : (listWriter(items === 'level' ? writeLevel : objectWriter(items)) as (value: unknown) => string),
  );
  return (value) => {
    const record = value as Record<string, unknown>;
    let out = '';
    for (let i = 0; i < keys.length; i++) out += keys[i]! + writes[i]!(record[fields[i]![0]]);
    return `${out}}`;
  };
}

const listWriter =
  <T>(write: (item: T) => string) =>
  (items: readonly T[]): string => {
    let out = '[';
    for (let i = 0; i < items.length; i++) out += (i === 0 ? '' : ',') + write(items[i]!);
    return `${out}]`;
  };

const TRADE: readonly Field[] = [
  ['id', ID],
  ['t', INTEGER],
  ['price', DECIMAL],
  ['qty', DECIMAL],
  ['side', '"(?:buy|sell)"'],
];
const BAR: readonly Field[] = [
  ['t', INTEGER],
  ['o', DECIMAL],
  ['h', DECIMAL],
  ['l', DECIMAL],
  ['c', DECIMAL],
  ['v', DECIMAL],
];
const writeLevel = (l: WireLevel) => `[${json(l[0])},${json(l[1])}]`;

/** Every stream frame starts with these, in this order. */
const HEAD: readonly Field[] = [
  ['op', '"data"'],
  ['ch', CHANNEL],
  ['s', NAME],
  ['seq', INTEGER],
  ['t', INTEGER],
  ['snap', '(?:true|false)'],
];
// Marked pure so a bundle that never reads it (the worker's) leaves the call out.
export const HEAD_KEYS: readonly string[] = /* @__PURE__ */ HEAD.map(([key]) => key);

/** Each frame kind's fields after the head. */
const BODY = {
  ticker: ['last', 'open', 'high', 'low', 'prev', 'vol', 'turnover'].map((key): Field => [key, DECIMAL]),
  mark: [
    ['mark', DECIMAL],
    ['funding', `(?:${DECIMAL}|null)`],
    ['nextFunding', `(?:${INTEGER}|null)`],
  ],
  book: [listField('bids', 'level'), listField('asks', 'level')],
  trades: [listField('trades', TRADE)],
  candles: [listField('bars', BAR)],
} satisfies Record<string, readonly Field[]>;

type FrameKindName = keyof typeof BODY;
const kindOf = (ch: StreamMessage['ch']): FrameKindName =>
  ch === 'ticker' || ch === 'mark' || ch === 'book' || ch === 'trades' ? ch : 'candles';

/** One value a frame kind, made from that kind's fields: the head's, then its body's. */
function byKind<T>(make: (fields: readonly Field[]) => T): Record<FrameKindName, T> {
  const of = (kind: FrameKindName) => make([...HEAD, ...BODY[kind]]);
  return {
    ticker: of('ticker'),
    mark: of('mark'),
    book: of('book'),
    trades: of('trades'),
    candles: of('candles'),
  };
}

let writers: Record<FrameKindName, (m: StreamMessage) => string> | null = null;

/** A stream message as the wire carries it: written once per event, then sent to every subscriber. */
export function encodeStream(m: StreamMessage): string {
  writers ??= byKind((fields) => objectWriter<StreamMessage>(fields));
  return writers[kindOf(m.ch)](m);
}

/**
 * The layout as regexes, one a frame kind, each proving a whole frame before the worker reads its
 * values at the places the match fixes (stream-codec-read.ts). V8 compiles them to machine code:
 * about four times as fast a character as a charCodeAt loop, and `test` allocates nothing.
 */
export const FRAME_RE = byKind((fields) => new RegExp(`^${objectOf(fields)}$`));

export const CANDLE_CHANNELS: readonly string[] = INTERVALS.map((i) => `candles:${i}`);
