import { z } from 'zod';
import { INTERVALS } from '../../market/instrument';
import { int, oneOf, symbolField } from '../../validation/fields';
import { endpoint } from '../endpoint';
import { bookSnapshotSchema, candlesAnswerSchema, tradesAnswerSchema } from '../market';

/** Candles, trades and books: the same inputs and answers for stocks (and indices) and coins. */
function marketData(prefix: '/stock/index' | '/coin') {
  return {
    /** Bars oldest first, ending with the live bar; `end` (ms) pages back through history. */
    candles: endpoint({
      method: 'POST',
      path: `${prefix}/candles`,
      auth: 'none',
      input: z.object({
        symbol: symbolField,
        interval: oneOf(INTERVALS),
        limit: int({ min: 1, max: 1000 }).default(300),
        end: int({ min: 0, max: 9_999_999_999_999 }).optional(),
      }),
      output: candlesAnswerSchema,
    }),
    trades: endpoint({
      method: 'POST',
      path: `${prefix}/trades`,
      auth: 'none',
      input: z.object({ symbol: symbolField, limit: int({ min: 1, max: 100 }).default(50) }),
      output: tradesAnswerSchema,
    }),
    books: endpoint({
      method: 'POST',
      path: `${prefix}/books`,
      auth: 'none',
      input: z.object({ symbol: symbolField, depth: int({ min: 1, max: 50 }).default(20) }),
      output: bookSnapshotSchema,
    }),
  };
}

export type MarketDataEndpoints = ReturnType<typeof marketData>;
export const stockMarketDataEndpoints = marketData('/stock/index');
export const coinMarketDataEndpoints = marketData('/coin');
