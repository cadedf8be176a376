import { z } from 'zod';
import { INTERVALS, type Market } from '../../domain/market/instrument';
import { pageOf } from '../../domain/protocol/content';
import type { ErrorKey } from '../../domain/protocol/error-keys';
import {
  bookSnapshotSchema,
  candlesAnswerSchema,
  countryListSchema,
  indicesAnswerSchema,
  searchHitSchema,
  stockInfoSchema,
  stockListSortSchema,
  stockQuoteSchema,
  tradesAnswerSchema,
} from '../../domain/protocol/market';
import { int, oneOf, paging, text } from '../../domain/validation/fields';
import { ApiError } from '../http/errors';
import { defineRoute } from '../http/route';
import { stockListingDates } from '../primary/ipo/listing';
import { findInstrument, searchInstruments, sortQuotes, stockInfo, stockQuote } from '../market/quotes';
import type { Instrument, MarketSource } from '../market/source';

const err = (key: ErrorKey) => ({ error: key });

/**
 * A symbol as typed: letters and digits, case-insensitive on the way in (DECISIONS §4 lists
 * them upper-case). Anything that cannot be a symbol is simply an unknown one.
 */
export const symbolField = z
  .string(err('FIELD_INVALID_TYPE'))
  .trim()
  .min(1, err('FIELD_REQUIRED'))
  .max(20, err('UNKNOWN_SYMBOL'))
  .regex(/^[A-Za-z0-9]+$/, err('UNKNOWN_SYMBOL'))
  .transform((s) => s.toUpperCase());

/** The instrument, or -1001 UNKNOWN_SYMBOL (also for a coin asked at a stock endpoint and back). */
export function requireInstrument(
  source: MarketSource,
  symbol: string,
  markets: readonly Market[],
): Instrument {
  const instrument = findInstrument(source, symbol, markets);
  if (!instrument) throw new ApiError('UNKNOWN_SYMBOL', { symbol });
  return instrument;
}

/** Candles, trades and books: the same inputs and answers for stocks and coins. */
export function marketDataRoutes(prefix: '/stock/index' | '/coin', tag: string, markets: readonly Market[]) {
  return [
    defineRoute({
      method: 'POST',
      path: `${prefix}/candles`,
      summary: 'Bars oldest first, ending with the live bar; `end` (ms) pages back through history',
      tag,
      auth: 'none',
      input: z.object({
        symbol: symbolField,
        interval: oneOf(INTERVALS),
        limit: int({ min: 1, max: 1000 }).default(300),
        end: int({ min: 0, max: 9_999_999_999_999 }).optional(),
      }),
      output: candlesAnswerSchema,
      handler: async ({ market, input }) => {
        const { symbol } = requireInstrument(market, input.symbol, markets);
        market.candles(symbol, input.interval, 1); // a fetching source starts here
        await market.historyPending?.(symbol, input.interval);
        return {
          symbol,
          interval: input.interval,
          list: market.candles(symbol, input.interval, input.limit, input.end),
        };
      },
    }),
    defineRoute({
      method: 'POST',
      path: `${prefix}/trades`,
      summary: 'The latest printed trades, newest last',
      tag,
      auth: 'none',
      input: z.object({ symbol: symbolField, limit: int({ min: 1, max: 100 }).default(50) }),
      output: tradesAnswerSchema,
      handler: async ({ market, input }) => {
        const { symbol } = requireInstrument(market, input.symbol, markets);
        return { symbol, list: market.trades(symbol, input.limit) };
      },
    }),
    defineRoute({
      method: 'POST',
      path: `${prefix}/books`,
      summary: "The order book's best levels, at the seq the WebSocket book stream continues from",
      tag,
      auth: 'none',
      input: z.object({ symbol: symbolField, depth: int({ min: 1, max: 50 }).default(20) }),
      output: bookSnapshotSchema,
      handler: async ({ market, input }) => {
        const { symbol } = requireInstrument(market, input.symbol, markets);
        return market.book(symbol, input.depth) ?? { symbol, seq: 0, t: Date.now(), bids: [], asks: [] };
      },
    }),
  ];
}

const STOCKS: readonly Market[] = ['stock', 'index'];
const INDICES = ['XU100', 'XU030', 'XBANK'];

const stockListRoutes = [
  defineRoute({
    method: 'GET',
    path: '/stock/index/indices/list',
    summary: 'The BIST indices strip and the session state for the status line',
    tag: 'market',
    auth: 'none',
    input: z.object({}),
    output: indicesAnswerSchema,
    handler: async ({ market }) => ({
      list: INDICES.flatMap((symbol) => {
        const instrument = findInstrument(market, symbol, ['index']);
        return instrument ? [stockQuote(market, instrument)] : [];
      }),
      status: market.status('BIST'),
    }),
  }),
  defineRoute({
    method: 'GET',
    path: '/stock/index/country/list',
    summary: 'Countries whose stocks are listed (Turkey for now, DECISIONS §5)',
    tag: 'market',
    auth: 'none',
    input: z.object({}),
    output: countryListSchema,
    handler: async () => ({ list: [{ code: 'TR', currency: 'TRY', market: 'BIST' }] }),
  }),
  defineRoute({
    method: 'GET',
    path: '/stock/index/list/hot',
    summary: 'The most traded stocks today, by turnover',
    tag: 'market',
    auth: 'none',
    input: z.object({ size: int({ min: 1, max: 50 }).default(10) }),
    output: z.object({ list: z.array(stockQuoteSchema) }),
    handler: async ({ market, input }) => {
      const quotes = market
        .instruments()
        .filter((i) => i.market === 'stock')
        .map((i) => stockQuote(market, i));
      return { list: sortQuotes(quotes, 'turnover', 'desc').slice(0, input.size) };
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/stock/index/list',
    summary: 'Stocks and indices, sorted and paged',
    tag: 'market',
    auth: 'none',
    input: z.object({
      ...paging,
      sort: stockListSortSchema.default('symbol'),
      order: oneOf(['asc', 'desc']).default('asc'),
      market: oneOf(['stock', 'index']).optional(),
    }),
    output: pageOf(stockQuoteSchema),
    handler: async ({ market, input }) => {
      const kinds: readonly Market[] = input.market ? [input.market] : STOCKS;
      const quotes = market
        .instruments()
        .filter((i) => kinds.includes(i.market))
        .map((i) => stockQuote(market, i));
      const start = (input.page - 1) * input.size;
      const list = sortQuotes(quotes, input.sort, input.order).slice(start, start + input.size);
      return { list, total: quotes.length, page: input.page, size: input.size };
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/stock/index/search',
    summary: 'Stocks, indices and coins by symbol prefix, then by name (Turkish-aware matching)',
    tag: 'market',
    auth: 'none',
    input: z.object({ keyword: text({ max: 20 }) }),
    output: z.object({ list: z.array(searchHitSchema) }),
    handler: async ({ market, input }) => ({ list: searchInstruments(market, input.keyword, 20) }),
  }),
  defineRoute({
    method: 'GET',
    path: '/stock/index/info',
    summary: 'A stock or index: quote, band limits, group, T+1 flag, members and session state',
    tag: 'market',
    auth: 'none',
    input: z.object({ symbol: symbolField }),
    output: stockInfoSchema,
    handler: async ({ db, market, input }) => {
      const instrument = requireInstrument(market, input.symbol, STOCKS);
      // An IPO's stock says when it lists: the screen offers no ticket or options before then.
      return stockInfo(market, instrument, (await stockListingDates(db)).get(instrument.symbol));
    },
  }),
];

export const marketStockRoutes = [...stockListRoutes, ...marketDataRoutes('/stock/index', 'market', STOCKS)];
