import { handChecked } from '../../domain/protocol/answer-check';
import type {
  CoinInfo,
  CoinTicker,
  MarketStatus,
  SearchHit,
  StockListSort,
  StockQuote,
} from '../../domain/protocol/market';
import {
  parseCoinInfos,
  parseCoinTickers,
  parseIndicesAnswer,
  parseStockQuoteList,
  parseStockQuotePage,
} from '../../domain/protocol/market-rest-parse';
import type { Page } from '../../domain/protocol/envelope';
import { get, post, type RequestOptions } from './request';

/**
 * REST calls of the market lists (spec/endpoints.txt). Every answer is checked against the
 * shared schemas in domain/protocol/market.ts, the same ones the server answers with. The home
 * screen's answers (indices, hot stocks, coin infos and tickers) and the Markets tab's stock pages
 * are checked by hand to the same
 * rules (market-rest-parse.ts and its test), and the other calls load their zod schemas with
 * their first request (./market-schemas.ts): no zod on the first load.
 */
const indicesAnswer = handChecked(parseIndicesAnswer);
const hotAnswer = handChecked(parseStockQuoteList);
const quotePageAnswer = handChecked(parseStockQuotePage);
const coinInfosAnswer = handChecked(parseCoinInfos);
const coinTickersAnswer = handChecked(parseCoinTickers);
const schemas = () => import('./market-schemas');

export type SortOrder = 'asc' | 'desc';
export type StockListQuery = {
  page?: number;
  size?: number;
  sort?: StockListSort;
  order?: SortOrder;
  /** Only stocks or only indices; both when absent. */
  market?: 'stock' | 'index';
};

/** The most rows one page may ask for (DECISIONS §4 paging). */
export const MAX_PAGE_SIZE = 100;
export type IndicesAnswer = { list: StockQuote[]; status: MarketStatus };
export type WatchKind = 'stock' | 'coin';

/** GET /stock/index/indices/list: XU100, XU030, XBANK and the BIST session state. */
export function getIndices(options?: RequestOptions): Promise<IndicesAnswer> {
  return get('/stock/index/indices/list', undefined, indicesAnswer, options);
}

/** GET /stock/index/list/hot: the most traded stocks today. */
export function getHotStocks(options?: RequestOptions): Promise<StockQuote[]> {
  return get('/stock/index/list/hot', undefined, hotAnswer, options);
}

/** GET /stock/index/list: one page of stocks, sorted by the server (`order` desc by default). */
export function getStockList(
  query: StockListQuery = {},
  options?: RequestOptions,
): Promise<Page<StockQuote>> {
  return get(
    '/stock/index/list',
    {
      page: query.page ?? 1,
      size: query.size ?? 50,
      sort: query.sort,
      order: query.sort ? (query.order ?? 'desc') : undefined,
      market: query.market,
    },
    quotePageAnswer,
    options,
  );
}

/** GET /stock/index/search: stocks, indices and coins whose symbol or name matches. */
export function searchInstruments(keyword: string, options?: RequestOptions): Promise<SearchHit[]> {
  return get('/stock/index/search', { keyword }, async () => (await schemas()).searchHits, options);
}

/** POST /coin/infos: the coin pairs' static facts (names, decimals). */
export function getCoinInfos(options?: RequestOptions): Promise<CoinInfo[]> {
  return post('/coin/infos', undefined, coinInfosAnswer, options);
}

/** POST /coin/tickers: every pair's 24 h figures. */
export function getCoinTickers(options?: RequestOptions): Promise<CoinTicker[]> {
  return post('/coin/tickers', undefined, coinTickersAnswer, options);
}

/** A coin row: its facts plus its 24 h figures (when the tickers answer had it). */
export type CoinQuote = CoinInfo & { ticker: CoinTicker | null };

/** Infos and tickers together, in the infos' order. */
export async function getCoinQuotes(options?: RequestOptions): Promise<CoinQuote[]> {
  const [infos, tickers] = await Promise.all([getCoinInfos(options), getCoinTickers(options)]);
  const bySymbol = new Map(tickers.map((ticker) => [ticker.symbol, ticker]));
  return infos.map((info) => ({ ...info, ticker: bySymbol.get(info.symbol) ?? null }));
}

/** One watchlist entry: the symbol and its quote as listed (live prices then come from the stream). */
export type WatchItem = { symbol: string; quote: StockQuote | CoinTicker | null };

const collectPath = (kind: WatchKind) => (kind === 'stock' ? '/stock/collect' : '/coin/collect');

/** A page cap, so a broker that ignores paging can't keep us looping. */
const MAX_WATCH_PAGES = 10;

/** POST /stock/collect/list, /coin/collect/list: the user's whole watchlist, newest first. */
export async function getWatchlist(kind: WatchKind, options?: RequestOptions): Promise<WatchItem[]> {
  const items: WatchItem[] = [];
  for (let page = 1; page <= MAX_WATCH_PAGES; page++) {
    const body = { page, size: MAX_PAGE_SIZE };
    const { list, total } =
      kind === 'stock'
        ? await post(`${collectPath(kind)}/list`, body, async () => (await schemas()).quotePage, options)
        : await post(
            `${collectPath(kind)}/list`,
            body,
            async () => (await schemas()).coinTickerPage,
            options,
          );
    items.push(...list.map((quote) => ({ symbol: quote.symbol, quote })));
    if (items.length >= total || list.length < MAX_PAGE_SIZE) break;
  }
  return items;
}

/** POST /stock/collect/add, /coin/collect/add */
export async function addToWatchlist(
  kind: WatchKind,
  symbol: string,
  options?: RequestOptions,
): Promise<void> {
  await post(
    `${collectPath(kind)}/add`,
    { symbol },
    async () => (await schemas()).collectAnswerSchema,
    options,
  );
}

/** POST /stock/collect/del, /coin/collect/del */
export async function removeFromWatchlist(
  kind: WatchKind,
  symbol: string,
  options?: RequestOptions,
): Promise<void> {
  await post(
    `${collectPath(kind)}/del`,
    { symbol },
    async () => (await schemas()).collectAnswerSchema,
    options,
  );
}
