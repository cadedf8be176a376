import { useSnapshot } from 'valtio';
import { useTopic } from '../../market/client';
import { market } from '../../state/market';

/**
 * The underlying's live last price from the market worker (the instrument screens' ticker), else
 * `fallback` (the rule's spot) until the first tick. Only this symbol's `last` leaf is read. For
 * display only: premiums come priced from the worker (workers/option-quotes.ts) with their spot.
 */
export function useSpot(symbol: string, fallback: string): string {
  useTopic(symbol === '' ? null : { kind: 'ticker', market: 'stock', symbol });
  const last = useSnapshot(market).tickers[symbol]?.last;
  return last !== undefined && last !== '' && last !== '0' ? last : fallback;
}

/** The last price the screen has (read outside React), else the rule's: where the worker starts. */
export function spotNow(rule: { symbol: string; spot: string }): string {
  return market.tickers[rule.symbol]?.last || rule.spot;
}
