import { z } from 'zod';
import { endpoint } from '../endpoint';
import { symbolField } from '../../validation/fields';
import { coinInfosAnswerSchema, coinTickersAnswerSchema, coinTickerSchema } from '../market';

export const marketCoinEndpoints = {
  infos: endpoint({
    method: 'POST',
    path: '/coin/infos',
    auth: 'none',
    input: z.object({}),
    output: coinInfosAnswerSchema,
  }),
  tickers: endpoint({
    method: 'POST',
    path: '/coin/tickers',
    auth: 'none',
    input: z.object({}),
    output: coinTickersAnswerSchema,
  }),
  ticker: endpoint({
    method: 'POST',
    path: '/coin/ticker',
    auth: 'none',
    input: z.object({ symbol: symbolField }),
    output: coinTickerSchema,
  }),
};
