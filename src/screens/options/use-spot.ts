import { useSnapshot } from 'valtio';
import { useTopic } from '../../market/client';
import { market } from '../../state/market';

/**
 * The underlying's live last price from the market worker (the instrument screens' ticker), else
 * `fallback` (the rule's spot) until the first tick. Only this symbol's `last` leaf is read, and
 * the worker's patches arrive at most once a frame, so a premium recomputed from it on render is
 * recomputed at most once a frame.
 */
export function useSpot(symbol: string, fallback: string): string {
  useTopic(symbol === '' ? null : { kind: 'ticker', market: 'stock', symbol });
  const last = useSnapshot(market).tickers[symbol]?.last;
  return last !== undefined && last !== '' && last !== '0' ? last : fallback;
}
