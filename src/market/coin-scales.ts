import { coinScalesOf } from '../../domain/market-data/coin-scales';
import { giveCoinScales } from './client-start';

/**
 * Gives the market worker the pairs' price scales from the coin list the page read
 * (`marketCoinEndpoints.infos`), so it does not ask the broker for the same answer itself
 * (workers/subscriptions.ts asks only for a coin followed before any such answer). Returns the
 * answer, to sit in the read's chain.
 */
export function shareCoinScales<T extends readonly { symbol: string; priceScale: number }[]>(infos: T): T {
  giveCoinScales(coinScalesOf(infos));
  return infos;
}
