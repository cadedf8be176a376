import type { ChartBar, Topic } from '../domain/market-data/contract';
import { STOCK_PRICE_SCALE } from '../domain/market/ticks';
import { LevelList, readBars, readLevels, tradeSteps } from '../domain/protocol/stream-codec-frame';
import type { Clock } from './clock';
import type { MarketState } from './market-state';
import type { RestOptions } from './rest';
import type * as RestPoll from './rest-poll';

type Reads = typeof RestPoll;
let reads: Promise<Reads> | null = null;

/** The stock reads and their zod schemas load when polling first starts, not with the worker. */
function loadReads(): Promise<Reads> {
  reads ??= import('./rest-poll');
  return reads;
}

/**
 * Streaming off: every `pollMs` the stock topics are read over REST and written into the same
 * state the stream feeds, so screens can't tell the difference except for the feed state.
 * One round at a time: the next starts `pollMs` after the previous one settled.
 */
export function startPoller(
  clock: Clock,
  pollMs: () => number,
  topics: () => Topic[],
  rest: () => RestOptions | null,
  state: MarketState,
  /** A round's answers are in the state: wakes a parked page (WakeApi). */
  changed: () => void = () => {},
): () => void {
  void loadReads();
  let stopped = false;
  let timer: unknown;
  const round = async () => {
    const options = rest();
    const wanted = topics();
    if (options) await Promise.allSettled(wanted.map((topic) => poll(options, topic, topics, state)));
    if (!stopped && wanted.length > 0) changed();
    if (!stopped) timer = clock.setTimeout(() => void round(), pollMs());
  };
  timer = clock.setTimeout(() => void round(), 0);
  return () => {
    stopped = true;
    clock.clearTimeout(timer);
  };
}

async function poll(options: RestOptions, topic: Topic, live: () => Topic[], state: MarketState) {
  const scale = STOCK_PRICE_SCALE;
  const symbol = topic.symbol;
  // The topic may have been released while the answer was on its way.
  const stillWanted = () => live().includes(topic);
  const { fetchStockBook, fetchStockCandles, fetchStockInfo, fetchStockTrades } = await loadReads();
  switch (topic.kind) {
    case 'ticker': {
      const info = await fetchStockInfo(options, symbol);
      if (!stillWanted()) return;
      state.ticker(
        symbol,
        {
          last: info.price,
          open: info.open,
          high: info.high,
          low: info.low,
          prev: info.prevClose,
          vol: info.volume,
          turnover: info.turnover,
          t: info.ts,
        },
        scale,
      );
      return;
    }
    case 'book': {
      const book = await fetchStockBook(options, symbol);
      if (!stillWanted()) return;
      // A book with a price off the grid is left as it was: the next poll reads it again.
      const levels = new LevelList();
      if (readLevels(book.bids, book.asks, scale, levels)) state.book(symbol, scale).apply(true, levels);
      return;
    }
    case 'trades': {
      const trades = await fetchStockTrades(options, symbol);
      if (stillWanted()) state.tape(symbol, scale).add(trades, tradeSteps(trades, scale));
      return;
    }
    case 'candles': {
      const bars = await fetchStockCandles(options, symbol, topic.interval);
      if (!stillWanted()) return;
      const read: ChartBar[] = [];
      if (!readBars(bars, scale, read)) return;
      const series = state.series(symbol, topic.interval);
      if (series.length === 0) series.load(read);
      else series.update(read);
      return;
    }
    case 'mark':
      return;
  }
}
