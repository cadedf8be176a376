import { proxy, ref } from 'valtio';
import { noteTickerChange } from '../services/render-stats';
import {
  BARS_KEPT,
  type BookPatch,
  type CandlesPatch,
  type ChartBar,
  type IndicatorLines,
  type FeedStatus,
  type LevelChanges,
  type MarketPatch,
  type MarkView,
  type StreamHealth,
  type TickerView,
  type TradeView,
} from '../../domain/market-data/contract';

/**
 * Live market state, fed only by the worker's patches (src/market/client.ts). Components read
 * keyed leaves (`market.tickers[symbol].last`, `market.books[symbol].bidQty[price]`), so a patch
 * re-renders only the cells whose leaves it changed (ARCHITECTURE rule 7). Candle series are
 * big and stay out of valtio: charts listen to them directly (`onCandles`).
 */
export type BookState = {
  bids: string[];
  asks: string[];
  bidQty: Record<string, string>;
  askQty: Record<string, string>;
  state: 'live' | 'resyncing';
};

/** How many trades a tape keeps. */
export const TAPE_LENGTH = 50;

export const market = proxy({
  /** False until a screen first asks for live data: an idle feed is neither live nor connecting. */
  started: false,
  feed: { state: 'connecting', since: 0 } as FeedStatus,
  /**
   * Each followed stream's health by topicKey (`ticker|THYAO`): the worker posts it only when it
   * flips, so a figure that reads its stream's leaf re-renders on a flip, never per tick or second.
   */
  streams: {} as Record<string, StreamHealth>,
  tickers: {} as Record<string, TickerView>,
  marks: {} as Record<string, MarkView>,
  books: {} as Record<string, BookState>,
  /** Each tape is replaced whole on change (small, newest first). */
  trades: {} as Record<string, { list: readonly TradeView[] }>,
});

type CandleListener = (patch: CandlesPatch) => void;
const candleListeners = new Map<string, Set<CandleListener>>();
/** The last full series per key, so a chart mounted later starts from it. */
const candleSeries = new Map<string, NonNullable<CandlesPatch['reset']>>();

/** Listens to one candle series (candleKey); called at once with the series so far, if any. */
export function onCandles(key: string, listener: CandleListener): () => void {
  const set = candleListeners.get(key) ?? new Set();
  candleListeners.set(key, set);
  set.add(listener);
  const current = candleSeries.get(key);
  if (current) listener({ reset: current });
  return () => {
    set.delete(listener);
    // Only this set: a second call after it emptied must not drop a newer chart's listeners.
    if (set.size === 0 && candleListeners.get(key) === set) candleListeners.delete(key);
  };
}

/**
 * The page's copy of a candle series (BARS_KEPT bars at most), or undefined: what a chart that
 * has drawn more than that redraws from.
 */
export function candlesNow(key: string): Readonly<NonNullable<CandlesPatch['reset']>> | undefined {
  return candleSeries.get(key);
}

function applyBook(symbol: string, patch: BookPatch): void {
  let book = market.books[symbol];
  if (!book || patch.reset) {
    market.books[symbol] = { bids: [], asks: [], bidQty: {}, askQty: {}, state: 'live' };
    book = market.books[symbol];
  }
  if (patch.bidQty) applyLevels(book.bidQty, patch.bidQty);
  if (patch.askQty) applyLevels(book.askQty, patch.askQty);
  if (patch.bids) book.bids = patch.bids;
  if (patch.asks) book.asks = patch.asks;
  if (patch.state && patch.state !== book.state) book.state = patch.state;
}

function applyLevels(target: Record<string, string>, changes: LevelChanges): void {
  for (let i = 0; i + 1 < changes.length; i += 2) {
    const price = changes[i];
    const qty = changes[i + 1];
    if (typeof price !== 'string') continue;
    if (qty === null || qty === undefined) delete target[price];
    else if (target[price] !== qty) target[price] = qty;
  }
}

function mergeBar(bars: ChartBar[], bar: ChartBar): void {
  const last = bars[bars.length - 1];
  if (last && last.time === bar.time) bars[bars.length - 1] = bar;
  else if (!last || bar.time > last.time) bars.push(bar);
}

function mergeLines(target: IndicatorLines, changes: IndicatorLines | undefined): void {
  if (!changes) return;
  for (const name in changes) {
    const points = (target[name] ??= []);
    for (const point of changes[name]!) {
      const last = points[points.length - 1];
      if (last && last.time === point.time) points[points.length - 1] = point;
      else if (!last || point.time > last.time) points.push(point);
    }
  }
}

function copyLines(lines: IndicatorLines): IndicatorLines {
  const copy: IndicatorLines = {};
  for (const name in lines) copy[name] = [...lines[name]!];
  return copy;
}

/**
 * The worker keeps BARS_KEPT bars of a series: so does our copy, or a chart left open all day
 * would hold every bar since it opened (and a chart mounted later would start from all of them).
 */
function trimSeries(series: NonNullable<CandlesPatch['reset']>): void {
  const drop = series.bars.length - BARS_KEPT;
  if (drop <= 0) return;
  series.bars.splice(0, drop);
  const first = series.bars[0]!.time;
  for (const lines of [series.main, series.sub]) {
    for (const name in lines) {
      const points = lines[name]!;
      let stale = 0;
      while (stale < points.length && points[stale]!.time < first) stale++;
      if (stale > 0) points.splice(0, stale);
    }
  }
}

function applyCandles(key: string, patch: CandlesPatch): void {
  // The stored series is our own copy: the patch's arrays belong to its sender (an in-thread
  // worker in tests keeps using them), and a chart mounted later must start from the latest
  // bars and indicator points.
  if (patch.reset) {
    const { bars, main, sub } = patch.reset;
    candleSeries.set(key, ref({ bars: [...bars], main: copyLines(main), sub: copyLines(sub) }));
  } else {
    const series = candleSeries.get(key);
    if (series) {
      for (const bar of patch.bars ?? []) mergeBar(series.bars, bar);
      mergeLines(series.main, patch.main);
      mergeLines(series.sub, patch.sub);
      trimSeries(series);
    }
  }
  for (const listener of candleListeners.get(key) ?? []) listener(patch);
}

/**
 * The worker dropped a topic nobody holds any more (`streams[key]: null`, after its teardown
 * delay): a candle series goes with it, or every symbol and interval charted in a session would
 * stay here, up to BARS_KEPT bars and their indicator points each. Holding it again brings a
 * fresh snapshot.
 */
/**
 * A stream no longer followed: its state goes with the worker's, so a screen that follows it
 * again shows its loading state until the new snapshot instead of the book or tape left over
 * from the last time, which may be minutes old.
 */
function forgetStream(topic: string): void {
  const bar = topic.indexOf('|');
  const kind = topic.slice(0, bar);
  const rest = topic.slice(bar + 1);
  if (kind === 'book') delete market.books[rest];
  else if (kind === 'trades') delete market.trades[rest];
  else if (kind === 'candles' && !candleListeners.has(rest)) candleSeries.delete(rest);
}

/** Applies one worker patch; only changed leaves are written, so untouched cells keep their snapshot. */
export function applyPatch(patch: MarketPatch): void {
  if (patch.feed && (patch.feed.state !== market.feed.state || patch.feed.since !== market.feed.since))
    market.feed = patch.feed;
  if (patch.streams) {
    for (const key in patch.streams) {
      const health = patch.streams[key];
      if (health) market.streams[key] = health;
      else {
        delete market.streams[key];
        forgetStream(key);
      }
    }
  }
  if (patch.tickers) {
    for (const symbol in patch.tickers) {
      const changes = patch.tickers[symbol]!;
      noteTickerChange(symbol, changes);
      const ticker = market.tickers[symbol];
      if (!ticker) {
        market.tickers[symbol] = changes as TickerView;
        continue;
      }
      for (const name in changes) {
        const key = name as keyof TickerView;
        if (ticker[key] !== changes[key]) (ticker as Record<string, unknown>)[key] = changes[key];
      }
    }
  }
  if (patch.marks) for (const symbol in patch.marks) market.marks[symbol] = patch.marks[symbol]!;
  if (patch.books) for (const symbol in patch.books) applyBook(symbol, patch.books[symbol]!);
  if (patch.trades) {
    for (const symbol in patch.trades) {
      const { reset, add } = patch.trades[symbol]!;
      const before = reset ? [] : (market.trades[symbol]?.list ?? []);
      market.trades[symbol] = { list: ref([...add, ...before].slice(0, TAPE_LENGTH)) };
    }
  }
  if (patch.candles) for (const key in patch.candles) applyCandles(key, patch.candles[key]!);
}

/** Forget everything (tests; a language or server change). */
export function resetMarket(): void {
  market.started = false;
  market.feed = { state: 'connecting', since: 0 };
  market.streams = {};
  market.tickers = {};
  market.marks = {};
  market.books = {};
  market.trades = {};
  candleSeries.clear();
}
