import type { z } from 'zod';
import { CODE_OK, parseEnvelope } from '../domain/protocol/envelope';
import {
  bookSnapshotSchema,
  candlesAnswerSchema,
  coinInfosAnswerSchema,
  stockInfoSchema,
  tradesAnswerSchema,
  type BookSnapshot,
  type Candle,
  type CoinInfo,
  type StockInfo,
  type Trade,
} from '../domain/protocol/market';
import type { Interval } from '../domain/market/instrument';

/**
 * The REST calls the worker makes: coin scales once, and the stock poller's four reads when
 * streaming is off. Not the hot path, so answers are checked with the shared zod schemas.
 */
export type RestOptions = { fetch: typeof fetch; apiBase: string; locale: string };

async function call<S extends z.ZodType>(
  options: RestOptions,
  method: 'GET' | 'POST',
  path: string,
  params: Record<string, string>,
  schema: S,
): Promise<z.infer<S>> {
  const form = new URLSearchParams(params).toString();
  const headers: Record<string, string> = { 'Accept-Language': options.locale };
  let url = `${options.apiBase}${path}`;
  const init: RequestInit = { method, headers };
  if (method === 'GET') url += form ? `?${form}` : '';
  else {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    init.body = form;
  }
  const response = await options.fetch(url, init);
  const envelope = parseEnvelope(await response.json());
  if (envelope.code !== CODE_OK) throw new Error(`${path}: ${envelope.key ?? envelope.code}`);
  return schema.parse(envelope.data);
}

export async function fetchCoinInfos(options: RestOptions): Promise<CoinInfo[]> {
  return (await call(options, 'POST', '/coin/infos', {}, coinInfosAnswerSchema)).list;
}

export function fetchStockInfo(options: RestOptions, symbol: string): Promise<StockInfo> {
  return call(options, 'GET', '/stock/index/info', { symbol }, stockInfoSchema);
}

export function fetchStockBook(options: RestOptions, symbol: string): Promise<BookSnapshot> {
  return call(options, 'POST', '/stock/index/books', { symbol, depth: '20' }, bookSnapshotSchema);
}

/** Newest last. */
export async function fetchStockTrades(options: RestOptions, symbol: string): Promise<Trade[]> {
  return (await call(options, 'POST', '/stock/index/trades', { symbol, limit: '50' }, tradesAnswerSchema))
    .list;
}

/** Oldest first, ending with the live bar. */
export async function fetchStockCandles(
  options: RestOptions,
  symbol: string,
  interval: Interval,
): Promise<Candle[]> {
  const answer = await call(
    options,
    'POST',
    '/stock/index/candles',
    { symbol, interval, limit: '300' },
    candlesAnswerSchema,
  );
  return answer.list;
}
