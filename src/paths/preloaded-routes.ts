/**
 * Answers index.html's route-preload script (vite-plugins/route-preload.ts) asks for as a page opens,
 * before the app's entry has downloaded: the opened route's first public GET, the one that brings
 * its largest paint (the stock's price on the stock and kline screens, the first stocks on Markets). Asked there, it leaves at
 * the page's second request instead of after the entry and the route's chunks have run, a few
 * round trips later on a phone. `call` (src/api/call.ts) takes the answer when it makes the same call:
 * same URL and same headers, else it asks anew (src/api/early.ts).
 *
 * Plain data and the route record it names: the build reads it to write the script.
 */
import { stockInfoRoute, stockListRoute } from '../../domain/protocol/endpoints/first-load.ts';
import { OPENING_STOCK_PAGE } from '../screens/markets/opening-stock-page.ts';

/** An answer whose one parameter comes from the page's query (the stock's symbol). */
export type ParamAnswer = {
  /** The API path (after the prefix) the route's screen calls first. */
  readonly api: string;
  /** The page's query parameter sent as the call's one parameter, trimmed and upper-cased as the screen does. */
  readonly param: string;
  /**
   * The frame shows the answer's price while the app loads (src/api/early-quote.ts): on the kline screen,
   * where the price sits at the top and is the largest thing painted. The stock screen's name and
   * market lines come first, so a price alone there would jump down when the screen renders.
   */
  readonly paint?: true;
};

/**
 * An answer the screen asks for with a fixed query (a list's opening page), in the order its call
 * writes the fields: the URL must be the call's own to be taken.
 */
export type QueryAnswer = {
  readonly api: string;
  readonly query: Readonly<Record<string, string | number>>;
  /** Not asked when the page's `param` is one of `values` (the screen then opens on something else). */
  readonly unless?: { readonly param: string; readonly values: readonly string[] };
};

export type PreloadedAnswer = ParamAnswer | QueryAnswer;

export const PRELOADED_ANSWERS: Readonly<Record<string, PreloadedAnswer>> = {
  '/pages/stock/stockKline': { api: stockInfoRoute.path, param: 'symbol', paint: true },
  '/pages/stock/index': { api: stockInfoRoute.path, param: 'symbol' },
  // Its largest paint is a row of this page (markets-screen.tsx asks for it too, as its chunk loads).
  '/pages/tabbar/markets': {
    api: stockListRoute.path,
    query: OPENING_STOCK_PAGE,
    unless: { param: 'segment', values: ['indices', 'coins'] },
  },
};

/**
 * The one cache of answers asked for before their screen mounted, by URL (src/api/early.ts):
 * the script leaves its call there, as the app's early asks do. A global, as the two share no module.
 */
export const PREFETCHED_GLOBAL = '__seansPrefetched';
