import type { MarketStatus } from '../../../domain/protocol/market';
import type { MarketListener, MarketSource } from '../source';
import type { CoinFeed } from './coin-feed';
import { createCoinLinks, STALE_SNAPSHOT_RETRIES } from './coin-links';
import type { BinanceLog, BinanceStats } from './coin-links';
import { readOnlyExecutor } from '../walk-book';
import type { Timers } from './stream-keeper';
import { realTimers } from './stream-keeper';
import type { BinanceTransport } from './transport';

export {
  BINANCE_REST_BASE,
  BINANCE_STREAM_BASE,
  STALE_SNAPSHOT_PAUSE_MS,
  STALE_SNAPSHOT_RETRIES,
} from './coin-links';
export type { BinanceLog, BinanceStats } from './coin-links';

export type BinanceCoinsOptions = {
  /** Binance spot symbols, e.g. BTCUSDT; those exchangeInfo does not list are left out. */
  symbols: string[];
  transport: BinanceTransport;
  clock: { now(): number };
  log?: BinanceLog;
  /** Reconnect and retry timers, and the jitter's randomness: virtual in tests. */
  timers?: Timers;
  random?: () => number;
  /** Stale snapshots fetched again after a short pause before backing off (STALE_SNAPSHOT_RETRIES); 0: back off at once. */
  staleSnapshotRetries?: number;
};

export type BinanceCoins = MarketSource & { stats(): BinanceStats };

const coinMarketStatus = (market: 'BIST' | 'CRYPTO', now: number): MarketStatus => ({
  market,
  state: market === 'CRYPTO' ? 'open' : 'closed',
  open: market === 'CRYPTO',
  nextOpen: null,
  nextClose: null,
  holiday: null,
  ts: now,
});

/**
 * Coins from Binance spot public streams (ticker, trade, kline per interval, 100 ms depth
 * diffs) on one combined stream, republished as our MarketSource: our seq per book, our
 * canonical decimals, our shapes. Market 'coin' only; ../composite.ts adds the stocks.
 */
export function createBinanceCoins(options: BinanceCoinsOptions): BinanceCoins {
  const { clock } = options;
  const timers = options.timers ?? realTimers;
  const feeds = new Map<string, CoinFeed>();
  const listeners = new Set<MarketListener>();
  const stats: BinanceStats = { malformed: 0, snapshots: 0, resyncs: 0, reconnects: 0 };
  const pending = new Set<unknown>();
  let running = false;

  const later = (run: () => void, ms: number) => {
    const handle = timers.setTimeout(() => {
      pending.delete(handle);
      if (running) run();
    }, ms);
    pending.add(handle);
  };
  const links = createCoinLinks({
    ...options,
    timers,
    random: options.random ?? Math.random,
    staleRetries: options.staleSnapshotRetries ?? STALE_SNAPSHOT_RETRIES,
    feeds,
    listeners,
    stats,
    isRunning: () => running,
    later,
  });
  const { loadInfo, openStream, loadKlines } = links;

  const source: BinanceCoins = {
    instruments: () => [...feeds.values()].map((feed) => feed.inst),
    instrument: (symbol) => feeds.get(symbol)?.inst,
    ticker: (symbol) => feeds.get(symbol)?.ticker,
    book(symbol, depth) {
      const feed = feeds.get(symbol);
      if (!feed) return undefined;
      const { bids, asks } = feed.book.levels(depth);
      return { symbol, seq: feed.book.seq, t: feed.book.t || clock.now(), bids, asks };
    },
    trades: (symbol, limit) => (limit > 0 ? (feeds.get(symbol)?.trades.slice(-limit) ?? []) : []),
    // Binance's book is read-only to us: fills take the levels it shows and move nothing.
    execute: readOnlyExecutor(
      (symbol) => source.book(symbol, 1000),
      () => clock.now(),
      'X',
    ),
    /** History loads on an interval's first use; until it lands the answer holds live bars only. */
    candles(symbol, interval, limit, end) {
      const feed = feeds.get(symbol);
      if (!feed) return [];
      const store = feed.candleStore(interval);
      if (store.state === 'empty') loadKlines(feed, interval, store);
      return store.list(limit, end);
    },
    mark: (symbol) => feeds.get(symbol)?.mark,
    status: (market) => coinMarketStatus(market, clock.now()),
    on(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start() {
      if (running) return;
      running = true;
      if (feeds.size === 0) loadInfo();
      else openStream();
    },
    stop() {
      running = false;
      links.stopStream();
      for (const handle of pending) timers.clearTimeout(handle);
      pending.clear();
    },
    stats: () => ({ ...stats }),
  };
  return source;
}
