import type { MarketSource } from '../market/source';

/**
 * The symbols whose rows a partition's engines load (its market's instruments it holds), or null
 * for every row: one process, or a cluster of one partition, holds the whole market. A partition
 * that loaded every row would hold every other partition's triggers in memory, and a node owning
 * one partition of thirty would load thirty partitions' worth at each takeover.
 */
export function heldSymbols(
  market: Pick<MarketSource, 'instruments'>,
  holds: ((symbol: string) => boolean) | undefined,
): string[] | null {
  if (!holds) return null;
  return market
    .instruments()
    .map((instrument) => instrument.symbol)
    .filter(holds);
}
