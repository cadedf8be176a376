import { conditionalEndpoints as e } from '../../domain/protocol/endpoints/conditional';
import { implement, type RouteDef } from '../http/route';
import { requireCoinTradable } from '../primary/ico/listing';
import { requireListed } from '../primary/ipo/listing';
import { listConditional } from '../trading/conditional/reads';

/**
 * Conditional orders (stop, stop-limit, take-profit, trailing stop, one-cancels-other) for BIST
 * stocks and coin spot. The trigger is watched and fired by the broker on the feed's trades.
 */
export const conditionalRoutes: RouteDef[] = [
  implement(e.stockAdd, {
    summary:
      'Places a conditional stock order: its shares or cash held now, the order placed when a trade crosses the trigger',
    tag: 'stock-orders',
    handler: async ({ db, input, session, trading }) => {
      await requireListed(db, input.symbol, trading.clock.now());
      return { list: await trading.conditional.add(session, 'stock', input) };
    },
  }),
  implement(e.stockList, {
    summary: 'The conditional stock orders: waiting ones or all, newest first, with what fired them',
    tag: 'stock-orders',
    handler: ({ db, session, input }) => listConditional(db, session, 'stock', input),
  }),
  implement(e.stockCancel, {
    summary: 'Cancels a waiting conditional stock order (and its pair), releasing its hold',
    tag: 'stock-orders',
    handler: async ({ input, session, trading }) => ({
      cancelled: await trading.conditional.cancel(session, 'stock', input.id),
    }),
  }),
  implement(e.coinAdd, {
    summary:
      'Places a conditional coin order: its coins or USDT held now, the order placed when a trade crosses the trigger',
    tag: 'coin-orders',
    handler: async ({ db, input, session, trading, market }) => {
      await requireCoinTradable(db, market, input.symbol, trading.clock.now());
      return { list: await trading.conditional.add(session, 'coin', input) };
    },
  }),
  implement(e.coinList, {
    summary: 'The conditional coin orders: waiting ones or all, newest first, with what fired them',
    tag: 'coin-orders',
    handler: ({ db, session, input }) => listConditional(db, session, 'coin', input),
  }),
  implement(e.coinCancel, {
    summary: 'Cancels a waiting conditional coin order (and its pair), releasing its hold',
    tag: 'coin-orders',
    handler: async ({ input, session, trading }) => ({
      cancelled: await trading.conditional.cancel(session, 'coin', input.id),
    }),
  }),
];
