import { marketStockEndpoints } from '../../domain/protocol/endpoints/market-stock';
import { type Market } from '../../domain/market/instrument';
import {
  type MarketDataEndpoints,
  stockMarketDataEndpoints,
} from '../../domain/protocol/endpoints/market-data';
import { pageOf } from '../content/paging';
import { ApiError } from '../http/errors';
import { implementAll } from '../http/route';
import { stockListingDates } from '../primary/ipo/listing';
import { findInstrument, searchInstruments, sortQuotes, stockInfo, stockQuote } from '../market/quotes';
import { instrumentArrived } from '../market/instrument-arrival';
import type { Instrument, MarketSource } from '../market/source';

export { symbolField } from '../../domain/validation/fields';

/**
 * The instrument, or -1001 UNKNOWN_SYMBOL (also for a coin asked at a stock endpoint and back).
 * One of the catalogue whose market this node is still loading (a cluster node's switch-over) is
 * waited for, and after a while answered MARKET_LOADING: asked again, it is there.
 */
export async function requireInstrument(
  source: MarketSource,
  symbol: string,
  markets: readonly Market[],
): Promise<Instrument> {
  if (!source.instrument(symbol) && !(await instrumentArrived(source, symbol)))
    throw new ApiError('MARKET_LOADING');
  const instrument = findInstrument(source, symbol, markets);
  if (!instrument) throw new ApiError('UNKNOWN_SYMBOL', { symbol });
  return instrument;
}

/** Lists of the whole catalogue wait for a market this node is still loading, as requireInstrument does. */
export async function requireCatalogue(source: MarketSource): Promise<MarketSource> {
  if (!(await instrumentArrived(source, undefined))) throw new ApiError('MARKET_LOADING');
  return source;
}

/** Candles, trades and books: the same inputs and answers for stocks and coins. */
export function marketDataRoutes(endpoints: MarketDataEndpoints, tag: string, markets: readonly Market[]) {
  return implementAll(endpoints, tag, {
    candles: {
      summary: 'Bars oldest first, ending with the live bar; `end` (ms) pages back through history',
      handler: async ({ market, input }) => {
        const { symbol } = await requireInstrument(market, input.symbol, markets);
        market.candles(symbol, input.interval, 1); // a fetching source starts here
        await market.historyPending?.(symbol, input.interval);
        return {
          symbol,
          interval: input.interval,
          list: market.candles(symbol, input.interval, input.limit, input.end),
        };
      },
    },
    trades: {
      summary: 'The latest printed trades, newest last',
      handler: async ({ market, input }) => {
        const { symbol } = await requireInstrument(market, input.symbol, markets);
        return { symbol, list: market.trades(symbol, input.limit) };
      },
    },
    books: {
      summary: "The order book's best levels, at the seq the WebSocket book stream continues from",
      handler: async ({ market, input }) => {
        const { symbol } = await requireInstrument(market, input.symbol, markets);
        return market.book(symbol, input.depth) ?? { symbol, seq: 0, t: Date.now(), bids: [], asks: [] };
      },
    },
  });
}

const STOCKS: readonly Market[] = ['stock', 'index'];
const INDICES = ['XU100', 'XU030', 'XBANK'];

const stockListRoutes = implementAll(marketStockEndpoints, 'market', {
  indices: {
    summary: 'The BIST indices strip and the session state for the status line',
    handler: async ({ market: source }) => {
      const market = await requireCatalogue(source);
      return {
        list: INDICES.flatMap((symbol) => {
          const instrument = findInstrument(market, symbol, ['index']);
          return instrument ? [stockQuote(market, instrument)] : [];
        }),
        status: market.status('BIST'),
      };
    },
  },
  countries: {
    summary: 'Countries whose stocks are listed (Turkey for now, DECISIONS §5)',
    handler: async () => ({ list: [{ code: 'TR', currency: 'TRY', market: 'BIST' }] }),
  },
  hot: {
    summary: 'The most traded stocks today, by turnover',
    handler: async ({ market, input }) => {
      const quotes = (await requireCatalogue(market))
        .instruments()
        .filter((i) => i.market === 'stock')
        .map((i) => stockQuote(market, i));
      return { list: sortQuotes(quotes, 'turnover', 'desc').slice(0, input.size) };
    },
  },
  list: {
    summary: 'Stocks and indices, sorted and paged',
    handler: async ({ market, input }) => {
      const kinds: readonly Market[] = input.market ? [input.market] : STOCKS;
      const quotes = (await requireCatalogue(market))
        .instruments()
        .filter((i) => kinds.includes(i.market))
        .map((i) => stockQuote(market, i));
      return pageOf(sortQuotes(quotes, input.sort, input.order), input);
    },
  },
  search: {
    summary: 'Stocks, indices and coins by symbol prefix, then by name (Turkish-aware matching)',
    handler: async ({ market, input }) => ({
      list: searchInstruments(await requireCatalogue(market), input.keyword, 20),
    }),
  },
  info: {
    summary: 'A stock or index: quote, band limits, group, T+1 flag, members and session state',
    handler: async ({ db, market, input }) => {
      const instrument = await requireInstrument(market, input.symbol, STOCKS);
      // An IPO's stock says when it lists: the screen offers no ticket or options before then.
      return stockInfo(market, instrument, (await stockListingDates(db)).get(instrument.symbol));
    },
  },
});

export const marketStockRoutes = [
  ...stockListRoutes,
  ...marketDataRoutes(stockMarketDataEndpoints, 'market', STOCKS),
];
