import { z } from 'zod';
import { endpoint } from '../endpoint';
import { coinInfosRoute, coinTickerRoute, coinTickersRoute } from './first-load';
import { symbolField } from '../../validation/fields';
import { coinInfosAnswerSchema, coinTickersAnswerSchema, coinTickerSchema } from '../market';

export const marketCoinEndpoints = {
  infos: endpoint({
    ...coinInfosRoute,
    auth: 'none',
    input: z.object({}),
    output: coinInfosAnswerSchema,
  }),
  tickers: endpoint({
    ...coinTickersRoute,
    auth: 'none',
    input: z.object({}),
    output: coinTickersAnswerSchema,
  }),
  ticker: endpoint({
    ...coinTickerRoute,
    auth: 'none',
    input: z.object({ symbol: symbolField }),
    output: coinTickerSchema,
  }),
};
