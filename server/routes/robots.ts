import { robotEndpoints } from '../../domain/protocol/endpoints/robots';
import { implementAll } from '../http/route';
import { buyRobot, stopRobot } from '../robots/buy';
import { listOrders, listRobots, orderInfo, robotInfo } from '../robots/reads';

/**
 * Trading robots (DECISIONS §2): the robots and their measured records are public (a
 * guest may look); buying, stopping and the orders are the signed-in account's.
 */
export const robotRoutes = implementAll(robotEndpoints, 'robots', {
  list: {
    summary:
      'The robots on sale: strategy, lock-in range, start-up capital, single limit, measured track record',
    handler: async ({ db }) => listRobots(db),
  },
  info: {
    summary:
      "One robot with its track record and a backtest on the source's past candles beside buy-and-hold",
    handler: async ({ db, market, trading, input }) => robotInfo(db, market, input.id, trading.clock.now()),
  },
  buy: {
    summary:
      'Lock USDT of the coin wallet in a robot for a lock-in period (buy), or stop a running order early (stop)',
    handler: async ({ db, market, session, trading, input }) => {
      const now = trading.clock.now();
      return input.action === 'buy'
        ? buyRobot(db, market, session, input, now)
        : stopRobot(db, market, session, input, now);
    },
  },
  orderList: {
    summary: "The account's robot orders, newest first: capital, value, P&L, trades, days left",
    handler: async ({ db, market, session, trading, input }) =>
      listOrders(db, market, session, input, trading.clock.now()),
  },
  orderInfo: {
    summary: 'One robot order with its fills',
    handler: async ({ db, market, session, trading, input }) =>
      orderInfo(db, market, session, input.id, trading.clock.now()),
  },
});
