import { bigint, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { money, ms } from './columns';
import { SPOT_WALLETS } from '../../../domain/protocol/account';
import { CONDITIONAL_KINDS } from '../../../domain/conditional/trigger';
import { CONDITIONAL_STATES, TRAIL_BY } from '../../../domain/protocol/conditional';
import { ORDER_SIDES } from '../../../domain/protocol/trading';
import { accountType, userRef } from './user-ref';

/**
 * Conditional orders (stop, stop-limit, take-profit, trailing stop, and the two legs of a
 * one-cancels-other pair): the broker places the order when a trade of the feed crosses the
 * trigger. The hold sits in the ledger; this row says why, and what fired it.
 */
export const conditionalOrders = pgTable(
  'conditional_orders',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: userRef(),
    accountType: accountType(),
    wallet: text('wallet', { enum: SPOT_WALLETS }).notNull(),
    /** The first leg's id: a single order's own, both legs' of a one-cancels-other pair. */
    groupId: bigint('group_id', { mode: 'bigint' }),
    symbol: text('symbol').notNull(),
    kind: text('kind', { enum: CONDITIONAL_KINDS }).notNull(),
    side: text('side', { enum: ORDER_SIDES }).notNull(),
    quantity: money('quantity').notNull(),
    /** The price a trade must reach; a trailing stop's moves with `best`. */
    triggerPrice: money('trigger_price').notNull(),
    /** The placed order's limit; null places a market order. */
    limitPrice: money('limit_price'),
    trailBy: text('trail_by', { enum: TRAIL_BY }),
    trailValue: money('trail_value'),
    /** Trailing: the best price since placing (highest for a sell, lowest for a buy). */
    best: money('best'),
    /** Held for the group, on its first leg (the other leg of a pair holds nothing). */
    frozen: money('frozen').notNull().default('0'),
    state: text('state', { enum: CONDITIONAL_STATES }).notNull(),
    /** Why it was refused when fired (an error key), or why it ended: user, oco, expired. */
    reason: text('reason'),
    /** A refusal's figures (the day's band, the balance short), as the error key's text takes them. */
    reasonParams: jsonb('reason_params').$type<Record<string, string | number>>(),
    /** The trade that fired it. */
    firedPrice: money('fired_price'),
    firedAt: ms('fired_at'),
    firedTradeId: text('fired_trade_id'),
    placedOrderId: bigint('placed_order_id', { mode: 'bigint' }),
    expiresAt: ms('expires_at'),
    createdAt: ms('created_at').notNull(),
    updatedAt: ms('updated_at').notNull(),
  },
  (t) => [
    index('conditional_orders_user_idx').on(t.userId, t.accountType, t.id),
    index('conditional_orders_state_idx').on(t.state),
  ],
);

export type ConditionalRow = typeof conditionalOrders.$inferSelect;
