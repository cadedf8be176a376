import { marketCoinEndpoints } from '../../domain/protocol/endpoints/market-coin';
import { coinMarketDataEndpoints } from '../../domain/protocol/endpoints/market-data';
import { implementAll } from '../http/route';
import { coinListingDates } from '../primary/ico/listing';
import { coinInfo, coinTicker } from '../market/quotes';
import { marketDataRoutes, requireCatalogue, requireInstrument } from './market-stock';

const coinRouteList = implementAll(marketCoinEndpoints, 'market', {
  infos: {
    summary: "Every coin pair: base, quote, scales, minimum quantity and a sale token's listing date",
    handler: async ({ db, market }) => {
      // A sale's token says when it lists: the tickets offer only what takes orders (domain/rules/tradable).
      const listing = await coinListingDates(db);
      return {
        list: (await requireCatalogue(market))
          .instruments()
          .filter((i) => i.market === 'coin')
          .map((i) => coinInfo(i, listing.get(i.symbol))),
      };
    },
  },
  tickers: {
    summary: "Every coin pair's rolling 24 h figures and mark price",
    handler: async ({ market }) => ({
      list: (await requireCatalogue(market))
        .instruments()
        .filter((i) => i.market === 'coin')
        .map((i) => coinTicker(market, i)),
    }),
  },
  ticker: {
    summary: "One coin pair's rolling 24 h figures and mark price",
    handler: async ({ market, input }) =>
      coinTicker(market, await requireInstrument(market, input.symbol, ['coin'])),
  },
});

export const marketCoinRoutes = [
  ...coinRouteList,
  ...marketDataRoutes(coinMarketDataEndpoints, 'market', ['coin']),
];
