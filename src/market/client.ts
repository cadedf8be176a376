import { useEffect } from 'react';
import { wrap, type Remote } from 'comlink';
import { API_PREFIX } from '../../domain/protocol/envelope';
import { WS_PATH } from '../../domain/protocol/ws';
import type {
  AccountDataApi,
  LivePositionInput,
  MarketDataApi,
  MarketPatch,
  OptionQuote,
  OptionQuoteInput,
  OptionQuotesApi,
  Topic,
} from '../../domain/market-data/contract';
import type { MarginRules } from '../../domain/contracts/margin';
import { topicKey } from '../../domain/market-data/contract';
import { unpackCandleResets } from '../../domain/market-data/candles-transfer';
import type { IndicatorConfig } from '../../domain/indicators/types';
import { subscribeKey } from 'valtio/utils';
import { applyPatch, market } from '../state/market';
import { prefs } from '../state/prefs';
import { session } from '../state/session';
import { applyPositions } from '../state/positions';
import { deliverPrivateEvents, setPrivateFeedStarter } from './private-events';

/**
 * The main thread's side of the market-data worker: it creates the worker (or takes an
 * in-thread implementation in tests), paces `flush()` at one a frame, PULL_LEAD_MS into it (every
 * 250 ms while the page is hidden, when rAF stops), and applies each patch to valtio state.
 */
type Api = MarketDataApi | Remote<MarketDataApi>;

let api: Api | null = null;
let pacing = false;
let stopPacing: (() => void) | null = null;

/** The worker's option pricing (the same object); null with an in-thread fake that has none. */
type Quotes = OptionQuotesApi | Remote<OptionQuotesApi>;
let quotes: Quotes | null = null;

/** Uses this implementation instead of a Worker (tests, or an environment without workers). */
export function setMarketDataApi(implementation: Api): void {
  stopPacing?.();
  api = implementation;
  pacing = false;
  const maybe = implementation as Api & Partial<OptionQuotesApi>;
  quotes = typeof maybe.setOptionQuotes === 'function' ? (maybe as Quotes) : null;
}

/** The worker's signed-in half (the same worker object); null with an in-thread market fake. */
type Account = AccountDataApi | Remote<AccountDataApi>;
let account: Account | null = null;
let stopSessionWatch: (() => void) | null = null;

/** Uses this implementation for the signed-in half (tests); it is told the session token at once. */
export function setAccountDataApi(implementation: Account | null): void {
  account = implementation;
  stopSessionWatch?.();
  stopSessionWatch = null;
  if (!implementation) return;
  // The socket speaks for whoever is signed in: a sign-in, sign-out or account switch re-auths.
  const auth = () => void implementation.authenticate(session.userToken || null);
  auth();
  stopSessionWatch = subscribeKey(session, 'userToken', auth);
}

/** Flushes asked for so far; a patch is numbered by the flush that brought it. */
let flushes = 0;
type QuoteSink = (changes: Record<string, OptionQuote | null>, flush: number) => void;
/** The options screens' handler (src/market/option-quotes.ts), set when they first load. */
let quoteSink: QuoteSink | null = null;

/** Everything a patch carries, applied: market state, private events, live positions and quotes. */
function apply(patch: MarketPatch, flush: number): void {
  unpackCandleResets(patch);
  applyPatch(patch);
  if (patch.events) deliverPrivateEvents(patch.events);
  if (patch.positions) applyPositions(patch.positions);
  if (patch.optionQuotes) quoteSink?.(patch.optionQuotes, flush);
}

/**
 * The options screens' line to the worker's pricing: the patches' quotes go to `sink` with their
 * flush number; the function returned replaces the priced list (setOptionQuotes) and answers how
 * many flushes were asked for before it (any of those may still carry the previous list's quotes).
 */
export function optionQuotesLine(sink: QuoteSink): (list: OptionQuoteInput[]) => number {
  quoteSink = sink;
  return (list) => {
    marketApi();
    void quotes?.setOptionQuotes(list);
    return flushes;
  };
}

/** Keeps these open positions' figures live (worker: setContractPositions); [] stops. */
export function followContractPositions(list: LivePositionInput[], rules: MarginRules): void {
  marketApi();
  void account?.setContractPositions(list, rules);
}

// A screen that listens to private events needs the worker running.
setPrivateFeedStarter(() => void marketApi());

function defaultApi(): Api {
  const worker = new Worker(new URL('../../workers/market.worker.ts', import.meta.url), { type: 'module' });
  const remote = wrap<MarketDataApi & AccountDataApi & OptionQuotesApi>(worker);
  setAccountDataApi(remote);
  quotes = remote;
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  void remote.connect({
    wsUrl: `${scheme}//${location.host}${WS_PATH}`,
    apiBase: `${location.origin}${API_PREFIX}`,
    locale: prefs.lang,
  });
  subscribeKey(prefs, 'lang', (lang) => void remote.setLocale(lang));
  return remote;
}

function marketApi(): Api {
  const target = startMarketWorker();
  if (!market.started) market.started = true;
  if (!pacing) startPacing(target);
  return target;
}

/**
 * Starts the worker and its socket without subscribing to anything. The app calls it at boot, so
 * the worker's script downloads and the socket opens while the first screen renders, instead of
 * after its first commit (when `useTopic` would start them): live figures appear one round trip
 * sooner on a phone.
 */
export function startMarketWorker(): Api {
  if (api) return api;
  api = defaultApi();
  applyPollInterval();
  return api;
}

const HIDDEN_PACE_MS = 250;
/** How far into a 60 Hz frame the patch is asked for: late enough to be fresh, early enough to paint. */
const PULL_LEAD_MS = 9;
/** A 60 Hz frame, for hosts that have no requestAnimationFrame. */
const FALLBACK_FRAME_MS = 16;

/** One flush per frame, never two in flight: a slow worker slows the pace instead of queueing. */
function startPacing(target: Api): void {
  pacing = true;
  let stopped = false;
  let inFlight = false;
  let frame = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const pull = async () => {
    if (inFlight || stopped) return;
    inFlight = true;
    try {
      const flush = ++flushes;
      const patch = await target.flush();
      if (patch && !stopped) apply(patch, flush);
    } finally {
      inFlight = false;
    }
  };
  const schedule = () => {
    if (stopped) return;
    if (typeof document !== 'undefined' && document.hidden) {
      timer = setTimeout(() => void pull().then(schedule), HIDDEN_PACE_MS);
    } else {
      // The patch is taken late in the frame, not at its start: rAF callbacks run just before the
      // browser paints, so a patch asked for there arrives after that paint and waits a whole
      // frame. Asked for PULL_LEAD_MS into the frame, it is applied in time for the next paint,
      // and a tick reaches the screen about a frame sooner (issue 18: tick → paint ≤ 33 ms).
      const next = () => {
        timer = setTimeout(() => void pull().then(schedule), PULL_LEAD_MS);
      };
      // A host without frames (a test environment torn down while a pull was in flight, or a
      // DOM-less embed) paces on a timer instead of throwing from the pull's continuation.
      if (typeof requestAnimationFrame === 'function') frame = requestAnimationFrame(next);
      else timer = setTimeout(next, FALLBACK_FRAME_MS);
    }
  };
  schedule();
  stopPacing = () => {
    stopped = true;
    if (typeof cancelAnimationFrame === 'function') cancelAnimationFrame(frame);
    clearTimeout(timer);
    pacing = false;
  };
}

/** Stops the frame loop; a test file ends with it so no pull outlives its environment. */
export function stopMarketPacing(): void {
  stopPacing?.();
}

/** Pulls one patch now (tests drive frames by hand). */
export async function flushMarketData(): Promise<void> {
  const target = marketApi();
  const flush = ++flushes;
  const patch = await target.flush();
  if (patch) apply(patch, flush);
}

/** Keeps a topic live while the calling component is mounted; null subscribes to nothing. */
export function useTopic(topic: Topic | null): void {
  const key = topic ? topicKey(topic) : null;
  useEffect(() => {
    if (!topic) return;
    const target = marketApi();
    let handle: number | null = null;
    let released = false;
    void Promise.resolve(target.subscribe(topic)).then((h) => {
      if (released) void target.release(h);
      else handle = h;
    });
    return () => {
      released = true;
      if (handle !== null) void target.release(handle);
    };
    // The key captures the topic's identity; a new object with the same key is the same topic.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
}

export function setIndicatorConfig(config: IndicatorConfig): void {
  void marketApi().setIndicators(config);
}

/**
 * How often each mounted screen wants stocks re-read over REST when the stream can't carry them
 * (the worker falls back to polling while the socket stays down); the most eager screen wins.
 */
const pollIntervals = new Map<number, number>();
let nextPollId = 1;
const DEFAULT_POLL_MS = 5_000;

function applyPollInterval(): void {
  if (!api) return; // nothing streams yet; marketApi() applies it when the worker starts
  void api.setStreaming(true, Math.min(DEFAULT_POLL_MS, ...pollIntervals.values()));
}

/** Declares this screen's polling interval while it is mounted. */
export function usePollInterval(ms: number): void {
  useEffect(() => {
    const id = nextPollId++;
    pollIntervals.set(id, ms);
    applyPollInterval();
    return () => {
      pollIntervals.delete(id);
      applyPollInterval();
    };
  }, [ms]);
}
