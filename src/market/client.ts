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
  WakeApi,
} from '../../domain/market-data/contract';
import type { MarginRules } from '../../domain/contracts/margin';
import type { BookView, BookViewApi } from '../../domain/market-data/book-view';
import type { CoinScalesApi } from '../../domain/market-data/coin-scales';
import { unpackCandleResets } from '../../domain/market-data/candles-transfer';
import type { IndicatorConfig } from '../../domain/indicators/types';
import { subscribeKey } from 'valtio/utils';
import { applyPatch, market } from '../state/market';
import { call } from '../api/call';
import { firstLoad } from '../../domain/protocol/first-load-endpoints';
import { prefs } from '../state/prefs';
import { session } from '../state/session';
import { applyPositions } from '../state/positions';
import { deliverPrivateEvents } from './private-events';
import { deliverReplay } from './replay-feed';
import { marketWorker, registerMarketClient } from './client-start';
import { Pacer } from './pacing';
import { openWakeLine } from './wake-line';

type Api = MarketDataApi | Remote<MarketDataApi>;
/** The worker's option pricing (the same object); null with an in-thread fake that has none. */
type Quotes = OptionQuotesApi | Remote<OptionQuotesApi>;
/** The worker's signed-in half (the same worker object); null with an in-thread market fake. */
type Account = AccountDataApi | Remote<AccountDataApi>;
type QuoteSink = (changes: Record<string, OptionQuote | null>, flush: number) => void;

const DEFAULT_POLL_MS = 5_000;

/**
 * The main thread's side of the market-data worker: it creates the worker (or takes an
 * in-thread implementation in tests), paces its flushes (pacing.ts) and applies each patch to
 * valtio state. One instance; this module loads as the worker starts (client-start.ts).
 */
export class MarketClient {
  private api: Api | null = null;
  private pacer: Pacer | null = null;
  private quotes: Quotes | null = null;
  /**
   * The worker's wake line, when the implementation has one: pulls stop after a pull that came
   * after no wake, and resume at the next. Null: a pull every frame (in-thread fakes in tests).
   */
  private wakeLine: MessagePort | null = null;
  private account: Account | null = null;
  private stopSessionWatch: (() => void) | null = null;
  /** Flushes asked for so far; a patch is numbered by the flush that brought it. */
  private flushes = 0;
  /** The options screens' handler (src/market/option-quotes.ts), set when they first load. */
  private quoteSink: QuoteSink | null = null;
  /**
   * How often each mounted screen wants stocks re-read over REST when the stream can't carry them
   * (the worker falls back to polling while the socket stays down); the most eager screen wins.
   */
  private readonly pollIntervals = new Map<number, number>();
  private nextPollId = 1;
  /** Price scales read before the worker started (coinScales). */
  private pendingScales: Record<string, number> | null = null;

  /**
   * Uses this implementation instead of a Worker (tests, or an environment without workers).
   * `wake`: give it a wake line (it implements WakeApi) and pace as the app does with its worker.
   */
  use(implementation: Api, options: { wake?: boolean } = {}): void {
    this.stopPacing();
    this.api = implementation;
    this.wakeLine?.close();
    this.wakeLine = options.wake ? openWakeLine(implementation as unknown as WakeApi) : null;
    const maybe = implementation as Api & Partial<OptionQuotesApi>;
    this.quotes = typeof maybe.setOptionQuotes === 'function' ? (maybe as Quotes) : null;
    this.givePendingScales();
  }

  /** Uses this implementation for the signed-in half; it is told the session token at once. */
  useAccount(implementation: Account | null): void {
    this.account = implementation;
    this.stopSessionWatch?.();
    this.stopSessionWatch = null;
    if (!implementation) return;
    // The socket speaks for whoever is signed in: a sign-in, sign-out or account switch re-auths.
    const auth = () => void implementation.authenticate(session.userToken || null);
    auth();
    this.stopSessionWatch = subscribeKey(session, 'userToken', auth);
  }

  /** Starts the worker and its socket without subscribing to anything. */
  start(): Api {
    if (this.api) return this.api;
    this.api = this.createWorker();
    this.applyPollInterval();
    this.givePendingScales();
    return this.api;
  }

  private givePendingScales(): void {
    const scales = this.pendingScales;
    this.pendingScales = null;
    if (scales) this.coinScales(scales);
  }

  /** The running implementation, paced: what a screen's call goes to. */
  running(): Api {
    const target = this.start();
    if (!market.started) market.started = true;
    this.pacer ??= new Pacer(target, this.wakeLine, (pull) => this.take(pull));
    return target;
  }

  stopPacing(): void {
    this.pacer?.stop();
    this.pacer = null;
  }

  /** Pulls one patch now (tests drive frames by hand). */
  flushNow(): Promise<void> {
    const target = this.running();
    return this.take(() => Promise.resolve(target.flush()));
  }

  quoteLine(sink: QuoteSink): (list: OptionQuoteInput[]) => number {
    this.quoteSink = sink;
    return (list) => {
      this.running();
      void this.quotes?.setOptionQuotes(list);
      return this.flushes;
    };
  }

  followPositions(list: LivePositionInput[], rules: MarginRules): void {
    this.running();
    void this.account?.setContractPositions(list, rules);
  }

  /** A book's grouping and pace (the worker's setBookView); an in-thread fake without it shows every level. */
  bookView(symbol: string, view: BookView): void {
    const target = this.running() as Api & Partial<BookViewApi>;
    if (typeof target.setBookView === 'function') void target.setBookView(symbol, view);
  }

  /**
   * The pairs' price scales the page read (coin-scales.ts); the worker is not started for them.
   * Read before it has started (it starts after the first screen's largest paint), they are kept
   * and given to it as it starts, so it does not ask the broker for them again.
   */
  coinScales(scales: Record<string, number>): void {
    const target = this.api as (Api & Partial<CoinScalesApi>) | null;
    if (target === null) this.pendingScales = { ...this.pendingScales, ...scales };
    else if (typeof target.setCoinScales === 'function') void target.setCoinScales(scales);
  }

  /** Declares a polling interval until the function returned is called. */
  pollEvery(ms: number): () => void {
    const id = this.nextPollId++;
    this.pollIntervals.set(id, ms);
    this.applyPollInterval();
    return () => {
      this.pollIntervals.delete(id);
      this.applyPollInterval();
    };
  }

  private async take(pull: () => Promise<MarketPatch | null>): Promise<void> {
    const flush = ++this.flushes;
    const patch = await pull();
    if (patch) this.apply(patch, flush);
  }

  /** Everything a patch carries, applied: market state, private events, live positions and quotes. */
  private apply(patch: MarketPatch, flush: number): void {
    unpackCandleResets(patch);
    applyPatch(patch);
    if (patch.events) deliverPrivateEvents(patch.events);
    if (patch.replay) deliverReplay(patch.replay);
    if (patch.positions) applyPositions(patch.positions);
    if (patch.optionQuotes) this.quoteSink?.(patch.optionQuotes, flush);
    // The socket refused the session (signed out on another device, the password reset there):
    // ask the server now, whose -1000 signs this screen out and says why (api/request.ts). A
    // screen at rest otherwise kept showing the account, live, until the user's next tap.
    // Its answer is not used here: a session that ended answers -1000, which call() handles.
    if (patch.auth === 'failed') void call(firstLoad.loginInfo, {}, { silent: true }).catch(() => undefined);
  }

  private createWorker(): Api {
    const remote = wrap<MarketDataApi & AccountDataApi & OptionQuotesApi & WakeApi & BookViewApi>(
      marketWorker(),
    );
    this.useAccount(remote);
    this.quotes = remote;
    this.wakeLine = openWakeLine(remote);
    const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
    void remote.connect({
      wsUrl: `${scheme}//${location.host}${WS_PATH}`,
      apiBase: `${location.origin}${API_PREFIX}`,
      locale: prefs.lang,
    });
    subscribeKey(prefs, 'lang', (lang) => void remote.setLocale(lang));
    return remote;
  }

  private applyPollInterval(): void {
    if (!this.api) return; // nothing streams yet; start() applies it when the worker starts
    void this.api.setStreaming(true, Math.min(DEFAULT_POLL_MS, ...this.pollIntervals.values()));
  }
}

/** The app's one client. */
export const marketClient = new MarketClient();

registerMarketClient(marketClient);

/** See MarketClient.use. */
export function setMarketDataApi(implementation: Api, options: { wake?: boolean } = {}): void {
  marketClient.use(implementation, options);
}

/** See MarketClient.useAccount. */
export function setAccountDataApi(implementation: Account | null): void {
  marketClient.useAccount(implementation);
}

/**
 * The options screens' line to the worker's pricing: the patches' quotes go to `sink` with their
 * flush number; the function returned replaces the priced list (setOptionQuotes) and answers how
 * many flushes were asked for before it (any of those may still carry the previous list's quotes).
 */
export function optionQuotesLine(sink: QuoteSink): (list: OptionQuoteInput[]) => number {
  return marketClient.quoteLine(sink);
}

/** Groups and paces a symbol's book in the worker (MarketClient.bookView). */
export function setBookView(symbol: string, view: BookView): void {
  marketClient.bookView(symbol, view);
}

/** Keeps these open positions' figures live (worker: setContractPositions); [] stops. */
export function followContractPositions(list: LivePositionInput[], rules: MarginRules): void {
  marketClient.followPositions(list, rules);
}

/** Stops the frame loop; a test file ends with it so no pull outlives its environment. */
export function stopMarketPacing(): void {
  marketClient.stopPacing();
}

/** Pulls one patch now (tests drive frames by hand). */
export function flushMarketData(): Promise<void> {
  return marketClient.flushNow();
}

/** See client-start.ts: the one way to keep a topic live, whether this module has loaded yet or not. */
export { useTopic } from './client-start';

export function setIndicatorConfig(config: IndicatorConfig): void {
  void marketClient.running().setIndicators(config);
}

/** Declares this screen's polling interval while it is mounted. */
export function usePollInterval(ms: number): void {
  useEffect(() => marketClient.pollEvery(ms), [ms]);
}
