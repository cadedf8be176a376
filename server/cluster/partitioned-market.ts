import { onOneState, routedBySymbol, type MarketEvent, type MarketSource } from '../market/source';
import type { PartitionMap } from './partition-map';
import { mergedFrames } from '../ws/stream-frames';

/**
 * A node's one market over a cluster's trading partitions: each partition's market (its owner's
 * own source, or the mirror of it a follower keeps) holds its symbols only, and every call goes
 * to the partition the symbol is in, as composite.ts does for two sources. BIST's session status
 * comes from the first stock partition, CRYPTO's from the coins'; the partitions' other copies
 * of the same calendar are not passed on, so a status change is heard once.
 */
/** `fn` on one state of every partition's market (MarketSource.pin). */
function pinAll<T>(parts: readonly MarketSource[], from: number, fn: () => T): T {
  const part = parts[from];
  return part ? onOneState(part, () => pinAll(parts, from + 1, fn)) : fn();
}

function partAt(parts: readonly MarketSource[], p: number): MarketSource {
  const part = parts[p];
  if (!part) throw new Error(`no market for trading partition ${p}`);
  return part;
}

export function partitionedMarket(parts: readonly MarketSource[], map: PartitionMap): MarketSource {
  const route = (symbol: string): MarketSource | undefined => parts[map.of(symbol)];
  const statusFrom = (market: string) => (market === 'BIST' ? (map.stocks[0] ?? map.coins) : map.coins);
  const mine = (p: number) => (event: MarketEvent) =>
    event.type === 'status' ? statusFrom(event.status.market) === p : map.of(event.symbol) === p;
  return {
    // The sockets' frames: each partition's owner encodes its own streams once (stream-frames.ts).
    ...mergedFrames(parts, (symbol) => map.of(symbol)),
    instruments: () =>
      parts.flatMap((part, p) => part.instruments().filter((inst) => map.of(inst.symbol) === p)),
    instrument: (symbol) => route(symbol)?.instrument(symbol),
    instrumentPending(symbol) {
      if (symbol !== undefined) return route(symbol)?.instrumentPending?.(symbol) ?? null;
      // The whole catalogue: every partition's, those still loading waited for together.
      const coming = parts.flatMap((part) => part.instrumentPending?.() ?? []);
      return coming.length === 0 ? null : Promise.all(coming).then(() => undefined);
    },
    ...routedBySymbol(route),
    pin: (fn) => pinAll(parts, 0, fn),
    status: (market) => partAt(parts, statusFrom(market)).status(market),
    list(listings) {
      for (const part of parts) part.list?.(listings);
    },
    on(listener) {
      const offs = parts.map((part, p) => {
        const wanted = mine(p);
        return part.on((event) => {
          if (wanted(event)) listener(event);
        });
      });
      return () => offs.forEach((off) => off());
    },
    // Each partition's market starts and stops with its ownership (partition.ts).
    start() {},
    stop() {},
  };
}
