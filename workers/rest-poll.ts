import type { z } from 'zod';
import {
  bookSnapshotSchema,
  candlesAnswerSchema,
  stockInfoSchema,
  tradesAnswerSchema,
  type BookSnapshot,
  type Candle,
  type StockInfo,
  type Trade,
} from '../domain/protocol/market';
import type { Interval } from '../domain/market/instrument';
import { call, type RestOptions } from './rest';

/**
 * The stock poller's four reads, for when streaming is off. Not the hot path, so answers are
 * checked with the shared zod schemas; the poller imports this file only when it first polls, so
 * zod stays out of the worker's first load.
 */
async function read<S extends z.ZodType>(
  options: RestOptions,
  method: 'GET' | 'POST',
  path: string,
  params: Record<string, string>,
  schema: S,
): Promise<z.infer<S>> {
  return schema.parse(await call(options, method, path, params));
}

export function fetchStockInfo(options: RestOptions, symbol: string): Promise<StockInfo> {
  return read(options, 'GET', '/stock/index/info', { symbol }, stockInfoSchema);
}

export function fetchStockBook(options: RestOptions, symbol: string): Promise<BookSnapshot> {
  return read(options, 'POST', '/stock/index/books', { symbol, depth: '20' }, bookSnapshotSchema);
}

/** Newest last. */
export async function fetchStockTrades(options: RestOptions, symbol: string): Promise<Trade[]> {
  return (await read(options, 'POST', '/stock/index/trades', { symbol, limit: '50' }, tradesAnswerSchema))
    .list;
}

/** Oldest first, ending with the live bar. */
export async function fetchStockCandles(
  options: RestOptions,
  symbol: string,
  interval: Interval,
): Promise<Candle[]> {
  const answer = await read(
    options,
    'POST',
    '/stock/index/candles',
    { symbol, interval, limit: '300' },
    candlesAnswerSchema,
  );
  return answer.list;
}
