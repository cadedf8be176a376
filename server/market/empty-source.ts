import type { MarketSource } from './source';

/** A source with no instruments (a transitional stand-in; deleted once the simulator is wired). */
export function emptySource(): MarketSource {
  return {
    instruments: () => [],
    instrument: () => undefined,
    ticker: () => undefined,
    book: () => undefined,
    trades: () => [],
    candles: () => [],
    mark: () => undefined,
    status: (market) => ({
      market,
      state: 'always_open',
      open: true,
      nextOpen: null,
      nextClose: null,
      holiday: null,
      ts: Date.now(),
    }),
    on: () => () => undefined,
    start: () => undefined,
    stop: () => undefined,
  };
}
