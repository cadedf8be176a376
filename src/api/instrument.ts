import { instrumentCalls } from '../../domain/protocol/instrument-endpoints';
import type { StockInfo } from '../../domain/protocol/market';
import { askEarly, call } from './call';
import type { RequestOptions } from './request';

/**
 * A stock's or index's quote and trading facts, the stock screens' first
 * paint, taken from the early ask when there is one (./early.ts). Silent: a failed load shows in the screen.
 */
export function getStockInfo(symbol: string, options: RequestOptions = { silent: true }): Promise<StockInfo> {
  return call(instrumentCalls.stockInfo, { symbol }, options);
}

/** Asks for a stock's info now, for the screen about to read it (./early.ts says why). */
export function prefetchStockInfo(symbol: string): void {
  askEarly(instrumentCalls.stockInfo, { symbol });
}
