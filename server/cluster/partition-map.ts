import type { Instrument } from '../market/source';

/**
 * Which trading partition trades a symbol. A partition owns whole books: coin spot and perpetual
 * contracts trade on the same coin books, so every coin is in one partition (the first); stocks
 * and indices are in the others, a stock by a stable hash of its symbol over the stock
 * partitions (the same on every node and every version), so their ledger footprints stay apart
 * (docs/partitions.md). With one partition it holds everything, as a single process does.
 */
export type PartitionMap = {
  readonly count: number;
  /** The partition of the coins and contracts. */
  readonly coins: number;
  /** The partitions of the stocks (the coins' own when there is one partition). */
  readonly stocks: readonly number[];
  /** The partition of `symbol` (an unknown symbol goes to the coins', which refuses it as unknown). */
  of(symbol: string): number;
  /** Whether partition `p` trades `symbol`. */
  holds(p: number, symbol: string): boolean;
  /** The partitions a wallet's orders live in: the coin wallet's one, or every stock partition. */
  ofWallet(wallet: 'stock' | 'coin'): readonly number[];
};

/** The most partitions a cluster may be split into: each is a lease, a connection and a writer. */
export const MAX_PARTITIONS = 16;

/** FNV-1a (32 bits) of the symbol: cheap, stable, and spreads the short tickers evenly enough. */
export function symbolHash(symbol: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < symbol.length; i++) {
    hash ^= symbol.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** The map for `count` partitions over the instruments a market lists (its catalogue). */
export function partitionMap(count: number, instruments: readonly Pick<Instrument, 'symbol' | 'market'>[]) {
  if (!Number.isSafeInteger(count) || count < 1 || count > MAX_PARTITIONS)
    throw new Error(`trading partitions: 1 to ${MAX_PARTITIONS}, got ${count}`);
  const market = new Map(instruments.map((i) => [i.symbol, i.market]));
  const stocks = count === 1 ? [0] : Array.from({ length: count - 1 }, (_, i) => i + 1);
  const of = (symbol: string): number => {
    const kind = market.get(symbol);
    if (count === 1 || kind === undefined || kind === 'coin') return 0;
    // Indices show their members' moves on the first stock partition, where they are drawn.
    if (kind === 'index') return 1;
    return 1 + (symbolHash(symbol) % (count - 1));
  };
  const map: PartitionMap = {
    count,
    coins: 0,
    stocks,
    of,
    holds: (p, symbol) => of(symbol) === p,
    ofWallet: (wallet) => (wallet === 'coin' ? [0] : stocks),
  };
  return map;
}

/**
 * A partition's lease and epoch row name. The first keeps the name a cluster of one partition
 * always had, so its epoch row and its nodes' leases carry over when partitions are added.
 */
export function partitionName(p: number): string {
  return p === 0 ? 'partition:trading' : `partition:trading:${p}`;
}

/** The lease of the clock jobs that are not any one partition's (options, robots, loans…). */
export const JOBS_PARTITION = 'partition:jobs';
