import { sql } from 'drizzle-orm';
import { check, index, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { lots, money, ms, txRef } from './columns';

/**
 * What the primary market's tables (stock IPOs, coin sales, offline subscriptions) share, written
 * once so the offerings cannot drift apart: the subscription window and its ordering check, and
 * the facts of an application's life. Each fact names the ledger transaction it posted.
 */

/** The dates an offering runs by; `closedAt`: the operator closed the subscription early. */
export const offeringWindow = () => ({
  subscribeStart: ms('subscribe_start').notNull(),
  subscribeEnd: ms('subscribe_end').notNull(),
  closedAt: ms('closed_at'),
  allocationAt: ms('allocation_at').notNull(),
  refundAt: ms('refund_at').notNull(),
  listingAt: ms('listing_at').notNull(),
});

type WindowColumns = {
  subscribeStart: AnyPgColumn;
  subscribeEnd: AnyPgColumn;
  allocationAt: AnyPgColumn;
  refundAt: AnyPgColumn;
  listingAt: AnyPgColumn;
};

/** The database refuses a window whose dates are out of order, whatever code wrote it. */
export const offeringWindowCheck = (table: string, t: WindowColumns) =>
  check(
    `${table}_dates`,
    sql`${t.subscribeStart} < ${t.subscribeEnd}
      AND ${t.subscribeEnd} <= ${t.allocationAt} AND ${t.allocationAt} <= ${t.refundAt}
      AND ${t.allocationAt} <= ${t.listingAt}`,
  );

/**
 * One application per user and account (real, demo) per offering, and a user's own list read by
 * time: the two indexes every application table has.
 */
export const applicationIndexes = (
  table: string,
  offering: AnyPgColumn,
  t: { userId: AnyPgColumn; accountType: AnyPgColumn },
  at: AnyPgColumn,
) => [
  uniqueIndex(`${table}_once`).on(offering, t.userId, t.accountType),
  index(`${table}_user_idx`).on(t.userId, t.accountType, at),
];

/**
 * A stock application's request and life, retail or offline alike: lots asked and the amount
 * held for them, then the lots allotted and charged, the rest refunded, the shares listed.
 */
export const stockApplication = () => ({
  lots: lots('lots').notNull(),
  amount: money('amount').notNull(),
  costs: money('costs').notNull(),
  total: money('total').notNull(),
  held: money('held').notNull(),
  appliedAt: ms('applied_at').notNull(),
  holdTxId: txRef('hold_tx_id'),
  allottedLots: lots('allotted_lots'),
  charged: money('charged').notNull().default('0'),
  allocatedAt: ms('allocated_at'),
  chargeTxId: txRef('charge_tx_id'),
  refunded: money('refunded').notNull().default('0'),
  refundTxId: txRef('refund_tx_id'),
  listedAt: ms('listed_at'),
  listingTxId: txRef('listing_tx_id'),
});
