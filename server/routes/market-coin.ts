import { z } from 'zod';
import {
  coinInfosAnswerSchema,
  coinTickerSchema,
  coinTickersAnswerSchema,
} from '../../domain/protocol/market';
import { defineRoute } from '../http/route';
import { coinInfo, coinTicker } from '../market/quotes';
import { marketDataRoutes, requireInstrument, symbolField } from './market-stock';

const coinRouteList = [
  defineRoute({
    method: 'POST',
    path: '/coin/infos',
    summary: 'Every coin pair: base, quote, scales and minimum quantity',
    tag: 'market',
    auth: 'none',
    input: z.object({}),
    output: coinInfosAnswerSchema,
    handler: async ({ market }) => ({
      list: market
        .instruments()
        .filter((i) => i.market === 'coin')
        .map(coinInfo),
    }),
  }),
  defineRoute({
    method: 'POST',
    path: '/coin/tickers',
    summary: "Every coin pair's rolling 24 h figures and mark price",
    tag: 'market',
    auth: 'none',
    input: z.object({}),
    output: coinTickersAnswerSchema,
    handler: async ({ market }) => ({
      list: market
        .instruments()
        .filter((i) => i.market === 'coin')
        .map((i) => coinTicker(market, i)),
    }),
  }),
  defineRoute({
    method: 'POST',
    path: '/coin/ticker',
    summary: "One coin pair's rolling 24 h figures and mark price",
    tag: 'market',
    auth: 'none',
    input: z.object({ symbol: symbolField }),
    output: coinTickerSchema,
    handler: async ({ market, input }) =>
      coinTicker(market, requireInstrument(market, input.symbol, ['coin'])),
  }),
];

export const marketCoinRoutes = [...coinRouteList, ...marketDataRoutes('/coin', 'market', ['coin'])];
