import { useEffect } from 'react';
import { transfer, wrap, type Remote } from 'comlink';
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
  WakeApi,
} from '../../domain/market-data/contract';
import type { MarginRules } from '../../domain/contracts/margin';
import { topicKey } from '../../domain/market-data/contract';
import { unpackCandleResets } from '../../domain/market-data/candles-transfer';
import type { IndicatorConfig } from '../../domain/indicators/types';
import { subscribeKey } from 'valtio/utils';
import { applyPatch, market } from '../state/market';
import { get } from '../api/request';
import { handChecked } from '../../domain/protocol/answer-check';
import { prefs } from '../state/prefs';
import { session } from '../state/session';
import { applyPositions } from '../state/positions';
import { deliverPrivateEvents, setPrivateFeedStarter } from './private-events';

/**
 * The main thread's side of the market-data worker: it creates the worker (or takes an
 * in-thread implementation in tests), paces `flush()` at one a frame, PULL_LEAD_MS into it (every
 * 250 ms while the page is hidden, when rAF stops), and applies each patch to valtio state.
 * With the worker's wake line it asks only while there is news: after a pull it parks until the
 * worker says something came (WakeApi), so a screen at rest pulls a few times a second (the
 * worker's health check), not in every frame.
 */
type Api = MarketDataApi | Remote<MarketDataApi>;

let api: Api | null = null;
let pacing = false;
let stopPacing: (() => void) | null = null;

/** The worker's option pricing (the same object); null with an in-thread fake that has none. */
type Quotes = OptionQuotesApi | Remote<OptionQuotesApi>;
let quotes: Quotes | null = null;

/**
 * The worker's wake line, when the implementation has one: pulls stop after a pull that came
 * after no wake, and resume at the next. Null: a pull every frame (in-thread fakes in tests).
 */
let wakeLine: MessagePort | null = null;

/**
 * Uses this implementation instead of a Worker (tests, or an environment without workers).
 * `wake`: give it a wake line (it implements WakeApi) and pace as the app does with its worker.
 */
export function setMarketDataApi(implementation: Api, options: { wake?: boolean } = {}): void {
  stopPacing?.();
  api = implementation;
  pacing = false;
  wakeLine?.close();
  wakeLine = options.wake ? openWakeLine(implementation as unknown as WakeApi) : null;
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

/** An answer taken as it is: only its envelope matters to the caller. */
const UNREAD = handChecked((data: unknown) => data);

/** Everything a patch carries, applied: market state, private events, live positions and quotes. */
function apply(patch: MarketPatch, flush: number): void {
  unpackCandleResets(patch);
  applyPatch(patch);
  if (patch.events) deliverPrivateEvents(patch.events);
  if (patch.positions) applyPositions(patch.positions);
  if (patch.optionQuotes) quoteSink?.(patch.optionQuotes, flush);
  // The socket refused the session (signed out on another device, the password reset there): ask
  // the server now, whose -1000 signs this screen out and says why (api/request.ts). A screen at
  // rest otherwise kept showing the account, live, until the user's next tap.
  // Its answer is not read here (the login info's reader and schema are not the first screen's to
  // download): a session that ended answers -1000, which request() handles.
  if (patch.auth === 'failed')
    void get('/user/login/info', undefined, UNREAD, { silent: true }).catch(() => undefined);
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
  const remote = wrap<MarketDataApi & AccountDataApi & OptionQuotesApi & WakeApi>(worker);
  setAccountDataApi(remote);
  quotes = remote;
  wakeLine = openWakeLine(remote);
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  void remote.connect({
    wsUrl: `${scheme}//${location.host}${WS_PATH}`,
    apiBase: `${location.origin}${API_PREFIX}`,
    locale: prefs.lang,
  });
  subscribeKey(prefs, 'lang', (lang) => void remote.setLocale(lang));
  return remote;
}

/** A channel whose far end the worker posts to when it has news; the near end is returned. */
function openWakeLine(target: WakeApi | Remote<WakeApi>): MessagePort {
  const line = new MessageChannel();
  void target.setWakePort(transfer(line.port2, [line.port2]));
  return line.port1;
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
/** A 60 Hz frame: a wake this soon after a pull waits for the next frame's pull. */
const FRAME_MS = 1_000 / 60;
/**
 * How long a wake waits before its pull: a server tick reaches the worker as a burst of frames
 * (one per subscribed symbol), and the first wakes the page. Pulled at once, that pull took the
 * first frame alone and the rest of the burst waited for the next frame's pull (tick → paint p50
 * 24–34 ms on the Markets tab); pulled BURST_MS later, one patch carries the whole burst.
 */
const BURST_MS = 4;

/**
 * One flush per frame, never two in flight: a slow worker slows the pace instead of queueing.
 * With a wake line, a pull during which no wake came is the last until one does: the worker wakes
 * the page at its first news after a flush (a frame, a call, its 250 ms health check). Measured on
 * the home list: 12 pulls a second instead of 57 (10 of them with a patch either way), and on Mine
 * 5 instead of 60.
 */
function startPacing(target: Api): void {
  pacing = true;
  let stopped = false;
  let inFlight = false;
  let frame = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const line = wakeLine;
  /** Waiting for a wake: no pull is scheduled. */
  let parked = false;
  /** A wake came since the current pull started. */
  let woken = false;
  /** When the last pull started (performance.now()): a wake pulls soon only a frame after it. */
  let pulledAt = -Infinity;
  const pull = async () => {
    if (inFlight || stopped) return;
    inFlight = true;
    woken = false;
    pulledAt = performance.now();
    try {
      const flush = ++flushes;
      const patch = await target.flush();
      if (patch && !stopped) apply(patch, flush);
    } finally {
      inFlight = false;
    }
  };
  const next = () => {
    if (!line) schedule();
    else if (!woken) parked = true;
    else onNews();
  };
  const schedule = () => {
    if (stopped) return;
    if (typeof document !== 'undefined' && document.hidden) {
      timer = setTimeout(() => void pull().finally(next), HIDDEN_PACE_MS);
    } else {
      // The patch is taken late in the frame, not at its start: rAF callbacks run just before the
      // browser paints, so a patch asked for there arrives after that paint and waits a whole
      // frame. Asked for PULL_LEAD_MS into the frame, it is applied in time for the next paint,
      // and a tick reaches the screen about a frame sooner (tick → paint ≤ 33 ms).
      const lead = () => {
        timer = setTimeout(() => void pull().finally(next), PULL_LEAD_MS);
      };
      // A host without frames (a test environment torn down while a pull was in flight, or a
      // DOM-less embed) paces on a timer instead of throwing from the pull's continuation.
      if (typeof requestAnimationFrame === 'function') frame = requestAnimationFrame(lead);
      else timer = setTimeout(lead, FALLBACK_FRAME_MS);
    }
  };
  // News while no pull is scheduled. No frame is running to pull at its PULL_LEAD_MS, and waiting
  // for the next one would add most of a frame to the tick: the news is pulled BURST_MS from now
  // and painted in the next frame (unless a pull went out within this frame: still at most one
  // pull a frame).
  const onNews = () => {
    const hidden = typeof document !== 'undefined' && document.hidden;
    if (hidden || performance.now() - pulledAt < FRAME_MS) schedule();
    else timer = setTimeout(() => void pull().finally(next), BURST_MS);
  };
  if (line)
    line.onmessage = () => {
      woken = true;
      if (!parked) return;
      parked = false;
      onNews();
    };
  schedule();
  stopPacing = () => {
    stopped = true;
    if (line) line.onmessage = null;
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
