import {
  blockApplyRequestSchema,
  blockDetailSchema,
  blockInfoRequestSchema,
  blockListRequestSchema,
  blockOrderListRequestSchema,
  blockOrderPageSchema,
  blockOrderSchema,
  blockPageSchema,
} from '../../domain/protocol/bulk';
import { defineRoute, type RouteDef } from '../http/route';
import { blockDetail, listBlockOrders, listBlocks } from '../primary/bulk/block-reads';
import { buyBlock } from '../primary/bulk/buy';
import { viewerSession } from './viewer';

/** Block trades: blocks are public (see ./viewer), buying is not. */
export const bulkRoutes: RouteDef[] = [
  defineRoute({
    method: 'POST',
    path: '/stock/bulk/list',
    summary: 'Block trades: a listed stock at a disclosed discount, remaining lots, lock-up; open first',
    tag: 'ipo',
    auth: 'none',
    input: blockListRequestSchema,
    output: blockPageSchema,
    handler: async ({ db, market, trading, req, input }) =>
      listBlocks(
        db,
        market,
        { session: await viewerSession(db, req.headers.accesstoken), now: trading.clock.now() },
        input,
      ),
  }),
  defineRoute({
    method: 'POST',
    path: '/stock/bulk/info',
    summary: 'One block trade with its live reference price, block price and costs',
    tag: 'ipo',
    auth: 'none',
    input: blockInfoRequestSchema,
    output: blockDetailSchema,
    handler: async ({ db, market, trading, req, input }) =>
      blockDetail(
        db,
        market,
        { session: await viewerSession(db, req.headers.accesstoken), now: trading.clock.now() },
        input.id,
      ),
  }),
  defineRoute({
    method: 'POST',
    path: '/stock/bulk/apply',
    summary:
      'Buy lots of a block with the trade password: one ledgered charge, the shares locked until the lock-up ends',
    tag: 'ipo',
    auth: 'user',
    input: blockApplyRequestSchema,
    idempotent: true,
    output: blockOrderSchema,
    handler: async ({ db, market, session, trading, input }) =>
      buyBlock(db, market, session, input, trading.clock.now()),
  }),
  defineRoute({
    method: 'POST',
    path: '/stock/bulk/order/list',
    summary: "The account's block purchases, newest first, with their lock-up end",
    tag: 'ipo',
    auth: 'user',
    input: blockOrderListRequestSchema,
    output: blockOrderPageSchema,
    handler: async ({ db, market, session, trading, input }) =>
      listBlockOrders(db, market, session, trading.clock.now(), input),
  }),
];
