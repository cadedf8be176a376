import { checkStrings, fieldsOf, isInt } from './answer-check';
import type { Page } from './envelope';
import type { CoinInfo, CoinTicker, MarketStatus, StockInfo, StockQuote } from './market';
import { MARKET_STATES } from './market-states';

/**
 * The REST answers read before zod has loaded, checked by hand: the worker's at start (POST
 * /coin/infos) and the home screen's lists (indices, hot stocks, coin infos and tickers), so
 * neither first load carries zod. Same rules as the schemas in ./market.ts; the test
 * runs both on the same answers so they cannot drift. Throw a TypeError on a wrong shape and drop
 * unknown fields, as zod does.
 */
export function parseCoinInfos(data: unknown): CoinInfo[] {
  const list = (data as { list?: unknown } | null)?.list;
  if (!Array.isArray(list)) throw new TypeError('coin infos: list is not an array');
  return list.map((item: unknown, i) => {
    if (typeof item !== 'object' || item === null) throw new TypeError(`coin infos[${i}] is not an object`);
    const { symbol, base, quote, name, priceScale, qtyScale, minQty, listingAt } = item as Record<
      string,
      unknown
    >;
    for (const [field, value] of Object.entries({ symbol, base, quote, name, minQty })) {
      if (typeof value !== 'string') throw new TypeError(`coin infos[${i}].${field} is not a string`);
    }
    for (const [field, value] of Object.entries({ priceScale, qtyScale })) {
      if (!Number.isInteger(value)) throw new TypeError(`coin infos[${i}].${field} is not an integer`);
    }
    const info = { symbol, base, quote, name, priceScale, qtyScale, minQty } as CoinInfo;
    if (listingAt === undefined) return info;
    if (!isInt(listingAt)) throw new TypeError(`coin infos[${i}].listingAt is not an integer`);
    return { ...info, listingAt };
  });
}

function listOf<T>(data: unknown, what: string, item: (value: unknown, what: string) => T): T[] {
  const { list } = fieldsOf(data, what);
  if (!Array.isArray(list)) throw new TypeError(`${what}: list is not an array`);
  return list.map((value: unknown, i) => item(value, `${what}[${i}]`));
}

function nullableInt(value: unknown): value is number | null {
  return value === null || isInt(value);
}

/** ./market.ts `periodFigures`: what a stock's quote and a coin's ticker both carry. */
const PERIOD_DECIMALS = ['open', 'high', 'low', 'change', 'changePct', 'volume'] as const;
const QUOTE_DECIMALS = ['price', 'prevClose', ...PERIOD_DECIMALS, 'turnover'] as const;

export function parseStockQuote(value: unknown, what = 'quote'): StockQuote {
  const fields = fieldsOf(value, what);
  checkStrings(fields, ['symbol', 'name', 'country', ...QUOTE_DECIMALS], what);
  const { market, ts } = fields;
  if (market !== 'stock' && market !== 'index') throw new TypeError(`${what}.market is not stock or index`);
  if (!isInt(ts)) throw new TypeError(`${what}.ts is not an integer`);
  const quote = { symbol: fields.symbol, name: fields.name, market, country: fields.country } as StockQuote;
  for (const field of QUOTE_DECIMALS) quote[field] = fields[field] as string;
  quote.ts = ts;
  return quote;
}

export function parseMarketStatus(value: unknown, what = 'status'): MarketStatus {
  const fields = fieldsOf(value, what);
  const { market, state, open, nextOpen, nextClose, holiday, ts } = fields;
  if (market !== 'BIST' && market !== 'CRYPTO') throw new TypeError(`${what}.market is not BIST or CRYPTO`);
  if (!(MARKET_STATES as readonly unknown[]).includes(state))
    throw new TypeError(`${what}.state is not a market state`);
  if (typeof open !== 'boolean') throw new TypeError(`${what}.open is not a boolean`);
  if (!nullableInt(nextOpen) || !nullableInt(nextClose) || !isInt(ts))
    throw new TypeError(`${what}: a time is not an integer`);
  if (holiday !== null && typeof holiday !== 'string') throw new TypeError(`${what}.holiday is not a string`);
  return { market, state: state as MarketStatus['state'], open, nextOpen, nextClose, holiday, ts };
}

/**
 * The stock and kline screens' first answer, whose price
 * is their largest paint on a phone, read without waiting for zod.
 */
export function parseStockInfo(data: unknown): StockInfo {
  const what = 'stock info';
  const quote = parseStockQuote(data, what);
  const fields = fieldsOf(data, what);
  const { group, t1, lot, priceScale, upperLimit, lowerLimit, members } = fields;
  if (group !== null && !(isInt(group) && group >= 1 && group <= 3))
    throw new TypeError(`${what}.group is not 1, 2, 3 or null`);
  if (typeof t1 !== 'boolean') throw new TypeError(`${what}.t1 is not a boolean`);
  if (!isInt(lot) || !isInt(priceScale)) throw new TypeError(`${what}: lot or priceScale is not an integer`);
  for (const [field, value] of Object.entries({ upperLimit, lowerLimit })) {
    if (value !== null && typeof value !== 'string') throw new TypeError(`${what}.${field} is not a string`);
  }
  if (!Array.isArray(members) || !members.every((member) => typeof member === 'string'))
    throw new TypeError(`${what}.members is not a list of strings`);
  const { listingAt } = fields;
  if (listingAt !== undefined && !isInt(listingAt))
    throw new TypeError(`${what}.listingAt is not an integer`);
  return {
    ...quote,
    group,
    t1,
    lot,
    priceScale,
    upperLimit,
    lowerLimit,
    members,
    status: parseMarketStatus(fields.status, `${what}.status`),
    ...(listingAt === undefined ? {} : { listingAt }),
  } as StockInfo;
}

export function parseIndicesAnswer(data: unknown): { list: StockQuote[]; status: MarketStatus } {
  return {
    list: listOf(data, 'indices', parseStockQuote),
    status: parseMarketStatus(fieldsOf(data, 'indices').status),
  };
}

/** A `{ list: [quote…] }` answer, as its list. */
export function parseStockQuoteList(data: unknown): StockQuote[] {
  return listOf(data, 'quotes', parseStockQuote);
}

/**
 * A page of quotes: the Markets tab's first list, its largest paint on a
 * phone, so it is read without waiting for zod to load.
 */
export function parseStockQuotePage(data: unknown): Page<StockQuote> {
  const list = listOf(data, 'quote page', parseStockQuote);
  const { total, page, size } = fieldsOf(data, 'quote page');
  for (const [field, value] of Object.entries({ total, page, size })) {
    if (!isInt(value)) throw new TypeError(`quote page.${field} is not an integer`);
  }
  return { list, total, page, size } as Page<StockQuote>;
}

const TICKER_DECIMALS = ['price', ...PERIOD_DECIMALS, 'quoteVolume', 'mark'] as const;

function parseCoinTicker(value: unknown, what: string): CoinTicker {
  const fields = fieldsOf(value, what);
  checkStrings(fields, ['symbol', ...TICKER_DECIMALS], what);
  if (!isInt(fields.ts)) throw new TypeError(`${what}.ts is not an integer`);
  const ticker = { symbol: fields.symbol } as CoinTicker;
  for (const field of TICKER_DECIMALS) ticker[field] = fields[field] as string;
  ticker.ts = fields.ts;
  return ticker;
}

/** The coin tickers answer, as its list. */
export function parseCoinTickers(data: unknown): CoinTicker[] {
  return listOf(data, 'coin tickers', parseCoinTicker);
}
