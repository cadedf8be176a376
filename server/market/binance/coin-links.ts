import type { Interval } from '../../../domain/market/instrument';
import { INTERVALS } from '../../../domain/market/instrument';
import type { MarketEvent, MarketListener } from '../source';
import type { CandleStore } from './candle-store';
import { CoinFeed, symbolOf } from './coin-feed';
import type { FeedContext } from './coin-feed';
import { coinInstrument } from './instruments';
import { gridLevels, ourCandle } from './normalise';
import { parseDepthSnapshot, parseExchangeInfo, parseKlines, parseStreamFrame } from './parse';
import type { Timers } from './stream-keeper';
import { backoffMs, keepStream } from './stream-keeper';
import type { BinanceTransport } from './transport';

export const BINANCE_STREAM_BASE = 'wss://stream.binance.com:9443';
export const BINANCE_REST_BASE = 'https://api.binance.com';

export type BinanceLog = { info(message: string): void; warn(message: string): void };
export type BinanceStats = { malformed: number; snapshots: number; resyncs: number; reconnects: number };

const KLINES_LIMIT = 500;
/**
 * A snapshot older than the buffered diffs is the normal race of Binance's sync procedure (the
 * REST book lags the stream), not a failure: it is fetched again after a short fixed pause, up
 * to this many times in a row; only then does the backoff of a failed request take over, so a
 * REST book that never catches up cannot spin (depth?limit=1000 weighs 50 of 6,000 a minute).
 */
export const STALE_SNAPSHOT_RETRIES = 3;
export const STALE_SNAPSHOT_PAUSE_MS = 200;
const SNAPSHOT_LIMIT = 1000;

type LinkDeps = {
  symbols: readonly string[];
  transport: BinanceTransport;
  clock: { now(): number };
  log?: BinanceLog;
  timers: Timers;
  random: () => number;
  staleRetries: number;
  feeds: Map<string, CoinFeed>;
  listeners: Set<MarketListener>;
  stats: BinanceStats;
  isRunning: () => boolean;
  /** Runs after ms unless the source stopped meanwhile. */
  later: (run: () => void, ms: number) => void;
};

/** The REST side: a book's depth snapshot (fetched again while it is older than the stream) and a bar history. */
function createCoinRest(deps: LinkDeps & { malformed: (what: string) => void }) {
  const { transport, log, random, staleRetries, stats, later, malformed } = deps;
  const running = () => deps.isRunning();

  function requestSnapshot(feed: CoinFeed): void {
    const gen = ++feed.snapshotGen;
    stats.snapshots++;
    const url = `${BINANCE_REST_BASE}/api/v3/depth?symbol=${feed.inst.symbol}&limit=${SNAPSHOT_LIMIT}`;
    const retry = () => later(() => requestSnapshot(feed), backoffMs(feed.snapshotAttempt++, random));
    transport.getJson(url).then(
      (json) => {
        if (!running() || gen !== feed.snapshotGen) return;
        const snap = parseDepthSnapshot(json);
        const bids = snap && gridLevels(snap.bids, feed.inst);
        const asks = snap && gridLevels(snap.asks, feed.inst);
        if (!snap || !bids || !asks) {
          malformed('depth snapshot');
          return retry();
        }
        const outcome = feed.book.snapshot({ lastUpdateId: snap.lastUpdateId, bids, asks });
        // The snapshot is older than the buffered stream (or than a gap in it): take another
        // now, while the buffer is short. Waiting out a backoff buffers more events, which
        // under frame loss are likelier to hold another gap.
        if (outcome.kind === 'retry') {
          if (feed.staleSnapshots >= staleRetries) {
            feed.staleSnapshots = 0;
            return retry();
          }
          feed.staleSnapshots++;
          return later(() => requestSnapshot(feed), STALE_SNAPSHOT_PAUSE_MS);
        }
        feed.snapshotAttempt = 0;
        feed.staleSnapshots = 0;
        if (outcome.change) feed.publishBook(outcome.change);
      },
      (error: unknown) => {
        if (!running() || gen !== feed.snapshotGen) return;
        log?.warn(`binance: depth snapshot of ${feed.inst.symbol} failed (${String(error)})`);
        retry();
      },
    );
  }

  function loadKlines(feed: CoinFeed, interval: Interval, store: CandleStore): void {
    if (store.state === 'loading') return;
    store.state = 'loading';
    const { symbol } = feed.inst;
    const url = `${BINANCE_REST_BASE}/api/v3/klines?symbol=${symbol}&interval=${interval}&limit=${KLINES_LIMIT}`;
    transport.getJson(url).then(
      (json) => {
        const bars = parseKlines(json)?.map((raw) => ourCandle(raw, feed.inst));
        if (!bars || bars.some((bar) => bar === null)) {
          store.state = 'empty';
          return malformed('klines answer');
        }
        store.history(bars.filter((bar) => bar !== null));
      },
      (error: unknown) => {
        store.state = 'empty';
        log?.warn(`binance: klines ${symbol} ${interval} failed (${String(error)})`);
      },
    );
  }

  return { requestSnapshot, loadKlines };
}

/**
 * Binance's side of the coin source: the exchangeInfo that names the feeds, the combined stream
 * that feeds them, and the REST depth snapshots and klines that fill them in.
 */
export function createCoinLinks(deps: LinkDeps) {
  const { transport, clock, log, timers, random, feeds, listeners, stats, later } = deps;
  const running = () => deps.isRunning();
  let keeper: { start(): void; stop(): void } | null = null;
  let infoAttempt = 0;
  const rest = createCoinRest({ ...deps, malformed: (what) => ctx.malformed(what) });

  const ctx: FeedContext = {
    emit(event: MarketEvent) {
      for (const listener of listeners) listener(event);
    },
    now: () => clock.now(),
    malformed(what) {
      stats.malformed++;
      if (stats.malformed <= 5 || stats.malformed % 1000 === 0)
        log?.warn(`binance: dropped a malformed ${what} (${stats.malformed} so far)`);
    },
    resync(feed) {
      stats.resyncs++;
      log?.info(`binance: ${feed.inst.symbol} book gap; resnapshot`);
      rest.requestSnapshot(feed);
    },
  };

  function loadInfo(): void {
    const list = encodeURIComponent(JSON.stringify(deps.symbols));
    transport
      .getJson(`${BINANCE_REST_BASE}/api/v3/exchangeInfo?symbols=${list}`)
      .then((json) => {
        if (!running()) return;
        const facts = parseExchangeInfo(json);
        if (!facts) throw new Error('exchangeInfo answer is not understood');
        for (const symbol of deps.symbols) {
          const fact = facts.find((f) => f.symbol === symbol);
          if (fact) feeds.set(symbol, new CoinFeed(coinInstrument(fact), ctx));
          else log?.warn(`binance: ${symbol} is not listed; left out`);
        }
        openStream();
      })
      .catch((error: unknown) => {
        log?.warn(`binance: exchangeInfo failed (${String(error)}); retrying`);
        later(loadInfo, backoffMs(infoAttempt++, random));
      });
  }

  function openStream(): void {
    const names = [...feeds.keys()].flatMap((symbol) => {
      const s = symbol.toLowerCase();
      return [`${s}@ticker`, `${s}@trade`, `${s}@depth@100ms`, ...INTERVALS.map((i) => `${s}@kline_${i}`)];
    });
    const url = `${BINANCE_STREAM_BASE}/stream?streams=${names.join('/')}`;
    keeper = keepStream(url, transport, timers, random, {
      onOpen(reconnect) {
        if (reconnect) stats.reconnects++;
        for (const feed of feeds.values()) {
          feed.book.reset();
          rest.requestSnapshot(feed);
          // Bars printed while we were away: take the used intervals' history again.
          if (reconnect) for (const [interval, store] of feed.candles) rest.loadKlines(feed, interval, store);
        }
      },
      onMessage(text) {
        const event = parseStreamFrame(text);
        const feed = event && feeds.get(symbolOf(event));
        if (!event || !feed) return ctx.malformed('stream frame');
        feed.onEvent(event);
      },
      onDown: (reason) => log?.info(`binance: stream down (${reason}); reconnecting`),
    });
    keeper.start();
  }

  function stopStream(): void {
    keeper?.stop();
    keeper = null;
  }

  return { loadInfo, openStream, stopStream, loadKlines: rest.loadKlines };
}
