import type { MarketSource } from './source';

/**
 * How long a read waits for a market this node is still loading (a cluster node switching
 * between owning a partition and following it: server/cluster/switch-market.ts) before it is
 * answered MARKET_LOADING, which the caller may ask again.
 */
export const INSTRUMENT_WAIT_MS = 10_000;

/**
 * Waits while `source` says `symbol` (absent: any of its instruments) is on its way
 * (MarketSource.instrumentPending): true once it is here or never will be, false when `waitMs`
 * ran out first. A source that loads nothing answers at once.
 */
export async function instrumentArrived(
  source: MarketSource,
  symbol: string | undefined,
  waitMs = INSTRUMENT_WAIT_MS,
): Promise<boolean> {
  let coming = source.instrumentPending?.(symbol) ?? null;
  if (!coming) return true;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), waitMs);
  });
  try {
    while (coming) {
      if ((await Promise.race([coming, late])) === 'late') return false;
      coming = source.instrumentPending?.(symbol) ?? null;
    }
    return true;
  } finally {
    clearTimeout(timer);
  }
}
