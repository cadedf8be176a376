import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { StockCostSettings } from '../../../domain/rules/costs';
import type { LocalizedText } from './content';
import { users } from './users';
import { lots, money, ms, txRef } from './columns';

/**
 * The primary market: stock IPOs and their applications. Money moves only through the
 * ledger (DECISIONS §2); these rows carry the prospectus, the application's request and the
 * facts of its life (allocated, refunded, listed), each naming the ledger transaction it posted.
 * Statuses are not stored: domain/ipo/lifecycle derives them from the dates and facts, so a row
 * can never say one thing while its dates say another. Times are epoch ms, lots whole numerics.
 */

export const ipoOfferings = pgTable(
  'ipo_offerings',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The ticker it lists under: a catalogue instrument, not tradable before `listing_at`. */
    symbol: text('symbol').notNull(),
    name: text('name').notNull(),
    summary: jsonb('summary').$type<LocalizedText>().notNull(),
    sector: jsonb('sector').$type<LocalizedText>().notNull(),
    issuePrice: money('issue_price').notNull(),
    lotSize: integer('lot_size').notNull().default(1),
    lotsRetail: lots('lots_retail').notNull(),
    lotsInstitutional: lots('lots_institutional').notNull(),
    minLots: lots('min_lots').notNull(),
    maxLots: lots('max_lots').notNull(),
    subscribeStart: ms('subscribe_start').notNull(),
    subscribeEnd: ms('subscribe_end').notNull(),
    /** The operator closed the subscription early. */
    closedAt: ms('closed_at'),
    allocationAt: ms('allocation_at').notNull(),
    refundAt: ms('refund_at').notNull(),
    listingAt: ms('listing_at').notNull(),
    /** equal | lottery */
    method: text('method').notNull(),
    ticketLots: lots('ticket_lots'),
    /** hold | pay_after (domain/ipo/lifecycle PaymentMode) */
    paymentMode: text('payment_mode').notNull(),
    payBy: ms('pay_by'),
    /** The stock costs charged on allotted lots, fixed when the IPO is created; null: none. */
    costs: jsonb('costs').$type<StockCostSettings>(),
    /** The lottery's seed: stored from creation, never shown before the window closes. */
    lotterySeed: text('lottery_seed').notNull(),
    /** Auto-apply ran for this IPO (once, when the window opened). */
    autoAppliedAt: ms('auto_applied_at'),
    createdAt: ms('created_at').notNull(),
  },
  (t) => [
    index('ipo_offerings_symbol_idx').on(t.symbol),
    check(
      'ipo_offerings_dates',
      sql`${t.subscribeStart} < ${t.subscribeEnd}
      AND ${t.subscribeEnd} <= ${t.allocationAt} AND ${t.allocationAt} <= ${t.refundAt}
      AND ${t.allocationAt} <= ${t.listingAt}`,
    ),
  ],
);

/** One application per user and account (real, demo) per IPO, enforced by the unique index. */
export const ipoApplications = pgTable(
  'ipo_applications',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    ipoId: bigint('ipo_id', { mode: 'bigint' })
      .notNull()
      .references(() => ipoOfferings.id),
    userId: bigint('user_id', { mode: 'bigint' })
      .notNull()
      .references(() => users.id),
    accountType: text('account_type', { enum: ['real', 'demo'] }).notNull(),
    lots: lots('lots').notNull(),
    amount: money('amount').notNull(),
    costs: money('costs').notNull(),
    total: money('total').notNull(),
    held: money('held').notNull(),
    auto: boolean('auto').notNull().default(false),
    appliedAt: ms('applied_at').notNull(),
    holdTxId: txRef('hold_tx_id'),
    tickets: lots('tickets'),
    allottedLots: lots('allotted_lots'),
    charged: money('charged').notNull().default('0'),
    allocatedAt: ms('allocated_at'),
    chargeTxId: txRef('charge_tx_id'),
    refunded: money('refunded').notNull().default('0'),
    refundedAt: ms('refunded_at'),
    refundTxId: txRef('refund_tx_id'),
    listedAt: ms('listed_at'),
    listingTxId: txRef('listing_tx_id'),
    /** pay_after: the user paid the lots won (charged at once: payment and settlement coincide). */
    paidAt: ms('paid_at'),
    /** pay_after: the payment deadline passed unpaid; the user was told once. */
    lapsedAt: ms('lapsed_at'),
  },
  (t) => [
    uniqueIndex('ipo_applications_once').on(t.ipoId, t.userId, t.accountType),
    index('ipo_applications_user_idx').on(t.userId, t.accountType, t.appliedAt),
  ],
);

/**
 * One allocation per IPO and account type: demo applications share a pool of their own, the same
 * size, so practice never dilutes what real applicants get. Enough is kept to re-run it.
 */
export const ipoAllocations = pgTable(
  'ipo_allocations',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    ipoId: bigint('ipo_id', { mode: 'bigint' })
      .notNull()
      .references(() => ipoOfferings.id),
    accountType: text('account_type', { enum: ['real', 'demo'] }).notNull(),
    method: text('method').notNull(),
    pool: lots('pool').notNull(),
    applicants: integer('applicants').notNull(),
    requested: lots('requested').notNull(),
    allotted: lots('allotted').notNull(),
    unallocated: lots('unallocated').notNull(),
    /** Lottery: the seed used and what was drawn (winners | losers | none), for the audit. */
    seed: text('seed'),
    drawn: text('drawn'),
    at: ms('at').notNull(),
  },
  (t) => [uniqueIndex('ipo_allocations_once').on(t.ipoId, t.accountType)],
);
