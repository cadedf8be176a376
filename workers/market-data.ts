import type {
  AccountDataApi,
  MarketDataApi,
  MarketPatch,
  OptionQuotesApi,
  WakeApi,
} from '../domain/market-data/contract';
import { createIndicatorSeries } from '../domain/indicators/series';
import { DEFAULT_INDICATOR_CONFIG } from '../domain/indicators/defaults';
import type { IndicatorConfig } from '../domain/indicators/types';
import type { BookViewApi } from '../domain/market-data/book-view';
import type { CoinScalesApi } from '../domain/market-data/coin-scales';
import type { ReplayFeedApi } from '../domain/market-data/replay-feed';
import { systemClock, type Clock } from './clock';
import { MarketState } from './market-state';
import { FeedCore } from './feed-core';
import { createAccountData } from './account-data';
import { FeedLine, type WebSocketConstructor } from './feed-line';
import { OptionQuotesLoader } from './option-quotes-loader';
import { ReplayFeedLoader } from './replay-loader';
import type { RestOptions } from './rest';
import { StockPolling } from './stock-polling';
import { Subscriptions } from './subscriptions';
import { WakeLine } from './wake-line';

export { STALE_AFTER_MS, SILENT_RECONNECT_MS } from './feed-line';
export { FALLBACK_AFTER_MS } from './stock-polling';
export { TEARDOWN_MS, RESYNC_RETRY_MS } from './subscriptions';

export type MarketDataDeps = {
  WebSocket?: WebSocketConstructor;
  fetch?: typeof fetch;
  clock?: Clock;
  random?: () => number;
};

type WorkerApi = MarketDataApi &
  AccountDataApi &
  OptionQuotesApi &
  WakeApi &
  BookViewApi &
  ReplayFeedApi &
  CoinScalesApi;

const WATCHDOG_MS = 250;

const factory = (config: IndicatorConfig) => ({
  main: createIndicatorSeries(config.main, config.periods),
  sub: createIndicatorSeries(config.sub, config.periods),
});

/** The worker's parts, each owning its state; the contract's calls (marketApi) go through them. */
type Parts = {
  clock: Clock;
  deps: MarketDataDeps;
  state: MarketState;
  core: FeedCore;
  line: FeedLine;
  subs: Subscriptions;
  polling: StockPolling;
  wake: WakeLine;
  rest: { options: RestOptions | null };
  replay: ReplayFeedLoader;
};

/** The worker's implementation of the contract; tests call it directly with fakes in `deps`. */
export function createMarketData(deps: MarketDataDeps = {}): WorkerApi {
  const clock = deps.clock ?? systemClock;
  const random = deps.random ?? Math.random;
  const wake = new WakeLine();
  const poke = () => wake.poke();
  const state = new MarketState(DEFAULT_INDICATOR_CONFIG, factory);
  const rest: Parts['rest'] = { options: null };
  const core: FeedCore = new FeedCore(
    state,
    (entry) => subs.onSocket(entry),
    (entry) => subs.resync(entry),
    (message) => {
      line.heard(message);
      subs.answer(message);
      account.handle(message);
    },
  );
  const polled = () => !polling.streaming;
  const line = new FeedLine({ clock, random, stats: core.stats, polled });
  const subs: Subscriptions = new Subscriptions({
    clock,
    random,
    state,
    streams: core.streams,
    line,
    streaming: () => polling.streaming,
    resyncs: () => core.stats.resyncs++,
    rest: () => rest.options,
  });
  const socketOpen = () => line.open;
  const stocks = () => subs.stocks();
  const polling = new StockPolling({
    clock,
    state,
    rest: () => rest.options,
    stocks,
    socketOpen,
    changed: poke,
  });
  const subscribe = subs.subscribe.bind(subs);
  const release = subs.release.bind(subs);
  const scaleOf = subs.scaleOf.bind(subs);
  const send = (text: string) => line.send(text);
  const account = createAccountData({ send, subscribe, release, scaleOf, changed: poke });
  const now = () => line.serverNow();
  const quotes = new OptionQuotesLoader({ now, subscribe, release, changed: poke });
  const { replay, api: replayApi } = replayHalf(clock, rest, account, poke);
  const watchdog = () => {
    const at = clock.now();
    if (line.watch(at)) subs.probe(at);
    clock.setTimeout(watchdog, WATCHDOG_MS);
    // What only time changes (a stream going stale, a poll's answer, a reconnect) reaches a parked
    // page within a watchdog period: at most four pulls a second on a screen with no news.
    poke();
  };
  clock.setTimeout(watchdog, WATCHDOG_MS);

  const parts: Parts = { clock, deps, state, core, line, subs, polling, wake, rest, replay };
  const wakeForHeld = heldBookWake(state, clock, poke);
  const flush = (): MarketPatch | null => {
    wake.pulled();
    const patch: MarketPatch = {};
    let changed = line.feedInto(patch);
    if (subs.healthInto(patch)) changed = true;
    if (state.flushInto(patch, clock.now())) changed = true;
    wakeForHeld();
    if (quotes.flushInto(patch)) changed = true;
    if (account.flushInto(patch)) changed = true;
    // The replay's last: the positions and quotes above read the patch's marks and tickers, never its.
    return replay.flushInto(patch, clock.now()) || changed ? patch : null;
  };
  const calls = wakingCalls(
    { ...marketApi(parts, account), ...account.api, ...replayApi, ...handOvers(quotes, state, subs) },
    poke,
  );
  const setWakePort: WakeApi['setWakePort'] = (port) => wake.setPort(port);
  return Object.assign(calls, { flush, stats: () => ({ ...core.stats }), setWakePort });
}

/**
 * The replay source (./replay-feed.ts, loaded with the first replay) and the calls that reach it; `authenticate` stands for the
 * account half's: the session token goes to the socket's private channels and the replay's reads.
 */
function replayHalf(
  clock: Clock,
  rest: Parts['rest'],
  account: { api: AccountDataApi },
  changed: () => void,
) {
  const config = DEFAULT_INDICATOR_CONFIG;
  const replay = new ReplayFeedLoader({ clock, rest: () => rest.options, factory, config, changed });
  const api: ReplayFeedApi & Pick<AccountDataApi, 'authenticate'> = {
    authenticate(token) {
      account.api.authenticate(token);
      replay.setToken(token);
    },
    followReplay: (id) => replay.followReplay(id),
    refreshReplay: () => replay.refreshReplay(),
  };
  return { replay, api };
}

/**
 * A paced book (setBookView) holds its patch back; the page hears of it when it falls due, not
 * at the next frame or watchdog round. Called after each flush.
 */
function heldBookWake(state: MarketState, clock: Clock, poke: () => void): () => void {
  let pending = 0;
  return () => {
    const due = state.bookHeldUntil();
    if (due === 0 || (pending !== 0 && pending <= due)) return;
    pending = due;
    clock.setTimeout(
      () => {
        if (pending === due) pending = 0;
        poke();
      },
      Math.max(0, due - clock.now()),
    );
  };
}

/** The page's calls that hand a list it holds to one of the worker's parts. */
function handOvers(
  quotes: OptionQuotesLoader,
  state: MarketState,
  subs: Subscriptions,
): OptionQuotesApi & BookViewApi & CoinScalesApi {
  return {
    setOptionQuotes: (list) => quotes.setOptionQuotes(list),
    setBookView: (symbol, view) => state.setBookView(symbol, view),
    setCoinScales: (scales) => subs.setCoinScales(scales),
  };
}

/** The page's calls on the market half. */
function marketApi(
  { deps, state, core, line, subs, polling, wake, rest, replay }: Parts,
  account: { onOpen(): void; onClose(): void },
): Omit<MarketDataApi, 'flush' | 'stats'> {
  return {
    setLocale(locale) {
      if (rest.options) rest.options = { ...rest.options, locale };
    },
    connect(options) {
      rest.options = {
        fetch: deps.fetch ?? fetch.bind(globalThis),
        apiBase: options.apiBase,
        locale: options.locale,
      };
      subs.connected();
      line.connect(options.wsUrl, deps.WebSocket ?? WebSocket, {
        opened: () => {
          polling.socketOpened();
          account.onOpen();
          subs.resnapshotAll();
        },
        closed: () => {
          account.onClose();
          polling.socketClosed();
          subs.resnapshotAll();
        },
        frame: (text) => {
          core.at = line.lastFrame;
          core.frame(text);
          wake.poke();
        },
      });
    },
    subscribe: (topic) => subs.subscribe(topic),
    release: (handle) => subs.release(handle),
    setStreaming(on, every) {
      polling.setInterval(every);
      if (on === polling.streaming) return;
      if (!on) subs.stocksStreaming(false);
      polling.setStreaming(on);
      if (on) subs.stocksStreaming(true);
      line.refreshFeed();
    },
    setIndicators(config) {
      state.setIndicators(config);
      replay.setIndicators(config);
    },
  };
}

/**
 * A call from the page changes what the next patch holds (a new topic's snapshot, indicators,
 * positions to follow): it wakes the page like a frame does.
 */
function wakingCalls<T extends object>(calls: T, poke: () => void): T {
  const out = {} as Record<string, unknown>;
  for (const [name, value] of Object.entries(calls)) {
    if (typeof value !== 'function') continue;
    const call = value as (...args: unknown[]) => unknown;
    out[name] = (...args: unknown[]) => {
      const result = call(...args);
      poke();
      return result;
    };
  }
  return out as T;
}
