import type { marketStockEndpoints } from './endpoints/market-stock';
import { coinTickerRoute, stockInfoRoute } from './endpoints/first-load';
import { byHand, later } from './first-load-endpoints';
import { parseStockInfo } from './market-rest-parse';

/**
 * The instrument screens' first calls in their first-load forms (first-load-endpoints.ts), apart
 * from the home screen's so the home screen does not download them: a stock's info checked by
 * hand (a preloaded route's answer paints the screen first), a coin's ticker with its own schema.
 */
export const instrumentCalls = {
  stockInfo: byHand<(typeof marketStockEndpoints)['info'], ReturnType<typeof parseStockInfo>>(
    stockInfoRoute,
    parseStockInfo,
  ),
  coinTicker: later(coinTickerRoute, async () => {
    const { marketCoinEndpoints } = await import('./endpoints/market-coin');
    return marketCoinEndpoints.ticker;
  }),
};
