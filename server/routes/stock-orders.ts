import { stockOrderEndpoints } from '../../domain/protocol/endpoints/stock-orders';
import { ipoDeliveredSymbols } from '../primary/ipo/held-symbols';
import { implementAll, type Implementation } from '../http/route';
import { cancelSpotOrders, modifySpotOrder } from './spot-cancel';
import { listSpotOrders, spotOrderInfo } from './spot-reads';
import { LedgerDecimal } from '../ledger/decimal';
import { requireListed, stockListings } from '../primary/ipo/listing';
import { holdInfo, stockHoldings, stockRealizedPnl } from '../trading/spot/holdings';
import { listFills, statistics } from '../trading/spot/reads';
import { fillToWire, orderToWire } from '../trading/spot/rows';

/** A buy and a sell are placed the same way (their declarations have the same schemas). */
const order = (side: 'buy' | 'sell'): Omit<Implementation<typeof stockOrderEndpoints.buy>, 'tag'> => ({
  summary: `Places a BIST ${side} order (market or limit); answers once durable, with its fills so far`,
  handler: async ({ db, input, session, trading, market }) => {
    await requireListed(db, input.symbol, trading.clock.now());
    const placed = await trading.spot.place(session, { wallet: 'stock', side, ...input });
    return { order: orderToWire(placed.order, market), fills: placed.fills.map(fillToWire) };
  },
});

export const stockOrderRoutes = implementAll(stockOrderEndpoints, 'stock-orders', {
  buy: order('buy'),
  sell: order('sell'),
  modify: {
    summary:
      "Changes a resting limit stock order's price and/or lots: hold re-taken, price checked as a new order's; a new price that crosses fills at once",
    handler: modifySpotOrder('stock'),
  },
  cancel: {
    summary: 'Cancels one live stock order (id), or all of them (all=1, optionally of one symbol)',
    handler: cancelSpotOrders('stock'),
  },
  list: {
    summary: 'Stock orders: open (live) or history, newest first',
    handler: listSpotOrders('stock'),
  },
  info: {
    summary: 'One stock order with its fills',
    handler: spotOrderInfo('stock'),
  },
  fills: {
    summary: 'Stock fills, newest first (by order, symbol, time)',
    handler: ({ db, session, input }) => listFills(db, session, 'stock', input),
  },
  statistics: {
    summary: 'Realised P&L of stock trading in a period, by day and by symbol (the income screen)',
    handler: ({ db, market, session, input, trading }) =>
      statistics(db, market, session, 'stock', input.period, trading.spot.now()),
  },
  holdings: {
    summary:
      'Stock holdings (ordinary, IPO-allotted, locked; options are on /stock/order/option/list) with totals',
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
  },
  hold: {
    summary: 'What the ticket needs for one stock: free cash, sellable shares, the holding',
    handler: async ({ db, market, session, input, trading }) => {
      // The engine's cached settings ride along so the ticket previews what the booking charges.
      const { stockCosts, stockOrderLimits } = trading.spot.settings();
      const info = await holdInfo(db, market, session, input.symbol, trading.spot.now());
      return { ...info, costs: stockCosts, limits: stockOrderLimits };
    },
  },
});
