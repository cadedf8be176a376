import { coinOrderEndpoints } from '../../domain/protocol/endpoints/coin-orders';
import { implementAll } from '../http/route';
import { cancelSpotOrders, modifySpotOrder } from './spot-cancel';
import { listSpotOrders, spotOrderInfo } from './spot-reads';
import { requireCoinTradable } from '../primary/ico/listing';
import { fillToWire, orderToWire } from '../trading/spot/rows';

/** Coin spot orders: the stock engine with coin rules (24/7, no band, fee in USDT). */
export const coinOrderRoutes = implementAll(coinOrderEndpoints, 'coin-orders', {
  add: {
    summary: 'Places a coin spot order (market or limit, buy or sell); answers once durable',
    handler: async ({ db, input, session, trading, market }) => {
      // The rule the tickets list pairs by (domain/rules/tradable): USDT pairs; a sale's token once listed.
      await requireCoinTradable(db, market, input.symbol, trading.clock.now());
      const placed = await trading.spot.place(session, { wallet: 'coin', ...input });
      return { order: orderToWire(placed.order, market), fills: placed.fills.map(fillToWire) };
    },
  },
  modify: {
    summary:
      "Changes a resting limit coin order's price and/or quantity: hold re-taken, price checked as a new order's; a new price that crosses fills at once",
    handler: modifySpotOrder('coin'),
  },
  list: {
    summary: 'Coin spot orders: open (live) or history, newest first',
    handler: listSpotOrders('coin'),
  },
  query: {
    summary: 'One coin spot order with its fills',
    handler: spotOrderInfo('coin'),
  },
  close: {
    summary: 'Cancels one live coin spot order (id), or all of them (all=1)',
    handler: cancelSpotOrders('coin'),
  },
});
