import { z } from 'zod';
import { paging, symbolField } from '../../validation/fields';
import { pageOf } from '../content';
import { endpoint } from '../endpoint';
import { coinWatchlistRoutes, stockWatchlistRoutes, type Route } from './first-load';
import { coinTickerSchema, collectAnswerSchema, stockQuoteSchema } from '../market';

/** A watchlist: add and remove (both idempotent), and the list with live quotes, newest first. */
function watchlistOf<Q>(routes: { add: Route; del: Route; list: Route }, item: z.ZodType<Q>) {
  return {
    add: endpoint({
      ...routes.add,
      auth: 'user',
      input: z.object({ symbol: symbolField }),
      output: collectAnswerSchema,
    }),
    del: endpoint({
      ...routes.del,
      auth: 'user',
      input: z.object({ symbol: symbolField }),
      output: collectAnswerSchema,
    }),
    list: endpoint({
      ...routes.list,
      auth: 'user',
      input: z.object(paging),
      output: pageOf(item),
    }),
  };
}

export type WatchlistEndpoints<Q> = ReturnType<typeof watchlistOf<Q>>;
export const stockWatchlistEndpoints = watchlistOf(stockWatchlistRoutes, stockQuoteSchema);
export const coinWatchlistEndpoints = watchlistOf(coinWatchlistRoutes, coinTickerSchema);
