import { z } from 'zod';
import { pageOf } from '../../domain/protocol/content';
import { coinTickerSchema, searchHitSchema, stockQuoteSchema } from '../../domain/protocol/market';

/**
 * The zod schemas of the market calls the home screen never makes (lists, search, watchlists).
 * ./market.ts loads this module with the first such call, alongside the request, so zod is not
 * part of the first load.
 */
export const quotePage = pageOf(stockQuoteSchema);
export const coinTickerPage = pageOf(coinTickerSchema);
export const searchHits = z.object({ list: z.array(searchHitSchema) }).transform((answer) => answer.list);

export { collectAnswerSchema } from '../../domain/protocol/market';
