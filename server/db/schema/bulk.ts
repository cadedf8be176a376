import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, numeric, pgTable, text } from 'drizzle-orm/pg-core';
import type { StockCostSettings } from '../../../domain/rules/costs';
import { ipoOfferings } from './primary';
import { accountType, parentRef, userRef } from './user-ref';
import { stockApplication, applicationIndexes } from './offering-columns';
import { lots, money, ms, rowId, txRef } from './columns';

/**
 * Block trades and offline (institutional) subscriptions. As in primary.ts,
 * money moves only through the ledger and each row names the ledger transaction it posted;
 * statuses are derived from the dates and facts. Times are epoch ms, lots whole numerics.
 */

/**
 * A block of a listed stock sold at a disclosed discount to the stock's reference price (the
 * previous session's close, read live from the market source at purchase), first come first
 * served, the shares locked for `lockup_days` after purchase. Real and demo accounts buy from
 * pools of the same size (block_orders.account_type), so practice never takes real lots.
 */
export const blockTrades = pgTable(
  'block_trades',
  {
    id: rowId(),
    symbol: text('symbol').notNull(),
    /** A fraction: "0.08" is 8 % below the reference price. */
    discount: numeric('discount', { precision: 10, scale: 6 }).notNull(),
    lotSize: integer('lot_size').notNull().default(1),
    lotsOffered: lots('lots_offered').notNull(),
    minLots: lots('min_lots').notNull(),
    /** Per buyer and block, all their orders together. */
    maxLots: lots('max_lots').notNull(),
    opensAt: ms('opens_at').notNull(),
    closesAt: ms('closes_at').notNull(),
    /** The operator closed it early. */
    closedAt: ms('closed_at'),
    lockupDays: integer('lockup_days').notNull(),
    vipOnly: boolean('vip_only').notNull().default(false),
    costs: jsonb('costs').$type<StockCostSettings>(),
    createdAt: ms('created_at').notNull(),
  },
  (t) => [
    index('block_trades_opens_idx').on(t.opensAt),
    check('block_trades_dates', sql`${t.opensAt} < ${t.closesAt}`),
  ],
);

/** One purchase from a block: one ledgered charge and the shares booked locked until `locked_until`. */
export const blockOrders = pgTable(
  'block_orders',
  {
    id: rowId(),
    blockId: parentRef('block_id', () => blockTrades.id),
    userId: userRef(),
    accountType: accountType(),
    symbol: text('symbol').notNull(),
    lots: lots('lots').notNull(),
    /** The reference price it was bought against and the block price paid, per share. */
    referencePrice: money('reference_price').notNull(),
    price: money('price').notNull(),
    amount: money('amount').notNull(),
    costs: money('costs').notNull(),
    total: money('total').notNull(),
    boughtAt: ms('bought_at').notNull(),
    lockedUntil: ms('locked_until').notNull(),
    txId: txRef('tx_id').notNull(),
  },
  (t) => [
    index('block_orders_block_idx').on(t.blockId, t.accountType),
    index('block_orders_user_idx').on(t.userId, t.accountType, t.boughtAt),
  ],
);

/**
 * Offline (institutional-tranche) applications for an IPO: see server/primary/bulk/offline.ts
 * for the rule. One per user, account and IPO; the hold, the pro-rata allotment and the refund
 * are ledgered like retail applications.
 */
export const offlineApplications = pgTable(
  'offline_applications',
  {
    id: rowId(),
    ipoId: parentRef('ipo_id', () => ipoOfferings.id),
    userId: userRef(),
    accountType: accountType(),
    ...stockApplication(),
  },
  (t) => applicationIndexes('offline_applications', t.ipoId, t, t.appliedAt),
);
