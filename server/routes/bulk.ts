import { bulkEndpoints } from '../../domain/protocol/endpoints/bulk';
import { implementAll } from '../http/route';
import { blockDetail, listBlockOrders, listBlocks } from '../primary/bulk/block-reads';
import { buyBlock } from '../primary/bulk/buy';
import { viewerOf } from './viewer';

/** Block trades: blocks are public (see ./viewer), buying is not. */
export const bulkRoutes = implementAll(bulkEndpoints, 'ipo', {
  list: {
    summary: 'Block trades: a listed stock at a disclosed discount, remaining lots, lock-up; open first',
    handler: async (ctx) => listBlocks(ctx.db, ctx.market, await viewerOf(ctx), ctx.input),
  },
  info: {
    summary: 'One block trade with its live reference price, block price and costs',
    handler: async (ctx) => blockDetail(ctx.db, ctx.market, await viewerOf(ctx), ctx.input.id),
  },
  apply: {
    summary:
      'Buy lots of a block with the trade password: one ledgered charge, the shares locked until the lock-up ends',
    handler: async ({ db, market, session, trading, input }) =>
      buyBlock(db, market, session, input, trading.clock.now()),
  },
  orders: {
    summary: "The account's block purchases, newest first, with their lock-up end",
    handler: async ({ db, market, session, trading, input }) =>
      listBlockOrders(db, market, session, trading.clock.now(), input),
  },
});
