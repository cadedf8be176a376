import { z } from 'zod';
import { withRequestId } from './request-id';
import { BASKET_KINDS, WEIGHTINGS } from '../ai-products/basket';
import { decimal, rowId, statusPageRequestSchema } from '../validation/fields';
import { pageOf } from './content';
import { dec, id, ms } from './wire-kinds';

/**
 * AI stock products on the wire (DECISIONS §2, §3): rules-based model portfolios of BIST
 * stocks. A user buys an order of a product with TRY from the stock account; the order's holdings
 * are real shares bought at the source's prices with the stock costs, rebalanced on the product's
 * schedule. Every figure is measured from the orders' fills (or replayed on past daily bars for
 * the backtest): past results, never a promise. Money is canonical decimal strings (TRY), ratios
 * fractions ("0.0123" = 1.23%), times epoch ms.
 *
 * `/stock/ai/buy` carries both money-moving actions on an order that endpoints.txt has no path
 * for: `buy` opens an order, `redeem` sells its holdings and pays the proceeds back (the
 * contract's list has no separate redeem endpoint). Adding capital is `/stock/ai/order/add/amount`.
 */

/** A product's id: a short slug from the settings (`momentum-5`). */
export const productId = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .regex(/^[a-z0-9-]+$/);

export const AI_ORDER_STATUSES = ['open', 'redeemed'] as const;
export type AiOrderStatus = (typeof AI_ORDER_STATUSES)[number];
export const AI_FILL_REASONS = ['buy', 'add', 'rebalance', 'redeem'] as const;

/** Measured from the product's own orders: paid in, paid out on redemption, value now. */
export const aiPerformanceSchema = z.object({
  /** When the product's first order was bought; null before any. */
  since: ms.nullable(),
  paidIn: dec,
  paidOut: dec,
  value: dec,
  /** (value + paidOut) / paidIn − 1, net of every cost; null before any order. */
  return: dec.nullable(),
  /**
   * Largest fall of (value + paidOut) / paidIn from its peak, over its marks at every daily close
   * and every rebalance, and now.
   */
  maxDrawdown: dec,
  rebalances: z.number().int(),
  orders: z.number().int(),
});
export type AiPerformance = z.infer<typeof aiPerformanceSchema>;

export const aiCostsSchema = z.object({
  commissionRate: dec,
  minCommission: dec,
  bsmvRate: dec,
  exchangeFeeRate: dec,
});

export const aiProductSchema = z.object({
  id,
  kind: z.enum(BASKET_KINDS),
  weighting: z.enum(WEIGHTINGS),
  lookbackDays: z.number().int(),
  count: z.number().int(),
  rebalanceDays: z.number().int(),
  /** The index whose members the rule picks from (and the backtest's benchmark). */
  universe: z.string(),
  currency: z.literal('TRY'),
  minAmount: dec,
  /** Stock costs on every buy and sell of the order's shares (redeeming pays the sells' costs). */
  costs: aiCostsSchema,
  marketOpen: z.boolean(),
  lastRebalanceAt: ms.nullable(),
  performance: aiPerformanceSchema,
});
export type AiProduct = z.infer<typeof aiProductSchema>;
export const aiProductPageSchema = pageOf(aiProductSchema);

export const aiBacktestSchema = z.object({
  days: z.number().int(),
  /** Model value and the index, both starting at 1 before the first bar. */
  points: z.array(z.object({ t: ms, value: dec, index: dec })),
  return: dec,
  indexReturn: dec,
  rebalances: z.number().int(),
});
export type AiBacktest = z.infer<typeof aiBacktestSchema>;

/** /stock/ai/info: the product with its backtest on the simulator's daily bars (null: too little history). */
export const aiProductInfoSchema = aiProductSchema.extend({ backtest: aiBacktestSchema.nullable() });
export type AiProductInfo = z.infer<typeof aiProductInfoSchema>;

export const aiBasketLineSchema = z.object({
  symbol: z.string(),
  name: z.string(),
  weight: dec,
  /** The rule's score: the N-day return (momentum) or the daily-return deviation (low volatility). */
  score: dec,
  price: dec.nullable(),
});
/** /stock/ai/stocks: the basket the rule holds now (bars closed before now). */
export const aiBasketSchema = z.object({ id, asOf: ms, list: z.array(aiBasketLineSchema) });
export type AiBasket = z.infer<typeof aiBasketSchema>;

export const aiHoldingSchema = z.object({
  symbol: z.string(),
  name: z.string(),
  qty: dec,
  price: dec.nullable(),
  value: dec,
  /** Share of the order's value now. */
  weight: dec,
});
export const aiFillSchema = z.object({
  symbol: z.string(),
  side: z.enum(['buy', 'sell']),
  qty: dec,
  price: dec,
  amount: dec,
  costs: dec,
  reason: z.enum(AI_FILL_REASONS),
  t: ms,
});
export type AiFill = z.infer<typeof aiFillSchema>;

export const aiOrderSchema = z.object({
  id,
  productId: id,
  kind: z.enum(BASKET_KINDS),
  status: z.enum(AI_ORDER_STATUSES),
  paidIn: dec,
  paidOut: dec,
  /** TRY not in shares (what did not make a whole lot, or is waiting for the next trade). */
  cash: dec,
  /** cash + holdings at the source's last prices; after redemption 0. */
  value: dec,
  /** value + paidOut − paidIn, and that over paidIn. */
  pnl: dec,
  pnlRatio: dec.nullable(),
  /** Commission, BSMV and exchange fee paid on the order's fills. */
  costs: dec,
  /**
   * Redeeming now, estimated (domain/ai-products/redeem): the sales' costs at the last prices and
   * what would reach the stock account; both 0 once redeemed. Shown before the user confirms.
   */
  redeemCosts: dec,
  redeemNet: dec,
  rebalances: z.number().int(),
  holdings: z.array(aiHoldingSchema),
  openedAt: ms,
  lastRebalanceAt: ms.nullable(),
  closedAt: ms.nullable(),
});
export type AiOrder = z.infer<typeof aiOrderSchema>;
export const aiOrderPageSchema = pageOf(aiOrderSchema);
export const aiOrderDetailsSchema = aiOrderSchema.extend({ fills: z.array(aiFillSchema) });
export type AiOrderDetails = z.infer<typeof aiOrderDetailsSchema>;

export const aiProductRequestSchema = z.object({ id: productId });
export const aiOrderListRequestSchema = statusPageRequestSchema(AI_ORDER_STATUSES);

/** `buy` an order of product `id` for `amount` TRY, or `redeem` order `orderId`. */
export const aiBuyRequestSchema = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('buy'),
    id: productId,
    amount: decimal(),
    tradePassword: z.string().default(''),
    ...withRequestId,
  }),
  z.object({
    action: z.literal('redeem'),
    orderId: rowId,
    tradePassword: z.string().default(''),
    ...withRequestId,
  }),
]);
export type AiBuyRequest = z.input<typeof aiBuyRequestSchema>;

/** `amount` TRY more into order `id`, bought into its basket now. */
export const aiAddAmountRequestSchema = z.object({
  id: rowId,
  amount: decimal(),
  tradePassword: z.string().default(''),
  ...withRequestId,
});
