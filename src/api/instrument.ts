import { handChecked } from '../../domain/protocol/answer-check';
import type { CoinInfo, CoinTicker, StockInfo } from '../../domain/protocol/market';
import { parseStockInfo } from '../../domain/protocol/market-rest-parse';
import { askEarly, takeEarly } from './early';
import { getCoinInfos } from './market';
import { ApiError, get, post, type RequestOptions } from './request';

/**
 * REST calls of the instrument and kline screens. Live figures arrive through the market-data
 * worker; these give a screen its static facts (name, scale, band) and a first paint before the
 * stream's snapshot lands. Callers pass `silent` so a failed load shows in the screen, not a toast.
 */
const quiet: RequestOptions = { silent: true };
// The stock info is checked by hand (its price is the kline screen's first paint); the coin
// ticker's schema loads with its first request: neither screen waits for zod to show its quote.
const stockInfoAnswer = handChecked(parseStockInfo);
const coinTickerSchema = async () => (await import('../../domain/protocol/market')).coinTickerSchema;

/** GET /stock/index/info: a stock's or index's quote and trading facts. */
export function getStockInfo(symbol: string, options: RequestOptions = quiet): Promise<StockInfo> {
  return (
    takeEarly<StockInfo>(`stock-info|${symbol}`) ??
    get('/stock/index/info', { symbol }, stockInfoAnswer, options)
  );
}

/** Asks for a stock's info now, for the screen about to read it (./early.ts says why). */
export function prefetchStockInfo(symbol: string): void {
  askEarly(`stock-info|${symbol}`, () => get('/stock/index/info', { symbol }, stockInfoAnswer, quiet));
}

/** POST /coin/ticker: one pair's 24 h figures and mark price. */
export function getCoinTicker(symbol: string, options: RequestOptions = quiet): Promise<CoinTicker> {
  return post('/coin/ticker', { symbol }, coinTickerSchema, options);
}

export type CoinOverview = { info: CoinInfo; ticker: CoinTicker };

/** A pair's facts and its 24 h figures; rejects (business, -1001) when the symbol is unknown. */
export async function getCoinOverview(
  symbol: string,
  options: RequestOptions = quiet,
): Promise<CoinOverview> {
  const [infos, ticker] = await Promise.all([getCoinInfos(options), getCoinTicker(symbol, options)]);
  const info = infos.find((item) => item.symbol === symbol);
  // The ticker call already rejected an unknown symbol; infos without it means the server drifted.
  if (!info) throw new ApiError('protocol', `no facts for ${symbol}`);
  return { info, ticker };
}
