import type { z } from 'zod';
import type { AnyEndpoint } from '../domain/protocol/endpoint';
import { stockMarketDataEndpoints } from '../domain/protocol/endpoints/market-data';
import { marketStockEndpoints } from '../domain/protocol/endpoints/market-stock';
import type { BookSnapshot, Candle, StockInfo, Trade } from '../domain/protocol/market';
import type { Interval } from '../domain/market/instrument';
import { callRoute, type RestOptions } from './rest';

/**
 * The stock poller's four reads, for when streaming is off. Not the hot path, so answers are
 * checked with their declarations' schemas; the poller imports this file only when it first
 * polls, so zod stays out of the worker's first load.
 */
async function read<E extends AnyEndpoint>(
  options: RestOptions,
  endpoint: E,
  input: Readonly<Record<string, string>>,
): Promise<z.output<E['output']>> {
  return endpoint.output.parse(await callRoute(options, endpoint, input)) as z.output<E['output']>;
}

export function fetchStockInfo(options: RestOptions, symbol: string): Promise<StockInfo> {
  return read(options, marketStockEndpoints.info, { symbol });
}

export function fetchStockBook(options: RestOptions, symbol: string): Promise<BookSnapshot> {
  return read(options, stockMarketDataEndpoints.books, { symbol, depth: '20' });
}

/** Newest last. */
export async function fetchStockTrades(options: RestOptions, symbol: string): Promise<Trade[]> {
  return (await read(options, stockMarketDataEndpoints.trades, { symbol, limit: '50' })).list;
}

/** Oldest first, ending with the live bar. */
export async function fetchStockCandles(
  options: RestOptions,
  symbol: string,
  interval: Interval,
): Promise<Candle[]> {
  return (await read(options, stockMarketDataEndpoints.candles, { symbol, interval, limit: '300' })).list;
}
