import { INTERVALS } from '../market/instrument';

/**
 * The WebSocket protocol (DECISIONS §4, docs/market-data-protocol.md). Public market channels
 * need no auth; private channels need `{op:"auth", token}` first. Client frames are few and
 * are checked with zod (./ws-client.ts, read by the server only, so the worker carries no zod);
 * server frames are many and are checked by hand on the hot path (./market-stream-parse.ts),
 * against the types below.
 */
export const WS_PATH = '/ipxtrg-api/ws';

/** Public channels, per symbol. `candles:<interval>` is one channel per interval. */
export const PUBLIC_CHANNELS = [
  'ticker',
  'trades',
  'book',
  'mark',
  ...INTERVALS.map((i) => `candles:${i}` as const),
] as const;
export type PublicChannel = (typeof PUBLIC_CHANNELS)[number];

/**
 * Private channels (need auth; no symbol). `records`: one of the user's requests (a deposit, a
 * withdrawal, an application, a loan, a robot order…) changed state (./records.ts).
 */
export const PRIVATE_CHANNELS = ['messages', 'orders', 'balances', 'positions', 'records', 'alerts'] as const;
export type PrivateChannel = (typeof PRIVATE_CHANNELS)[number];

export type Channel = PublicChannel | PrivateChannel;

/** Why the server refused a frame or a subscription. */
export const WS_ERROR_KEYS = [
  'MALFORMED_REQUEST',
  'UNKNOWN_SYMBOL',
  'AUTH_REQUIRED',
  'AUTH_FAILED',
  'TOO_MANY_SUBSCRIPTIONS',
  /** A symbol of the catalogue whose market this node was still loading (a switch-over): ask again. */
  'MARKET_LOADING',
] as const;
export type WsErrorKey = (typeof WS_ERROR_KEYS)[number];

/** Prices and quantities are canonical decimal strings; `t` is epoch ms. */
export type WireLevel = [price: string, qty: string];
export type WireTrade = { id: string; t: number; price: string; qty: string; side: 'buy' | 'sell' };
export type WireCandle = { t: number; o: string; h: string; l: string; c: string; v: string };

/**
 * Every stream message names its stream (`ch` + `s`) and carries that stream's sequence number:
 * the first message after a `sub` is a snapshot (`snap: true`) at some seq; each later one is
 * seq + 1. A gap means the client lost something and must re-subscribe for a fresh snapshot.
 * A slow consumer is sent a fresh snapshot (with a jump in seq) instead of a growing queue.
 */
type Stream<Ch extends string, Body> = {
  op: 'data';
  ch: Ch;
  s: string;
  seq: number;
  t: number;
  snap: boolean;
} & Body;

/** Full ticker every time (it is small): last price, day/24 h open, high, low, previous close, volumes. */
export type TickerMessage = Stream<
  'ticker',
  { last: string; open: string; high: string; low: string; prev: string; vol: string; turnover: string }
>;
/** Snapshot: recent trades, newest last; update: the trades printed since, oldest first. */
export type TradesMessage = Stream<'trades', { trades: WireTrade[] }>;
/** Snapshot: the book to the stream's depth; update: changed levels with absolute quantities, '0' removes. */
export type BookMessage = Stream<'book', { bids: WireLevel[]; asks: WireLevel[] }>;
/** Snapshot: recent bars, oldest first; update: the live bar (same `t` replaces, a later `t` appends). */
export type CandlesMessage = Stream<`candles:${(typeof INTERVALS)[number]}`, { bars: WireCandle[] }>;
/** Mark price (coins), and the funding figures contracts show. */
export type MarkMessage = Stream<
  'mark',
  { mark: string; funding: string | null; nextFunding: number | null }
>;

export type StreamMessage = TickerMessage | TradesMessage | BookMessage | CandlesMessage | MarkMessage;

/** A private-channel event: its payload is typed where its channel is read. */
export type PrivateMessage = { op: 'private'; ch: PrivateChannel; seq: number; t: number; data: unknown };

/**
 * A private event's payload as the wire carries it, encoded once where it is published: every
 * socket of the user, on whatever node, writes these bytes inside its own `seq` and `t` instead
 * of encoding the event again (on a cluster, instead of decoding the bus's copy to re-encode it).
 */
export function encodePrivateData(data: unknown): string {
  return JSON.stringify(data ?? null);
}

/** A `PrivateMessage`'s text around a payload from `encodePrivateData`: JSON.stringify's, key for key. */
export function privateFrameText(ch: PrivateChannel, seq: number, t: number, dataText: string): string {
  return `{"op":"private","ch":${JSON.stringify(ch)},"seq":${seq},"t":${t},"data":${dataText}}`;
}

export type ServerMessage =
  | StreamMessage
  | PrivateMessage
  /** `ts`: the server's clock; `echo`: the ping's own `ts`, when it carried one. */
  | { op: 'pong'; ts: number; echo?: number }
  /** Heartbeat, every second: silence longer than the watchdog means stale. */
  | { op: 'hb'; t: number }
  | { op: 'subscribed'; ch: Channel; symbol?: string }
  | { op: 'unsubscribed'; ch: Channel; symbol?: string }
  | { op: 'authed'; userId: string }
  | { op: 'error'; key: WsErrorKey; msg: string; ch?: Channel; symbol?: string };
