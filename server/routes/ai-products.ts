import { aiProductEndpoints } from '../../domain/protocol/endpoints/ai-products';
import { addToAiOrder, buyAiOrder, redeemAiOrder } from '../ai-products/apply';
import { listOrders, listProducts, orderDetails, productInfo, productStocks } from '../ai-products/reads';
import { implement, type RouteDef } from '../http/route';

/**
 * AI stock products (DECISIONS §2, §3): rules-based model portfolios of BIST stocks.
 * The products, their measured performance, backtest and basket are public; orders are the
 * signed-in real account's, and every money move needs the trade password.
 */
export const aiProductRoutes: RouteDef[] = [
  implement(aiProductEndpoints.list, {
    summary:
      'The AI stock products: rule, schedule, minimum, costs and performance measured from their orders',
    tag: 'ai-products',
    handler: async ({ db, market, input }) => listProducts(db, market, input),
  }),
  implement(aiProductEndpoints.info, {
    summary:
      "One product with its measured performance and a backtest on the source's daily bars beside its index",
    tag: 'ai-products',
    handler: async ({ db, market, input }) => productInfo(db, market, input.id),
  }),
  implement(aiProductEndpoints.stocks, {
    summary: "The basket the product's rule holds now, with weights and scores (bars closed before now)",
    tag: 'ai-products',
    handler: async ({ db, market, trading, input }) =>
      productStocks(db, market, input.id, trading.clock.now()),
  }),
  implement(aiProductEndpoints.buy, {
    summary:
      'Buy an order of a product (TRY from the stock account, shares bought now) or redeem one (shares sold, cash back); trade password',
    tag: 'ai-products',
    handler: async ({ db, market, session, trading, input }) => {
      const now = trading.clock.now();
      const id =
        input.action === 'buy'
          ? await buyAiOrder(db, market, session, input, now)
          : await redeemAiOrder(db, market, session, input, now);
      return orderDetails(db, market, session, id);
    },
  }),
  implement(aiProductEndpoints.addAmount, {
    summary: 'Add capital to an open order, bought into the basket now; trade password',
    tag: 'ai-products',
    handler: async ({ db, market, session, trading, input }) => {
      const id = await addToAiOrder(db, market, session, input, trading.clock.now());
      return orderDetails(db, market, session, id);
    },
  }),
  implement(aiProductEndpoints.orders, {
    summary: "The account's AI orders, newest first, with value, P&L and holdings",
    tag: 'ai-products',
    handler: async ({ db, market, session, input }) => listOrders(db, market, session, input),
  }),
  implement(aiProductEndpoints.order, {
    summary: "One of the account's AI orders with its holdings and every fill",
    tag: 'ai-products',
    handler: async ({ db, market, session, input }) => orderDetails(db, market, session, input.id),
  }),
];
