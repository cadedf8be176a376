import type { Topic } from '../../domain/market-data/contract';
import { streamKey, type FeedCore, type StreamEntry } from '../../workers/feed-core';
import { StreamSync } from '../../workers/stream-sync';

/**
 * Follows a stock's four public streams (ticker, book, trades, 1m candles) for each symbol, as
 * the worker does once a screen asks for them: a stream entry each, waiting for its snapshot.
 * A null scale is a coin before /coin/infos answered.
 */
export function followStreams(
  core: FeedCore,
  symbols: readonly { symbol: string; scale: number | null }[],
): void {
  for (const { symbol, scale } of symbols) {
    const topics: Topic[] = [
      { kind: 'ticker', market: 'stock', symbol },
      { kind: 'book', market: 'stock', symbol },
      { kind: 'trades', market: 'stock', symbol },
      { kind: 'candles', market: 'stock', symbol, interval: '1m' },
    ];
    for (const topic of topics) {
      const ch = topic.kind === 'candles' ? `candles:${topic.interval}` : topic.kind;
      const entry: StreamEntry = { topic, ch, sync: new StreamSync(), scale };
      core.streams.set(streamKey(ch, symbol), entry);
    }
  }
}
