import type { z } from 'zod';
import type { AnswerCheck } from './answer-check';
import { fieldsOf, handChecked } from './answer-check';
import type { AnyEndpoint, Method } from './endpoint';
import {
  coinInfosRoute,
  coinTickersRoute,
  coinWatchlistRoutes,
  configRoute,
  hotRoute,
  indicesRoute,
  loginInfoRoute,
  logoutRoute,
  searchRoute,
  stockListRoute,
  stockWatchlistRoutes,
  type Route,
} from './endpoints/first-load';
import type { commonEndpoints } from './endpoints/common';
import type { authEndpoints } from './endpoints/auth';
import type { marketCoinEndpoints } from './endpoints/market-coin';
import type { marketStockEndpoints } from './endpoints/market-stock';
import type { userEndpoints } from './endpoints/user';
import {
  parseCoinInfos,
  parseCoinTickers,
  parseIndicesAnswer,
  parseStockQuoteList,
  parseStockQuotePage,
} from './market-rest-parse';
import { parseAppConfig, parseLoginInfoAnswer } from './user-parse';

/**
 * The declarations code on the first screen calls, without zod (the largest library the first
 * screen would otherwise download). Each is the endpoints/ declaration `E` as the client sees it:
 * its method and path (tests/server/endpoints.test.ts holds them to a declaration), its input
 * typed from E's schema, and its answer either checked by hand to E's output schema (the parse
 * tests run both on the same answers) or by E's own schema, loaded with the call's request.
 */
export type FirstLoadEndpoint<E extends AnyEndpoint, T> = {
  readonly method: Method;
  readonly path: string;
  readonly output: AnswerCheck<T> | (() => Promise<AnswerCheck<T>>);
  /** Type only: the declaration whose input this takes. */
  readonly declared?: E;
  readonly firstLoad: true;
};

export function byHand<E extends AnyEndpoint, T>(
  route: Route,
  parse: (data: unknown) => T,
): FirstLoadEndpoint<E, T> {
  return { ...route, output: handChecked(parse), firstLoad: true };
}

/** E itself, its schema loading with the call: the screens that call it load after the first. */
export function later<E extends AnyEndpoint>(
  route: Route,
  load: () => Promise<E>,
): FirstLoadEndpoint<E, z.output<E['output']>> {
  const output = async () => (await load()).output as AnswerCheck<z.output<E['output']>>;
  return { ...route, output, firstLoad: true };
}

const market = () => import('./endpoints/market-stock').then((m) => m.marketStockEndpoints);
const watchlists = () => import('./endpoints/watchlist');

type Common = typeof commonEndpoints;
type Stock = typeof marketStockEndpoints;
type Coin = typeof marketCoinEndpoints;

export const firstLoad = {
  config: byHand<Common['config'], ReturnType<typeof parseAppConfig>>(configRoute, parseAppConfig),
  // SPEC §7: "an empty data object clears the stored token", so {} is a valid, signed-out answer.
  loginInfo: byHand<(typeof userEndpoints)['loginInfo'], ReturnType<typeof parseLoginInfoAnswer>>(
    loginInfoRoute,
    parseLoginInfoAnswer,
  ),
  logout: byHand<(typeof authEndpoints)['logout'], object>(logoutRoute, (data) => fieldsOf(data, 'logout')),
  indices: byHand<Stock['indices'], ReturnType<typeof parseIndicesAnswer>>(indicesRoute, parseIndicesAnswer),
  hot: byHand<Stock['hot'], ReturnType<typeof parseStockQuoteList>>(hotRoute, parseStockQuoteList),
  stockList: byHand<Stock['list'], ReturnType<typeof parseStockQuotePage>>(
    stockListRoute,
    parseStockQuotePage,
  ),
  coinInfos: byHand<Coin['infos'], ReturnType<typeof parseCoinInfos>>(coinInfosRoute, parseCoinInfos),
  coinTickers: byHand<Coin['tickers'], ReturnType<typeof parseCoinTickers>>(
    coinTickersRoute,
    parseCoinTickers,
  ),
  search: later(searchRoute, async () => (await market()).search),
  stockWatchlist: {
    list: later(stockWatchlistRoutes.list, async () => (await watchlists()).stockWatchlistEndpoints.list),
    add: later(stockWatchlistRoutes.add, async () => (await watchlists()).stockWatchlistEndpoints.add),
    del: later(stockWatchlistRoutes.del, async () => (await watchlists()).stockWatchlistEndpoints.del),
  },
  coinWatchlist: {
    list: later(coinWatchlistRoutes.list, async () => (await watchlists()).coinWatchlistEndpoints.list),
    add: later(coinWatchlistRoutes.add, async () => (await watchlists()).coinWatchlistEndpoints.add),
    del: later(coinWatchlistRoutes.del, async () => (await watchlists()).coinWatchlistEndpoints.del),
  },
};
