import { coinOrderEndpoints } from '../../domain/protocol/endpoints/coin-orders';
import { implement, type RouteDef } from '../http/route';
import { cancelSpotOrders } from './spot-cancel';
import { listSpotOrders, spotOrderInfo } from './spot-reads';
import { requireCoinTradable } from '../primary/ico/listing';
import { fillToWire, orderToWire } from '../trading/spot/rows';

/** Coin spot orders: the stock engine with coin rules (24/7, no band, fee in USDT). */
export const coinOrderRoutes: RouteDef[] = [
  implement(coinOrderEndpoints.add, {
    summary: 'Places a coin spot order (market or limit, buy or sell); answers once durable',
    tag: 'coin-orders',
    handler: async ({ db, input, session, trading, market }) => {
      // The rule the tickets list pairs by (domain/rules/tradable): USDT pairs; a sale's token once listed.
      await requireCoinTradable(db, market, input.symbol, trading.clock.now());
      const placed = await trading.spot.place(session, { wallet: 'coin', ...input });
      return { order: orderToWire(placed.order, market), fills: placed.fills.map(fillToWire) };
    },
  }),
  implement(coinOrderEndpoints.list, {
    summary: 'Coin spot orders: open (live) or history, newest first',
    tag: 'coin-orders',
    handler: listSpotOrders('coin'),
  }),
  implement(coinOrderEndpoints.query, {
    summary: 'One coin spot order with its fills',
    tag: 'coin-orders',
    handler: spotOrderInfo('coin'),
  }),
  implement(coinOrderEndpoints.close, {
    summary: 'Cancels one live coin spot order (id), or all of them (all=1)',
    tag: 'coin-orders',
    handler: cancelSpotOrders('coin'),
  }),
];
