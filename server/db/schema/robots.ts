import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { StrategyParams, StrategyState } from '../../../domain/robots/strategies';
import { ROBOT_ORDER_STATUSES } from '../../../domain/protocol/robots';
import { money, ms, rowId, txRef } from './columns';
import { oneOfCheck } from './one-of';
import { parentRef, userRef } from './user-ref';

/**
 * Trading robots (DECISIONS §2). An order locks USDT out of the user's coin wallet into
 * the broker's robot pool (`system:robots:*`, server/robots/postings.ts); every fill and the end
 * are postings naming the order, so `cash`/`qty` here always equal the sum of the order's pool
 * lines. The robot's terms are copied onto the order when bought, so a later settings change or a
 * pause never changes a running order's tax or penalty.
 */
export const robotOrders = pgTable(
  'robot_orders',
  {
    id: rowId(),
    userId: userRef(),
    accountType: text('account_type').notNull(),
    robotId: text('robot_id').notNull(),
    level: integer('level').notNull(),
    strategy: text('strategy').notNull(),
    params: jsonb('params').$type<StrategyParams>().notNull(),
    symbol: text('symbol').notNull(),
    interval: text('interval').notNull(),
    capital: money('capital').notNull(),
    days: integer('days').notNull(),
    feeRate: money('fee_rate').notNull(),
    taxRate: money('tax_rate').notNull(),
    penaltyRate: money('penalty_rate').notNull(),
    /** running | finished (lock-in ended) | stopped (ended early by the user) */
    status: text('status').notNull().default('running'),
    /** The order's own USDT and coin, and the book cost of the coin (fees included). */
    cash: money('cash').notNull(),
    qty: money('qty').notNull().default('0'),
    cost: money('cost').notNull().default('0'),
    fees: money('fees').notNull().default('0'),
    state: jsonb('state').$type<StrategyState>().notNull(),
    /**
     * The run's marks (domain/robots/book.ts): the highest value its holdings had and its largest
     * fall from such a peak, marked at every bar's close, every fill and the end. null on an
     * order bought before runs were marked (its record falls back to its fills).
     */
    markPeak: money('mark_peak'),
    markDrawdown: money('mark_drawdown'),
    /** Open time of the last closed bar fed to the strategy: the run resumes after it. */
    lastBarT: ms('last_bar_t').notNull(),
    startedAt: ms('started_at').notNull(),
    endsAt: ms('ends_at').notNull(),
    result: money('result'),
    tax: money('tax'),
    penalty: money('penalty'),
    returned: money('returned'),
    buyTxId: txRef('buy_tx_id'),
    endTxId: txRef('end_tx_id'),
    closedAt: ms('closed_at'),
  },
  (t) => [
    index('robot_orders_user_idx').on(t.userId, t.accountType, t.id),
    index('robot_orders_robot_idx').on(t.robotId),
    index('robot_orders_running_idx')
      .on(t.endsAt)
      .where(sql`${t.status} = 'running'`),
    oneOfCheck('robot_orders_status', t.status, ROBOT_ORDER_STATUSES),
  ],
);

/** A robot order's fills: each at a level the source's book showed, with its ledger posting. */
export const robotFills = pgTable(
  'robot_fills',
  {
    id: rowId(),
    orderId: parentRef('order_id', () => robotOrders.id),
    robotId: text('robot_id').notNull(),
    t: ms('t').notNull(),
    side: text('side').notNull(),
    price: money('price').notNull(),
    qty: money('qty').notNull(),
    amount: money('amount').notNull(),
    fee: money('fee').notNull(),
    realized: money('realized'),
    txId: txRef('tx_id').notNull(),
  },
  (t) => [index('robot_fills_order_idx').on(t.orderId, t.id), index('robot_fills_robot_idx').on(t.robotId)],
);

/** The operator's pause of a robot (audited, server/operator/robot-routes.ts); no row: selling. */
export const robotPauses = pgTable('robot_pauses', {
  robotId: text('robot_id').primaryKey(),
  paused: boolean('paused').notNull(),
  updatedAt: ms('updated_at').notNull(),
});
