import type { MarketDataApi } from '../domain/market-data/contract';

/** PLACEHOLDER until the worker lands: an implementation that streams nothing. */
export function createMarketData(): MarketDataApi {
  return {
    connect: () => undefined,
    subscribe: () => 0,
    release: () => undefined,
    setStreaming: () => undefined,
    setIndicators: () => undefined,
    flush: () => null,
    stats: () => ({ messages: 0, malformed: 0, gaps: 0, duplicates: 0, resyncs: 0, reconnects: 0 }),
  };
}
