import { z } from 'zod';
import { paging, symbolField } from '../../validation/fields';
import { pageOf } from '../content';
import { endpoint } from '../endpoint';
import { coinTickerSchema, collectAnswerSchema, stockQuoteSchema } from '../market';

/** A watchlist: add and remove (both idempotent), and the list with live quotes, newest first. */
function watchlistOf<Q>(prefix: '/stock/collect' | '/coin/collect', item: z.ZodType<Q>) {
  return {
    add: endpoint({
      method: 'POST',
      path: `${prefix}/add`,
      auth: 'user',
      input: z.object({ symbol: symbolField }),
      output: collectAnswerSchema,
    }),
    del: endpoint({
      method: 'POST',
      path: `${prefix}/del`,
      auth: 'user',
      input: z.object({ symbol: symbolField }),
      output: collectAnswerSchema,
    }),
    list: endpoint({
      method: 'POST',
      path: `${prefix}/list`,
      auth: 'user',
      input: z.object(paging),
      output: pageOf(item),
    }),
  };
}

export type WatchlistEndpoints<Q> = ReturnType<typeof watchlistOf<Q>>;
export const stockWatchlistEndpoints = watchlistOf('/stock/collect', stockQuoteSchema);
export const coinWatchlistEndpoints = watchlistOf('/coin/collect', coinTickerSchema);
