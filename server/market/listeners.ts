import type { MarketEvent, MarketKind, MarketListener } from './source';

const KINDS: readonly MarketKind[] = ['ticker', 'trades', 'book', 'candle', 'mark', 'status'];

/**
 * A source's listeners by the kinds of event each wants (MarketSource.on): an event goes only to
 * those that asked for its kind, in the order they subscribed. A listener that keeps a few kinds
 * (the replay recorder: trades, book diffs and marks) is then not called for the tickers and bars
 * that are most of a market's events.
 */
export function createListeners() {
  const byKind = Object.fromEntries(KINDS.map((kind) => [kind, new Set<MarketListener>()])) as Record<
    MarketKind,
    Set<MarketListener>
  >;
  return {
    emit(event: MarketEvent): void {
      for (const listener of byKind[event.type]) listener(event);
    },
    on(listener: MarketListener, kinds: readonly MarketKind[] = KINDS): () => void {
      for (const kind of kinds) byKind[kind].add(listener);
      return () => {
        for (const kind of kinds) byKind[kind].delete(listener);
      };
    },
  };
}
