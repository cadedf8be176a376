import { orderPreviewEndpoints } from '../../domain/protocol/endpoints/order-preview';
import { implementAll } from '../http/route';
import { requireCoinTradable } from '../primary/ico/listing';
import { requireListed } from '../primary/ipo/listing';
import { previewSpotOrder } from '../trading/spot/preview';

/**
 * What an order would cost before it is sent: each runs the placing code's checks and sums on
 * the book as it is now, with the order call's own guards first, and writes nothing.
 */
export const orderPreviewRoutes = implementAll(orderPreviewEndpoints, 'order-preview', {
  stock: {
    summary: 'What a BIST order would cost now: fees and taxes by line, the average over the book, the hold',
    handler: async ({ db, input, session, trading, market }) => {
      await requireListed(db, input.symbol, trading.clock.now());
      const deps = { db, market, settings: trading.spot.settings(), now: trading.spot.now() };
      return previewSpotOrder(deps, session, { wallet: 'stock', ...input });
    },
  },
  coin: {
    summary: 'What a coin spot order would cost now: the fee, the average over the book, the hold',
    handler: async ({ db, input, session, trading, market }) => {
      await requireCoinTradable(db, market, input.symbol, trading.clock.now());
      const deps = { db, market, settings: trading.spot.settings(), now: trading.spot.now() };
      return previewSpotOrder(deps, session, { wallet: 'coin', ...input });
    },
  },
  contract: {
    summary:
      'What opening a position would cost now: the average over the book, margin, fee and the liquidation price',
    handler: ({ trading, session, input }) =>
      trading.contracts.preview(session, { ...input, symbol: input.symbol.toUpperCase() }),
  },
});
