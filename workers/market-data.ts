import type {
  AccountDataApi,
  ConnectOptions,
  FeedState,
  FeedStatus,
  MarketDataApi,
  MarketPatch,
  OptionQuoteInput,
  OptionQuotesApi,
  Topic,
  WakeApi,
  WakePort,
} from '../domain/market-data/contract';
import { topicKey } from '../domain/market-data/contract';
import { createIndicatorSeries } from '../domain/indicators/series';
import { DEFAULT_INDICATOR_CONFIG } from '../domain/indicators/defaults';
import type { IndicatorConfig } from '../domain/indicators/types';
import { STOCK_PRICE_SCALE } from '../domain/market/ticks';
import { systemClock, type Clock } from './clock';
import { openFeedSocket, type FeedSocket, type WebSocketConstructor } from './feed-socket';
import { MarketState } from './market-state';
import { startPoller } from './poller';
import { fetchCoinInfos, type RestOptions } from './rest';
import { StreamSync } from './stream-sync';
import { FeedCore, streamKey, type StreamEntry } from './feed-core';
import { createAccountData } from './account-data';
import type { LiveOptionQuotes } from './option-quotes';
import { StreamLive } from './stream-health';
import { FeedLag, LAG_LIMIT_MS } from './feed-lag';
import type { ServerMessage } from '../domain/protocol/ws';

export type MarketDataDeps = {
  WebSocket?: WebSocketConstructor;
  fetch?: typeof fetch;
  clock?: Clock;
  random?: () => number;
};

/** No frame (data or heartbeat) for this long → the feed is stale. */
export const STALE_AFTER_MS = 3_000;
/** …and this long → the socket is dropped and dialled again (a proxy holding a dead line). */
export const SILENT_RECONNECT_MS = 5_000;
/** A released topic keeps streaming this long, so a screen switch back doesn't resnapshot. */
export const TEARDOWN_MS = 5_000;
/** How long the socket may stay down before stocks fall back to REST polling. */
export const FALLBACK_AFTER_MS = 5_000;
/** A requested snapshot that hasn't come by now is asked for again. */
export const RESYNC_RETRY_MS = 1_000;
const WATCHDOG_MS = 250;
const INFOS_RETRY_MS = 2_000;

type Active = StreamEntry & { key: string; refs: number; teardown: unknown; live: StreamLive };

const factory = (config: IndicatorConfig) => ({
  main: createIndicatorSeries(config.main, config.periods),
  sub: createIndicatorSeries(config.sub, config.periods),
});

const channelOf = (topic: Topic): string =>
  topic.kind === 'candles' ? `candles:${topic.interval}` : topic.kind;

/** The worker's implementation of the contract; tests call it directly with fakes in `deps`. */
export function createMarketData(
  deps: MarketDataDeps = {},
): MarketDataApi & AccountDataApi & OptionQuotesApi & WakeApi {
  const clock = deps.clock ?? systemClock;
  // The page's wake line (WakeApi). `armed`: a flush went out since the last wake, so the page may
  // be parked; the first news after it posts one wake, later news rides on the pull that follows.
  let wakePort: WakePort | null = null;
  let armed = false;
  const poke = () => {
    if (!armed || !wakePort) return;
    armed = false;
    wakePort.postMessage(0);
  };
  const random = deps.random ?? Math.random;
  const state = new MarketState(DEFAULT_INDICATOR_CONFIG, factory);
  const actives = new Map<string, Active>(); // by topicKey
  const handles = new Map<number, string>();
  const coinScales = new Map<string, number>();
  let nextHandle = 1;
  let rest: RestOptions | null = null;
  let socket: FeedSocket | null = null;
  let open = false;
  let opened = false;
  let socketState: FeedState = 'connecting';
  let streaming = true;
  let pollMs = 2_000;
  let stopPoller: (() => void) | null = null;
  // Stocks keep moving over REST while the socket stays down (a proxy that blocks WebSockets,
  // a broker restart); coins have no REST stream and wait for the socket.
  let stopFallback: (() => void) | null = null;
  let fallbackTimer: unknown = null;
  let lastFrame = clock.now();
  // How old the server's frames are on arrival, by its clock (a slow line is not "Live").
  const lag = new FeedLag();
  let feed: FeedStatus = { state: 'connecting', since: lastFrame };
  let postedFeed: FeedStatus | null = null;

  const refreshFeed = () => {
    const next = streaming ? socketState : 'polling';
    if (next !== feed.state) feed = { state: next, since: clock.now() };
  };
  const onSocket = (a: StreamEntry) => a.scale !== null && (a.topic.market === 'coin' || streaming);
  const send = (op: 'sub' | 'unsub', a: StreamEntry) => {
    if (open && socket) socket.send(JSON.stringify({ op, ch: a.ch, symbol: a.topic.symbol }));
  };
  const requestSnapshot = (a: StreamEntry, fresh: boolean) => {
    a.sync.await(clock.now());
    if (a.live && open) a.live.answered = false;
    if (a.topic.kind === 'book' && a.scale !== null) state.book(a.topic.symbol, a.scale).markResyncing();
    if (!fresh) send('unsub', a);
    send('sub', a);
  };
  const resync = (a: StreamEntry) => {
    stats.resyncs++;
    requestSnapshot(a, false);
  };

  const account = createAccountData({
    send: (text) => {
      if (open && socket) socket.send(text);
    },
    subscribe: (topic) => api.subscribe(topic),
    release: (handle) => api.release(handle),
    scaleOf: (symbol) => coinScales.get(symbol) ?? null,
    changed: () => poke(),
  });

  const core = new FeedCore(
    state,
    (entry) => onSocket(entry),
    (entry) => resync(entry),
    (message) => {
      answers(message);
      account.handle(message);
    },
  );
  const { stats, streams } = core;

  // The server's clock as the pongs bound it (feed-lag.ts): an option's time to expiry is counted
  // on it, not on the phone's clock, which may be an hour off (an hour slow priced a day expiry's
  // premium on an hour more than it has). The last bound holds while a new connection measures.
  let serverLead = 0;
  const serverNow = () => {
    serverLead = lag.lead ?? serverLead;
    return clock.now() + serverLead;
  };

  // Option pricing loads on the first list: only the options screens need it, not the first load.
  let quotes: LiveOptionQuotes | null = null;
  let quoteList: OptionQuoteInput[] = [];
  let loadingQuotes = false;
  const quotesApi: OptionQuotesApi = {
    setOptionQuotes(list) {
      quoteList = list;
      if (quotes) return quotes.set(list);
      if (loadingQuotes || list.length === 0) return;
      loadingQuotes = true;
      void import('./option-quotes').then(
        ({ LiveOptionQuotes }) => {
          quotes = new LiveOptionQuotes({
            now: serverNow,
            subscribe: (topic) => api.subscribe(topic),
            release: (handle) => api.release(handle),
          });
          quotes.set(quoteList);
          poke();
        },
        () => {
          loadingQuotes = false; // the next list tries again
        },
      );
    },
  };

  const ping = () => {
    const now = clock.now();
    if (open && socket && lag.pingDue(now)) socket.send(`{"op":"ping","ts":${now}}`);
  };

  /** `subscribed` and refusals of our public subs; the line's lag from heartbeats and pongs. */
  const answers = (message: ServerMessage) => {
    if (message.op === 'hb') lag.heartbeat(message.t, clock.now());
    if (message.op === 'pong') lag.pong(message.ts, message.echo, clock.now());
    if (message.op === 'subscribed' && message.symbol) {
      const a = streams.find(message.ch, message.symbol);
      if (a?.live) a.live.answered = true;
    }
    if (message.op !== 'error' || message.key === 'AUTH_FAILED' || message.key === 'AUTH_REQUIRED') return;
    const now = clock.now();
    const named = message.ch && message.symbol ? streams.find(message.ch, message.symbol) : undefined;
    // No stream named (MALFORMED_REQUEST): frames are answered in order, so it is the answer to
    // our oldest unanswered sub.
    const a = named ?? [...actives.values()].find((x) => onSocket(x) && x.sync.awaiting && !x.live.answered);
    if (!a?.live) return;
    a.live.answered = true;
    a.live.refuse(message.key, now, random);
  };

  /**
   * The socket's state once the server has spoken: "Live" means it answered our ping in time and
   * its heartbeats arrive young, not only that a socket opened (a proxy may accept one with no
   * broker behind it, or hold every frame for seconds).
   */
  const judgeLine = () => {
    if (!open) return;
    const next: FeedState = lag.delayed ? 'stale' : lag.measured ? 'live' : socketState;
    if (next === socketState) return;
    socketState = next;
    refreshFeed();
  };

  const onFrame = (text: string) => {
    lastFrame = clock.now();
    core.at = lastFrame;
    core.frame(text);
    judgeLine();
    poke();
  };

  const watchdog = () => {
    const now = clock.now();
    if (open) {
      ping();
      lag.check(now);
    }
    if (open && socketState === 'live' && (lag.delayed || now - lastFrame > STALE_AFTER_MS)) {
      socketState = 'stale';
      refreshFeed();
    }
    if (open && now - lastFrame > SILENT_RECONNECT_MS) {
      lastFrame = now;
      socket?.reconnect();
    }
    // Streams are probed and resynced while frames come: on a live line and on a slow one.
    if (open && (socketState === 'live' || lag.delayed)) {
      for (const a of actives.values()) {
        if (!onSocket(a)) continue;
        const { live } = a;
        if (live.refused) {
          if (now >= live.retryAt) requestSnapshot(a, true);
        } else if (a.sync.awaiting) {
          if (now - a.sync.since >= RESYNC_RETRY_MS) resync(a);
        } else if (live.overdue(now)) {
          requestSnapshot(a, true);
        }
      }
    }
    clock.setTimeout(watchdog, WATCHDOG_MS);
    // What only time changes (a stream going stale, a poll's answer, a reconnect) reaches a parked
    // page within a watchdog period: at most four pulls a second on a screen with no news.
    poke();
  };

  /** Each stream's health as the UI should show it; only flips are posted. */
  const healthInto = (patch: MarketPatch): boolean => {
    const now = clock.now();
    const socketLive = open && socketState === 'live';
    let changed = false;
    for (const a of actives.values()) {
      const polled = a.topic.market !== 'coin' && !streaming;
      const state = polled
        ? 'live'
        : a.live.judge(
            now,
            socketLive && onSocket(a),
            a.sync.awaiting ? a.sync.waitingSince : null,
            // Past the delayed limit the feed says so itself; no stream waits longer than that.
            Math.min(lag.age ?? 0, LAG_LIMIT_MS),
          );
      const health = a.live.health(state, lag.age ?? 0);
      if (!health) continue;
      (patch.streams ??= {})[a.key] = health;
      changed = true;
    }
    for (const key of gone) if (!actives.has(key)) (patch.streams ??= {})[key] = null;
    if (gone.length > 0) changed = true;
    gone.length = 0;
    return changed;
  };
  const gone: string[] = [];

  const startFallback = () => {
    fallbackTimer = null;
    if (open || !streaming || stopFallback) return;
    // A late answer after the socket is back is dropped: the stream's snapshot is the truth then.
    stopFallback = startPoller(
      clock,
      () => pollMs,
      () => (open ? [] : stockTopics()),
      () => rest,
      state,
      poke,
    );
  };
  const stopFallbackPolling = () => {
    if (fallbackTimer !== null) clock.clearTimeout(fallbackTimer);
    fallbackTimer = null;
    stopFallback?.();
    stopFallback = null;
  };

  const start = (a: Active) => {
    streams.set(streamKey(a.ch, a.topic.symbol), a);
    if (a.scale === null) return;
    if (onSocket(a)) requestSnapshot(a, true);
  };
  const stop = (a: Active) => {
    if (onSocket(a)) send('unsub', a);
    actives.delete(a.key);
    gone.push(a.key);
    streams.delete(streamKey(a.ch, a.topic.symbol));
    const { topic } = a;
    state.drop(topic.kind, topic.symbol, topic.kind === 'candles' ? topic.interval : undefined);
  };

  const loadCoinScales = async () => {
    if (!rest) return;
    try {
      for (const info of await fetchCoinInfos(rest)) coinScales.set(info.symbol, info.priceScale);
      for (const a of actives.values()) {
        if (a.scale !== null || a.topic.market !== 'coin') continue;
        a.scale = coinScales.get(a.topic.symbol) ?? null;
        if (a.scale !== null) start(a);
      }
    } catch {
      clock.setTimeout(() => void loadCoinScales(), INFOS_RETRY_MS);
    }
  };

  const stockTopics = () =>
    [...actives.values()].filter((a) => a.topic.market !== 'coin').map((a) => a.topic);

  clock.setTimeout(watchdog, WATCHDOG_MS);

  const api: MarketDataApi = {
    setLocale(locale: string) {
      if (rest) rest = { ...rest, locale };
    },
    connect(options: ConnectOptions) {
      socket?.close();
      rest = {
        fetch: deps.fetch ?? fetch.bind(globalThis),
        apiBase: options.apiBase,
        locale: options.locale,
      };
      void loadCoinScales();
      const WebSocketClass = deps.WebSocket ?? WebSocket;
      socket = openFeedSocket(
        options.wsUrl,
        { WebSocket: WebSocketClass, clock, random },
        {
          open: () => {
            open = true;
            if (opened) stats.reconnects++;
            opened = true;
            lastFrame = clock.now();
            // Still connecting (or reconnecting) until the server answers this ping in time.
            lag.reset();
            ping();
            stopFallbackPolling();
            account.onOpen();
            for (const a of actives.values()) if (onSocket(a)) requestSnapshot(a, true);
          },
          close: () => {
            if (!open && socketState === 'reconnecting') return;
            open = false;
            account.onClose();
            socketState = 'reconnecting';
            refreshFeed();
            if (fallbackTimer === null && !stopFallback)
              fallbackTimer = clock.setTimeout(startFallback, FALLBACK_AFTER_MS);
            for (const a of actives.values()) if (onSocket(a)) requestSnapshot(a, true);
          },
          message: onFrame,
        },
      );
    },

    subscribe(topic: Topic) {
      const key = topicKey(topic);
      const handle = nextHandle++;
      handles.set(handle, key);
      const existing = actives.get(key);
      if (existing) {
        existing.refs++;
        if (existing.teardown !== null) clock.clearTimeout(existing.teardown);
        existing.teardown = null;
        return handle;
      }
      const scale = topic.market === 'coin' ? (coinScales.get(topic.symbol) ?? null) : STOCK_PRICE_SCALE;
      const a: Active = {
        topic,
        key,
        ch: channelOf(topic),
        refs: 1,
        teardown: null,
        sync: new StreamSync(),
        scale,
        live: new StreamLive(clock.now()),
      };
      actives.set(key, a);
      start(a);
      return handle;
    },

    release(handle: number) {
      const key = handles.get(handle);
      if (key === undefined) return;
      handles.delete(handle);
      const a = actives.get(key);
      if (!a || --a.refs > 0) return;
      a.teardown = clock.setTimeout(() => {
        if (a.refs === 0 && actives.get(key) === a) stop(a);
      }, TEARDOWN_MS);
    },

    setStreaming(on: boolean, every: number) {
      pollMs = Math.max(250, every);
      if (on === streaming) return;
      const stocks = [...actives.values()].filter((a) => a.topic.market !== 'coin');
      if (!on) for (const a of stocks) send('unsub', a);
      streaming = on;
      stopFallbackPolling();
      if (on) {
        stopPoller?.();
        stopPoller = null;
        if (!open) fallbackTimer = clock.setTimeout(startFallback, FALLBACK_AFTER_MS);
        for (const a of stocks) requestSnapshot(a, true);
      } else {
        stopPoller = startPoller(
          clock,
          () => pollMs,
          stockTopics,
          () => rest,
          state,
          poke,
        );
      }
      refreshFeed();
    },

    setIndicators(config: IndicatorConfig) {
      state.setIndicators(config);
    },

    flush(): MarketPatch | null {
      armed = true;
      const patch: MarketPatch = {};
      let changed = false;
      if (postedFeed !== feed) {
        postedFeed = feed;
        patch.feed = feed;
        changed = true;
      }
      if (healthInto(patch)) changed = true;
      if (state.flushInto(patch)) changed = true;
      if (quotes?.flushInto(patch)) changed = true;
      if (account.flushInto(patch)) changed = true;
      return changed ? patch : null;
    },

    stats: () => ({ ...stats }),
  };
  // A call from the page changes what the next patch holds (a new topic's snapshot, indicators,
  // positions to follow): it wakes the page like a frame does.
  const calls = Object.assign(api, account.api, quotesApi);
  for (const name of Object.keys(calls) as (keyof typeof calls)[]) {
    if (name === 'flush' || name === 'stats') continue;
    const call = calls[name] as (...args: unknown[]) => unknown;
    (calls as unknown as Record<string, unknown>)[name] = (...args: unknown[]) => {
      const result = call.apply(calls, args);
      poke();
      return result;
    };
  }
  const wake: WakeApi = {
    setWakePort(port) {
      wakePort = port;
    },
  };
  return Object.assign(calls, wake);
}
