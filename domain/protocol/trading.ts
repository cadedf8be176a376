import { z } from 'zod';
import {
  decimal,
  epochMs,
  oneOf,
  paging,
  pagingCursor,
  rowId,
  rowIdList,
  text,
  txRecordCursor,
} from '../validation/fields';
import { SPOT_WALLETS } from './account';
import { pageOf } from './content';
import { dec, ms } from './wire-kinds';

/**
 * Spot trading on the wire: BIST stock orders (/stock/order/*, /stock/hold/*), coin spot orders
 * (/coin/order/*), funds detail (/user/tx/record). Money, prices and quantities are canonical
 * decimal strings, ids strings, times epoch ms (DECISIONS §4). Request schemas check shape only;
 * trading rules (tick, band, lots, minimums, balance) live in domain/rules and answer with keys.
 */

export const ORDER_SIDES = ['buy', 'sell'] as const;
export type OrderSide = (typeof ORDER_SIDES)[number];
export const ORDER_TYPES = ['market', 'limit'] as const;
export type OrderType = (typeof ORDER_TYPES)[number];
export const TIME_IN_FORCE = ['day', 'gtc'] as const;
export type TimeInForce = (typeof TIME_IN_FORCE)[number];
/** SPEC §4's order states; `in_transaction` is an order being executed right now. */
export const ORDER_STATUSES = [
  'open',
  'partial',
  'in_transaction',
  'closed',
  'cancelled',
  'system_closed',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** States an order can still fill (and be cancelled) in. */
export const LIVE_ORDER_STATUSES: readonly OrderStatus[] = ['open', 'partial', 'in_transaction'];

/** Optional idempotency id: letters, digits, `-` and `_`, up to 64. */
export const clientOrderIdField = z
  .string({ error: 'FIELD_INVALID_TYPE' })
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, { error: 'FIELD_INVALID' });

/** `quantity` in lots; `price` for limit orders. */
export const stockOrderRequestSchema = z.object({
  symbol: text({ max: 20 }),
  type: oneOf(ORDER_TYPES),
  quantity: decimal(),
  price: decimal().optional(),
  timeInForce: oneOf(TIME_IN_FORCE).default('day'),
  clientOrderId: clientOrderIdField.optional(),
  /** Needed only when the user turned on "confirm orders with trade password" (DECISIONS §3). */
  tradePassword: z.string().optional(),
});
export type StockOrderRequest = z.input<typeof stockOrderRequestSchema>;

/** `quantity` in the base coin; `price` for limit orders. */
export const coinOrderRequestSchema = z.object({
  symbol: text({ max: 20 }),
  side: oneOf(ORDER_SIDES),
  type: oneOf(ORDER_TYPES),
  quantity: decimal(),
  price: decimal().optional(),
  clientOrderId: clientOrderIdField.optional(),
  tradePassword: z.string().optional(),
});
export type CoinOrderRequest = z.input<typeof coinOrderRequestSchema>;

/** One order by id, or every live one with all=1. */
/**
 * The most orders or positions one cancel-all or close-all names: a page of the longest list
 * (paging's 100), what a confirmation reads and shows.
 */
export const NAMED_IDS_MAX = 100;

/**
 * One order (`id`), or all live ones (`all=1`, of one `symbol` when given). With `ids`, "all" is
 * only those the user's confirmation named: an order placed meanwhile (from another device) stays.
 */
export const cancelRequestSchema = z.object({
  id: rowId.optional(),
  all: oneOf(['0', '1']).optional(),
  symbol: text({ max: 20 }).optional(),
  ids: rowIdList(NAMED_IDS_MAX).optional(),
});

export const orderListRequestSchema = z.object({
  /** open: live orders; history: finished ones. */
  status: oneOf(['open', 'history']).default('open'),
  symbol: text({ max: 20 }).optional(),
  side: oneOf(ORDER_SIDES).optional(),
  ...paging,
  ...pagingCursor,
});

export const spotOrderSchema = z.object({
  id: z.string(),
  clientOrderId: z.string().nullable(),
  wallet: z.enum(SPOT_WALLETS),
  symbol: z.string(),
  name: z.string(),
  side: z.enum(ORDER_SIDES),
  type: z.enum(ORDER_TYPES),
  timeInForce: z.enum(TIME_IN_FORCE),
  /** Limit price; null for market orders. */
  price: dec.nullable(),
  /** Stocks: lots; coins: base coin. */
  quantity: dec,
  filledQty: dec,
  /** filledAmount ÷ filledQty; null before the first fill. */
  avgPrice: dec.nullable(),
  filledAmount: dec,
  fees: dec,
  frozen: dec,
  realizedPnl: dec,
  status: z.enum(ORDER_STATUSES),
  /** Why the system closed it or cut it short (expired, no_liquidity…), a locale-neutral key. */
  statusReason: z.string().nullable(),
  createdAt: ms,
  updatedAt: ms,
});
export type SpotOrder = z.infer<typeof spotOrderSchema>;

export const spotFillSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  wallet: z.enum(SPOT_WALLETS),
  symbol: z.string(),
  side: z.enum(ORDER_SIDES),
  price: dec,
  qty: dec,
  amount: dec,
  commission: dec,
  bsmv: dec,
  exchangeFee: dec,
  /** Sells: after costs; null for buys. */
  realizedPnl: dec.nullable(),
  t: ms,
});
export type SpotFill = z.infer<typeof spotFillSchema>;

/** Placing an order answers the order as it stands after matching, and its fills so far. */
export const orderResultSchema = z.object({ order: spotOrderSchema, fills: z.array(spotFillSchema) });
export type OrderResult = z.infer<typeof orderResultSchema>;
export const orderPageSchema = pageOf(spotOrderSchema);
export const fillPageSchema = pageOf(spotFillSchema);
/** `gone`: the named `ids` that were no longer live (filled, cancelled or expired meanwhile). */
export const cancelAnswerSchema = z.object({
  cancelled: z.array(spotOrderSchema),
  gone: z.array(z.string()),
});

export const fillListRequestSchema = z.object({
  orderId: rowId.optional(),
  symbol: text({ max: 20 }).optional(),
  /** Epoch ms bounds, inclusive. */
  from: epochMs.optional(),
  to: epochMs.optional(),
  ...paging,
  ...pagingCursor,
});

export const STAT_PERIODS = ['day', 'week', 'month', 'year', 'all'] as const;
export type StatPeriod = (typeof STAT_PERIODS)[number];
/** The income screen's realised P&L by period. */
export const statisticsRequestSchema = z.object({ period: oneOf(STAT_PERIODS).default('month') });
export const statisticsSchema = z.object({
  period: z.enum(STAT_PERIODS),
  from: ms.nullable(),
  to: ms,
  realizedPnl: dec,
  buyAmount: dec,
  sellAmount: dec,
  fees: dec,
  orders: z.number().int(),
  fills: z.number().int(),
  /** Realised P&L per Istanbul day (yyyy-mm-dd), oldest first; days without sells left out. */
  byDay: z.array(z.object({ day: z.string(), realizedPnl: dec })),
  /** Per symbol, largest absolute P&L first. */
  bySymbol: z.array(z.object({ symbol: z.string(), name: z.string(), realizedPnl: dec })),
});
export type Statistics = z.infer<typeof statisticsSchema>;

/** A stock holding: quantity from the ledger, cost basis from fills, value from the feed. */
export const holdingSchema = z.object({
  symbol: z.string(),
  name: z.string(),
  /** Everything held: sellable + frozen in sell orders + T+1 locked. */
  quantity: dec,
  sellable: dec,
  frozen: dec,
  locked: dec,
  /** When the earliest locked shares become sellable; null when none are locked. */
  unlockAt: ms.nullable(),
  /**
   * An IPO's stock allotted and not listed yet: the date it lists. Until then it has no market
   * price, so `price` is the issue price and the value is counted at it.
   */
  listingAt: ms.optional(),
  t1: z.boolean(),
  avgCost: dec,
  cost: dec,
  price: dec,
  marketValue: dec,
  unrealizedPnl: dec,
  /** Percent with 2 decimals; null when the cost is 0. */
  unrealizedPct: dec.nullable(),
  realizedPnl: dec,
});
export type Holding = z.infer<typeof holdingSchema>;

/** `tab` as on the position screen (ordinary, locked; IPO and option later). */
export const holdListRequestSchema = z.object({
  tab: oneOf(['ordinary', 'ipo', 'option', 'locked']).default('ordinary'),
  ...paging,
});
export const holdListSchema = pageOf(holdingSchema).extend({
  totals: z.object({ marketValue: dec, cost: dec, unrealizedPnl: dec, realizedPnl: dec }),
});

/** What the ticket needs for one symbol. */
export const holdInfoRequestSchema = z.object({ symbol: text({ max: 20 }) });
export const holdInfoSchema = z.object({
  symbol: z.string(),
  /** Available TRY of the stock wallet. */
  cashAvailable: dec,
  sellable: dec,
  holding: holdingSchema.nullable(),
  /**
   * The `stockCosts` and `stockOrderLimits` settings the engine books with, so the ticket's
   * preview (domain/rules stockCosts, checkStockOrder) shows exactly what will be charged.
   * Optional only so an older server still parses; the client shows `--` costs without them.
   */
  costs: z
    .object({ commissionRate: dec, minCommission: dec, bsmvRate: dec, exchangeFeeRate: dec })
    .optional(),
  limits: z.object({ minAmount: dec, maxShares: z.number().int() }).optional(),
});
export type HoldInfo = z.infer<typeof holdInfoSchema>;

/** The funds detail, one row per ledger transaction and wallet currency it moved. */
export const txRecordRequestSchema = z.object({
  wallet: oneOf(['stock', 'coin', 'contract']).optional(),
  currency: text({ max: 20 }).optional(),
  /** A ledger reason (fill, fee, transfer, sandbox_funding…). */
  reason: text({ max: 64 }).optional(),
  /** Epoch ms bounds, inclusive. */
  from: epochMs.optional(),
  to: epochMs.optional(),
  ...paging,
  /** "Load more": the `id` of the last row shown (`${transactionId}-${wallet}-${currency}`). */
  before: txRecordCursor.optional(),
});
export const txRecordSchema = z.object({
  /** `${transactionId}-${wallet}-${currency}`: unique per row. */
  id: z.string(),
  transactionId: z.string(),
  t: ms,
  reason: z.string(),
  referenceType: z.string(),
  referenceId: z.string(),
  memo: z.string(),
  wallet: z.enum(['stock', 'coin', 'contract']),
  currency: z.string(),
  /** The movement: what the user owns of this currency went up or down by this (available + frozen). */
  amount: dec,
  /** Its split: the net change of the available and frozen balances. */
  available: dec,
  frozen: dec,
  /** A trade's order side and symbol; null for other bookings. */
  side: z.enum(ORDER_SIDES).nullable(),
  symbol: z.string().nullable(),
  /**
   * What the transaction paid the broker's fees in this currency (a trade's commission, BSMV and
   * exchange fee, a withdrawal's network fee, a contract's fee…), inside `amount`; null when none.
   */
  fees: dec.nullable(),
  /**
   * The wallet currency's balance right after this row: the rows' `available` and `frozen` summed
   * from the first row come to these, and the newest row's are what the wallet holds now.
   */
  balance: z.object({ available: dec, frozen: dec, total: dec }),
});
export type TxRecord = z.infer<typeof txRecordSchema>;
export const txRecordPageSchema = pageOf(txRecordSchema);

/** Private WebSocket `orders` channel payloads (a conditional order's change: ./conditional.ts). */
export type OrdersEvent = { kind: 'order'; order: SpotOrder } | { kind: 'fill'; fill: SpotFill };
