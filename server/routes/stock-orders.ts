import { stockOrderEndpoints } from '../../domain/protocol/endpoints/stock-orders';
import { ipoDeliveredSymbols } from '../primary/ipo/held-symbols';
import { implement, type RouteDef } from '../http/route';
import { cancelSpotOrders } from './spot-cancel';
import { listSpotOrders, spotOrderInfo } from './spot-reads';
import { LedgerDecimal } from '../ledger/decimal';
import { requireListed, stockListings } from '../primary/ipo/listing';
import { holdInfo, stockHoldings, stockRealizedPnl } from '../trading/spot/holdings';
import { listFills, statistics } from '../trading/spot/reads';
import { fillToWire, orderToWire } from '../trading/spot/rows';

const order = (side: 'buy' | 'sell') =>
  implement(stockOrderEndpoints[side], {
    summary: `Places a BIST ${side} order (market or limit); answers once durable, with its fills so far`,
    tag: 'stock-orders',
    handler: async ({ db, input, session, trading, market }) => {
      await requireListed(db, input.symbol, trading.clock.now());
      const placed = await trading.spot.place(session, { wallet: 'stock', side, ...input });
      return { order: orderToWire(placed.order, market), fills: placed.fills.map(fillToWire) };
    },
  });

export const stockOrderRoutes: RouteDef[] = [
  order('buy'),
  order('sell'),
  implement(stockOrderEndpoints.cancel, {
    summary: 'Cancels one live stock order (id), or all of them (all=1, optionally of one symbol)',
    tag: 'stock-orders',
    handler: cancelSpotOrders('stock'),
  }),
  implement(stockOrderEndpoints.list, {
    summary: 'Stock orders: open (live) or history, newest first',
    tag: 'stock-orders',
    handler: listSpotOrders('stock'),
  }),
  implement(stockOrderEndpoints.info, {
    summary: 'One stock order with its fills',
    tag: 'stock-orders',
    handler: spotOrderInfo('stock'),
  }),
  implement(stockOrderEndpoints.fills, {
    summary: 'Stock fills, newest first (by order, symbol, time)',
    tag: 'stock-orders',
    handler: ({ db, session, input }) => listFills(db, session, 'stock', input),
  }),
  implement(stockOrderEndpoints.statistics, {
    summary: 'Realised P&L of stock trading in a period, by day and by symbol (the income screen)',
    tag: 'stock-orders',
    handler: ({ db, market, session, input, trading }) =>
      statistics(db, market, session, 'stock', input.period, trading.spot.now()),
  }),
  implement(stockOrderEndpoints.holdings, {
    summary:
      'Stock holdings (ordinary, IPO-allotted, locked; options are on /stock/order/option/list) with totals',
    tag: 'stock-orders',
    handler: async ({ db, market, session, input, trading }) => {
      // IPO stocks held before their listing are valued at their issue price and say when they list.
      const all =
        input.tab === 'option'
          ? []
          : await stockHoldings(db, market, session, trading.spot.now(), await stockListings(db));
      const ipo = input.tab === 'ipo' ? await ipoDeliveredSymbols(db, session) : null;
      const rows =
        input.tab === 'locked'
          ? all.filter((h) => h.locked !== '0')
          : ipo
            ? all.filter((h) => ipo.has(h.symbol))
            : all;
      const sum = (pick: (h: (typeof rows)[number]) => string) =>
        rows.reduce((s, h) => s.plus(pick(h)), new LedgerDecimal(0)).toFixed();
      return {
        list: rows.slice((input.page - 1) * input.size, input.page * input.size),
        total: rows.length,
        page: input.page,
        size: input.size,
        totals: {
          marketValue: sum((h) => h.marketValue),
          cost: sum((h) => h.cost),
          unrealizedPnl: sum((h) => h.unrealizedPnl),
          // The ordinary tab is the whole portfolio: what its sales realised, sold-out stocks too.
          realizedPnl:
            input.tab === 'ordinary' ? await stockRealizedPnl(db, session) : sum((h) => h.realizedPnl),
        },
      };
    },
  }),
  implement(stockOrderEndpoints.hold, {
    summary: 'What the ticket needs for one stock: free cash, sellable shares, the holding',
    tag: 'stock-orders',
    handler: async ({ db, market, session, input, trading }) => {
      // The engine's cached settings ride along so the ticket previews what the booking charges.
      const { stockCosts, stockOrderLimits } = trading.spot.settings();
      const info = await holdInfo(db, market, session, input.symbol, trading.spot.now());
      return { ...info, costs: stockCosts, limits: stockOrderLimits };
    },
  }),
];
