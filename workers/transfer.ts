import { transfer } from 'comlink';
import { packCandleResets } from '../domain/market-data/candles-transfer';
import type { MarketPatch } from '../domain/market-data/contract';

/**
 * The worker's flush as it crosses to the main thread: candle resets packed into buffers that are
 * transferred, not cloned (domain/market-data/candles-transfer.ts says why). The in-thread
 * implementation tests use keeps the plain patch.
 */
export function withTransfer<T extends { flush(): MarketPatch | null }>(api: T): T {
  const flush = api.flush.bind(api);
  api.flush = () => {
    const patch = flush();
    if (!patch) return null;
    const buffers = packCandleResets(patch);
    return buffers.length > 0 ? transfer(patch, buffers) : patch;
  };
  return api;
}
