import { z } from 'zod';
import {
  coinInfosAnswerSchema,
  coinTickerSchema,
  coinTickersAnswerSchema,
} from '../../domain/protocol/market';
import { defineRoute } from '../http/route';
import { coinListingDates } from '../primary/ico/listing';
import { coinInfo, coinTicker } from '../market/quotes';
import { marketDataRoutes, requireInstrument, symbolField } from './market-stock';

const coinRouteList = [
  defineRoute({
    method: 'POST',
    path: '/coin/infos',
    summary: "Every coin pair: base, quote, scales, minimum quantity and a sale token's listing date",
    tag: 'market',
    auth: 'none',
    input: z.object({}),
    output: coinInfosAnswerSchema,
    handler: async ({ db, market }) => {
      // A sale's token says when it lists: the tickets offer only what takes orders (domain/rules/tradable).
      const listing = await coinListingDates(db);
      return {
        list: market
          .instruments()
          .filter((i) => i.market === 'coin')
          .map((i) => coinInfo(i, listing.get(i.symbol))),
      };
    },
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
