import { sql } from 'drizzle-orm';
import { bigint, index, integer, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { AI_ORDER_STATUSES } from '../../../domain/protocol/ai-products';
import { ORDER_SIDES } from '../../../domain/protocol/trading';
import { money, ms, rowId } from './columns';
import { oneOfCheck } from './one-of';
import { parentRef, userRef } from './user-ref';

/**
 * AI stock products (DECISIONS §2). The products themselves are settings (rules); an
 * order's money and shares live only in the ledger, in its own accounts
 * (`product:ai:<orderId>:TRY` and `…:<symbol>`, server/ledger/account-ref.ts), so they never mix
 * with the owner's stock wallet. These rows keep what the ledger cannot say: the order's terms
 * and status, every fill (the measured performance is recomputed from them), and the product's
 * marks at each rebalance and each daily close (for the drawdown).
 */
export const aiOrders = pgTable(
  'ai_orders',
  {
    id: rowId(),
    userId: userRef(),
    /** Always real: a demo reset would orphan an order's own accounts (AI_DEMO_NOT_ALLOWED). */
    accountType: text('account_type').notNull(),
    productId: text('product_id').notNull(),
    /** open | redeemed */
    status: text('status').notNull().default('open'),
    /** TRY moved in from the stock account (buy + adds) and paid back out (redemption). */
    paidIn: money('paid_in').notNull(),
    paidOut: money('paid_out').notNull().default('0'),
    rebalances: integer('rebalances').notNull().default(0),
    openedAt: ms('opened_at').notNull(),
    lastRebalanceAt: ms('last_rebalance_at'),
    closedAt: ms('closed_at'),
  },
  (t) => [
    index('ai_orders_user_idx').on(t.userId, t.accountType, t.id),
    index('ai_orders_open_idx')
      .on(t.productId)
      .where(sql`${t.status} = 'open'`),
    oneOfCheck('ai_orders_status', t.status, AI_ORDER_STATUSES),
  ],
);

/** One fill of an order's shares at a price the source printed, with the stock costs it paid. */
export const aiFills = pgTable(
  'ai_fills',
  {
    id: rowId(),
    orderId: parentRef('order_id', () => aiOrders.id),
    productId: text('product_id').notNull(),
    symbol: text('symbol').notNull(),
    /** buy | sell */
    side: text('side').notNull(),
    qty: numeric('qty', { precision: 38, scale: 0 }).notNull(),
    price: money('price').notNull(),
    amount: money('amount').notNull(),
    costs: money('costs').notNull(),
    /** buy | add | rebalance | redeem */
    reason: text('reason').notNull(),
    tradeId: text('trade_id').notNull(),
    txId: bigint('tx_id', { mode: 'bigint' }).notNull(),
    t: ms('t').notNull(),
  },
  (t) => [
    index('ai_fills_order_idx').on(t.orderId, t.id),
    index('ai_fills_product_idx').on(t.productId),
    oneOfCheck('ai_fills_side', t.side, ORDER_SIDES),
  ],
);

/** A product's rebalance: when, and its open orders' value and money in and out right after. */
export const aiRebalances = pgTable(
  'ai_rebalances',
  {
    id: rowId(),
    productId: text('product_id').notNull(),
    t: ms('t').notNull(),
    orders: integer('orders').notNull(),
    /** Every order of the product ever: open orders' value; paid in and out so far. */
    value: money('value').notNull(),
    paidIn: money('paid_in').notNull(),
    paidOut: money('paid_out').notNull(),
  },
  (t) => [index('ai_rebalances_product_idx').on(t.productId, t.t)],
);

/**
 * A product's mark at a closed daily bar: its orders' book as the first pass after the bar's
 * close found it, the shares valued at that bar's closes, with money in and out so far. With the
 * rebalance marks it gives the drawdown a mark at every bar, not only when the rule traded.
 */
export const aiMarks = pgTable(
  'ai_marks',
  {
    id: rowId(),
    productId: text('product_id').notNull(),
    /** The close time of the bar (its open + one day). */
    t: ms('t').notNull(),
    value: money('value').notNull(),
    paidIn: money('paid_in').notNull(),
    paidOut: money('paid_out').notNull(),
  },
  (t) => [uniqueIndex('ai_marks_product_t_idx').on(t.productId, t.t)],
);
