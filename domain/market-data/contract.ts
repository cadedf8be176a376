import type { Interval, Market } from '../market/instrument';
import type { IndicatorConfig } from '../indicators/types';
import type { MarginRules } from '../contracts/margin';
import type { PositionFigures } from '../contracts/figures';
import type { ContractPosition } from '../protocol/contracts';
import type { PriceProcess } from '../options/model';
import type { PrivateChannel, WsErrorKey } from '../protocol/ws';
import type { ReplayPatch } from './replay-feed';

/**
 * The market-data worker's one interface (ARCHITECTURE rule 2): workers/ `expose`s an object of
 * this type, src/ `wrap`s it. Everything the UI learns about prices arrives through `flush()`
 * as a MarketPatch holding only what changed since the previous flush.
 */

/** What a screen wants kept live. Reference-counted in the worker: equal topics share a stream. */
export type Topic =
  | { kind: 'ticker'; market: Market; symbol: string }
  | { kind: 'book'; market: Market; symbol: string }
  | { kind: 'trades'; market: Market; symbol: string }
  | { kind: 'candles'; market: Market; symbol: string; interval: Interval }
  | { kind: 'mark'; market: 'coin'; symbol: string };

/** Stable key of a topic (`ticker|THYAO`, `candles|BTCUSDT|1h`); patches are keyed the same way per kind. */
export function topicKey(topic: Topic): string {
  return topic.kind === 'candles'
    ? `candles|${topic.symbol}|${topic.interval}`
    : `${topic.kind}|${topic.symbol}`;
}

/** Key of a candle series inside `MarketPatch.candles`. */
export function candleKey(symbol: string, interval: Interval): string {
  return `${symbol}|${interval}`;
}

/**
 * The feed as a user should see it: `live` (a server frame heard within the stale budget — never
 * merely because a socket opened), `stale` (connected but silent past the watchdog), `reconnecting` (socket down, retrying with backoff), `polling` (streaming off, REST).
 */
export type FeedState = 'connecting' | 'live' | 'stale' | 'reconnecting' | 'polling';
export type FeedStatus = { state: FeedState; since: number };

/**
 * One followed stream's freshness, so each figure can vouch for itself:
 * `waiting` (asked for, nothing yet: a skeleton), `live`, `stale` (its frames stopped coming —
 * the socket is silent or down, or a requested snapshot is overdue), `refused` (the server
 * answered an error to its sub, `reason`; retried with backoff). `heard` is the time of the
 * stream's last frame (0 = never), so the UI can show "stale · 6 s" without a per-second patch.
 */
export type StreamLiveness = 'waiting' | 'live' | 'stale' | 'refused';
export type StreamHealth = { state: StreamLiveness; heard: number; reason: WsErrorKey | null };

/**
 * A ticker's prices as canonical decimal strings, from the market source to the screens: the last
 * price and the period's open, high and low, and `prev`: the previous session's close (stocks,
 * indices) or the price 24 h ago (coins).
 */
export type TickerPrices = {
  symbol: string;
  last: string;
  open: string;
  high: string;
  low: string;
  prev: string;
};

/** A ticker as screens show it: `dir` the last move's direction. */
export type TickerView = TickerPrices & {
  /** last − prev, and as a percentage with 2 decimals ("-1.25"). */
  change: string;
  pct: string;
  vol: string;
  turnover: string;
  t: number;
  dir: -1 | 0 | 1;
};

export type MarkView = { mark: string; funding: string | null; nextFunding: number | null; t: number };

/**
 * Changed quantities of one side as flat pairs: canonical price string, then its quantity (null =
 * level gone). Pairs in a list, not a record keyed by price: a record built per flush lives in
 * V8's dictionary mode, and its inserts and its copy to the main thread cost more than the rest
 * of the book's flush (ingest).
 */
export type LevelChanges = (string | null)[];

/**
 * Book changes by canonical price string, so a UI row reads one leaf. `bids`/`asks` (best first,
 * to the shown depth) come only when the visible order changed; `bidQty`/`askQty` hold changed
 * quantities; `reset` clears everything first.
 */
export type BookPatch = {
  reset?: true;
  bids?: string[];
  asks?: string[];
  bidQty?: LevelChanges;
  askQty?: LevelChanges;
  /** `resyncing` while a gap is being repaired: the UI shows the last good book as stale. */
  state?: 'live' | 'resyncing';
};

export type TradeView = { id: string; t: number; price: string; qty: string; side: 'buy' | 'sell' };
/** New trades newest first; `reset` replaces the tape. */
export type TradesPatch = { reset?: true; add: TradeView[] };

/**
 * Bars kept per candle series, the live one included, in the worker and in the page's copy alike:
 * a chart left open all day must not grow by a bar a minute without end.
 */
export const BARS_KEPT = 1000;

/** A bar as the chart takes it (display only, DECISIONS §6): `time` in epoch seconds. */
export type ChartBar = {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
};
export type IndicatorPoint = { time: number; value: number | null };
/** Points per line name (`MA5`, `UP`, `DIF`…). */
export type IndicatorLines = Record<string, IndicatorPoint[]>;

/**
 * `reset`: the whole series (first load, resync, indicator change). Otherwise the bars that
 * changed or were appended, oldest first, and the indicator points of those bars.
 */
/**
 * A candle reset packed for the trip from the worker (candles-transfer.ts): columns of `count`
 * values each — time, open, high, low, close, volume, then the named main and sub lines.
 */
export type PackedCandles = {
  count: number;
  main: string[];
  sub: string[];
  columns: Float64Array;
};

export type CandlesPatch = {
  reset?: { bars: ChartBar[]; main: IndicatorLines; sub: IndicatorLines };
  /**
   * The reset as it crosses from the worker (candles-transfer.ts); the client turns it back into
   * `reset` before anything reads the patch.
   */
  packed?: PackedCandles;
  bars?: ChartBar[];
  main?: IndicatorLines;
  sub?: IndicatorLines;
};

/**
 * A private-channel event as the server sent it (`data` is that channel's payload, e.g.
 * PositionsEvent), or `resync: true` when the worker may have missed some (a new subscription
 * after auth or reconnect, a seq gap): whoever shows that channel's data refetches it over REST.
 */
export type PrivateEvent = { ch: PrivateChannel; data: unknown } | { ch: PrivateChannel; resync: true };

/** Whether the socket speaks for the signed-in user: `none` without a token. */
export type AuthState = 'none' | 'pending' | 'authed' | 'failed';

/** What the worker needs of an open position to keep its figures live. */
export type LivePositionInput = Pick<
  ContractPosition,
  'id' | 'symbol' | 'side' | 'qty' | 'entryPrice' | 'margin'
>;
export type { PositionFigures };

/**
 * An option the worker keeps priced on its underlying's live last price: `id` a position id or
 * 'ticket'. `spot` is the price to use until the stock's next tick (the last the screen has, else
 * the rule's spot), so the figures are there at once on a quiet or closed market.
 */
export type OptionQuoteInput = {
  id: string;
  symbol: string;
  kind: 'call' | 'put';
  strike: string;
  expiresAt: number;
  rate: string;
  spot: string;
  /** The rule's process (its `volatility` a number) and sessions: what trading time is counted in. */
  process: PriceProcess;
  sessions: readonly { open: number; close: number }[] | null;
};

/**
 * The model's answer at `spot` (domain/options/model, trading time to expiry at the tick), per
 * share: `premium` truncated to 4 decimals as the server charges it, `delta` to 4 decimals, the
 * rest to 6 so a contract's figure (× multiplier) rounds once: `gamma`, `vega` (one volatility
 * point), `theta` (one day of the calendar in force), `rho` (one per cent of rate).
 */
export type OptionQuote = {
  spot: string;
  premium: string;
  delta: string;
  gamma: string;
  vega: string;
  theta: string;
  rho: string;
};

export type MarketPatch = {
  feed?: FeedStatus;
  /** Streams whose health changed, by topicKey; null = no longer followed. Sent on a flip only. */
  streams?: Record<string, StreamHealth | null>;
  /** Private-channel events in arrival order. */
  events?: PrivateEvent[];
  auth?: AuthState;
  /** Live position figures that changed, by position id; null = no longer followed. */
  positions?: Record<string, PositionFigures | null>;
  /** Option quotes that changed, by OptionQuoteInput id; null = no longer followed. */
  optionQuotes?: Record<string, OptionQuote | null>;
  tickers?: Record<string, Partial<TickerView>>;
  marks?: Record<string, MarkView>;
  books?: Record<string, BookPatch>;
  trades?: Record<string, TradesPatch>;
  /** Keyed by candleKey(symbol, interval). */
  candles?: Record<string, CandlesPatch>;
  /** The followed replay's state (./replay-feed.ts); its symbols' parts come above, by replayKey. */
  replay?: ReplayPatch;
};

export type FeedStats = {
  messages: number;
  malformed: number;
  gaps: number;
  duplicates: number;
  resyncs: number;
  reconnects: number;
};

export type ConnectOptions = {
  /** ws(s)://host/ipxtrg-api/ws */
  wsUrl: string;
  /** http(s)://host/ipxtrg-api */
  apiBase: string;
  /** Sent as Accept-Language on REST calls. */
  locale: string;
};

export interface MarketDataApi {
  connect(options: ConnectOptions): void;
  /** The user switched language: later REST calls say so (Accept-Language). */
  setLocale(locale: string): void;
  /** Returns a handle; the stream starts (or is shared) at once. */
  subscribe(topic: Topic): number;
  /** Drops a handle; the stream stops after a short delay unless subscribed again. */
  release(handle: number): void;
  /** Streaming off → stocks are polled over REST every `pollMs` (the screen's choice). */
  setStreaming(streaming: boolean, pollMs: number): void;
  setIndicators(config: IndicatorConfig): void;
  /**
   * Paced by the main thread: at most once per animation frame (every 250 ms while hidden), and
   * with a wake line (WakeApi) only after the worker said it has news.
   */
  flush(): MarketPatch | null;
  stats(): FeedStats;
}

/**
 * The signed-in side of the same worker (its object implements both interfaces). Kept apart from
 * MarketDataApi so in-thread fakes of the market half need not implement it.
 */
export interface AccountDataApi {
  /** The session token (null when signed out): sent as `auth` now and after every reconnect. */
  authenticate(token: string | null): void;
  /**
   * The open positions to keep live (replaces the previous list): their mark streams are followed
   * and each one's figures posted (patch.positions) whenever a mark tick changes them.
   */
  setContractPositions(list: LivePositionInput[], rules: MarginRules): void;
}

/** Where the worker says "a patch may be waiting" (a MessagePort in the app, a fake in tests). */
export type WakePort = { postMessage(message: number): void };

/**
 * The worker's wake line (the worker's object implements this too; in-thread fakes need not).
 * After each `flush` the page may stop asking each frame; the worker posts one message on the
 * port at the first news after that flush (a frame, a call from the page, a poll round, its 250 ms
 * health check), so a screen with no news costs at most four pulls a second instead of one a frame,
 * and a tick still reaches the next frame.
 */
export interface WakeApi {
  setWakePort(port: WakePort): void;
}

/**
 * Option premiums priced per tick in the worker (the worker's object implements this too). Apart
 * from MarketDataApi so in-thread fakes of the market half need not implement it.
 */
export interface OptionQuotesApi {
  /**
   * The options to keep priced (replaces the previous list): each symbol's ticker is followed and
   * each quote posted (patch.optionQuotes) when a tick changes it; dropped ids are posted null.
   */
  setOptionQuotes(list: OptionQuoteInput[]): void;
}
