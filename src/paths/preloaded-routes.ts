/**
 * Answers index.html's route-preload script (vite-plugins/route-preload.ts) asks for as a page opens,
 * before the app's entry has downloaded: the opened route's first public GET, the one that brings
 * its largest paint (the stock's price on the stock and kline screens). Asked there, it leaves at
 * the page's second request instead of after the entry and the route's chunks have run, a few
 * round trips later on a phone. `call` (src/api/call.ts) takes the answer when it makes the same call:
 * same URL and same headers, else it asks anew (src/api/early.ts).
 *
 * Plain data and the route record it names: the build reads it to write the script.
 */
import { stockInfoRoute } from '../../domain/protocol/endpoints/first-load';

export type PreloadedAnswer = {
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

export const PRELOADED_ANSWERS: Readonly<Record<string, PreloadedAnswer>> = {
  '/pages/stock/stockKline': { api: stockInfoRoute.path, param: 'symbol', paint: true },
  '/pages/stock/index': { api: stockInfoRoute.path, param: 'symbol' },
};

/**
 * The one cache of answers asked for before their screen mounted, by URL (src/api/early.ts):
 * the script leaves its call there, as the app's early asks do. A global, as the two share no module.
 */
export const PREFETCHED_GLOBAL = '__seansPrefetched';
