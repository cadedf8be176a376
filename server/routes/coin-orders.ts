import {
  cancelAnswerSchema,
  cancelRequestSchema,
  coinOrderRequestSchema,
  orderInfoRequestSchema,
  orderListRequestSchema,
  orderPageSchema,
  orderResultSchema,
} from '../../domain/protocol/trading';
import { defineRoute, type RouteDef } from '../http/route';
import { requireCoinTradable } from '../primary/ico/listing';
import { listOrders, orderInfo } from '../trading/spot/reads';
import { fillToWire, orderToWire } from '../trading/spot/rows';

/** Coin spot orders: the stock engine with coin rules (24/7, no band, fee in USDT). */
export const coinOrderRoutes: RouteDef[] = [
  defineRoute({
    method: 'POST',
    path: '/coin/order/add',
    summary: 'Places a coin spot order (market or limit, buy or sell); answers once durable',
    tag: 'coin-orders',
    auth: 'user',
    input: coinOrderRequestSchema,
    output: orderResultSchema,
    handler: async ({ db, input, session, trading, market }) => {
      // The rule the tickets list pairs by (domain/rules/tradable): USDT pairs; a sale's token once listed.
      await requireCoinTradable(db, market, input.symbol, trading.clock.now());
      const placed = await trading.spot.place(session, { wallet: 'coin', ...input });
      return { order: orderToWire(placed.order, market), fills: placed.fills.map(fillToWire) };
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/coin/order/list',
    summary: 'Coin spot orders: open (live) or history, newest first',
    tag: 'coin-orders',
    auth: 'user',
    input: orderListRequestSchema,
    output: orderPageSchema,
    handler: ({ db, market, session, input }) => listOrders(db, market, session, 'coin', input),
  }),
  defineRoute({
    method: 'POST',
    path: '/coin/order/query',
    summary: 'One coin spot order with its fills',
    tag: 'coin-orders',
    auth: 'user',
    input: orderInfoRequestSchema,
    output: orderResultSchema,
    handler: ({ db, market, session, input }) => orderInfo(db, market, session, 'coin', input.id),
  }),
  defineRoute({
    method: 'POST',
    path: '/coin/order/close',
    summary: 'Cancels one live coin spot order (id), or all of them (all=1)',
    tag: 'coin-orders',
    auth: 'user',
    input: cancelRequestSchema,
    output: cancelAnswerSchema,
    handler: async ({ input, session, trading, market }) => {
      const rows = await trading.spot.cancel(session, {
        wallet: 'coin',
        id: input.id,
        all: input.all === '1',
        symbol: input.symbol,
      });
      return { cancelled: rows.map((r) => orderToWire(r, market)) };
    },
  }),
];
