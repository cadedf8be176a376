import { aiProductEndpoints } from '../../domain/protocol/endpoints/ai-products';
import { addToAiOrder, buyAiOrder, redeemAiOrder } from '../ai-products/apply';
import { listOrders, listProducts, orderDetails, productInfo, productStocks } from '../ai-products/reads';
import { implementAll } from '../http/route';

/**
 * AI stock products (DECISIONS §2, §3): rules-based model portfolios of BIST stocks.
 * The products, their measured performance, backtest and basket are public; orders are the
 * signed-in real account's, and every money move needs the trade password.
 */
export const aiProductRoutes = implementAll(aiProductEndpoints, 'ai-products', {
  list: {
    summary:
      'The AI stock products: rule, schedule, minimum, costs and performance measured from their orders',
    handler: async ({ db, market, input }) => listProducts(db, market, input),
  },
  info: {
    summary:
      "One product with its measured performance and a backtest on the source's daily bars beside its index",
    handler: async ({ db, market, input }) => productInfo(db, market, input.id),
  },
  stocks: {
    summary: "The basket the product's rule holds now, with weights and scores (bars closed before now)",
    handler: async ({ db, market, trading, input }) =>
      productStocks(db, market, input.id, trading.clock.now()),
  },
  buy: {
    summary:
      'Buy an order of a product (TRY from the stock account, shares bought now) or redeem one (shares sold, cash back); trade password',
    handler: async ({ db, market, session, trading, input }) => {
      const now = trading.clock.now();
      const id =
        input.action === 'buy'
          ? await buyAiOrder(db, market, session, input, now)
          : await redeemAiOrder(db, market, session, input, now);
      return orderDetails(db, market, session, id);
    },
  },
  addAmount: {
    summary: 'Add capital to an open order, bought into the basket now; trade password',
    handler: async ({ db, market, session, trading, input }) => {
      const id = await addToAiOrder(db, market, session, input, trading.clock.now());
      return orderDetails(db, market, session, id);
    },
  },
  orders: {
    summary: "The account's AI orders, newest first, with value, P&L and holdings",
    handler: async ({ db, market, session, input }) => listOrders(db, market, session, input),
  },
  order: {
    summary: "One of the account's AI orders with its holdings and every fill",
    handler: async ({ db, market, session, input }) => orderDetails(db, market, session, input.id),
  },
});
