import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { StockCostSettings } from '../../../domain/rules/costs';
import type { LocalizedText } from './content';
import { accountType, parentRef, userRef } from './user-ref';
import {
  applicationIndexes,
  offeringWindow,
  offeringWindowCheck,
  stockApplication,
} from './offering-columns';
import { lots, money, ms, rowId } from './columns';

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
    id: rowId(),
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
    ...offeringWindow(),
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
  (t) => [index('ipo_offerings_symbol_idx').on(t.symbol), offeringWindowCheck('ipo_offerings', t)],
);

/** One application per user and account (real, demo) per IPO, enforced by the unique index. */
export const ipoApplications = pgTable(
  'ipo_applications',
  {
    id: rowId(),
    ipoId: parentRef('ipo_id', () => ipoOfferings.id),
    userId: userRef(),
    accountType: accountType(),
    ...stockApplication(),
    auto: boolean('auto').notNull().default(false),
    tickets: lots('tickets'),
    refundedAt: ms('refunded_at'),
    /** pay_after: the user paid the lots won (charged at once: payment and settlement coincide). */
    paidAt: ms('paid_at'),
    /** pay_after: the payment deadline passed unpaid; the user was told once. */
    lapsedAt: ms('lapsed_at'),
  },
  (t) => applicationIndexes('ipo_applications', t.ipoId, t, t.appliedAt),
);

/**
 * One allocation per IPO and account type: demo applications share a pool of their own, the same
 * size, so practice never dilutes what real applicants get. Enough is kept to re-run it.
 */
export const ipoAllocations = pgTable(
  'ipo_allocations',
  {
    id: rowId(),
    ipoId: parentRef('ipo_id', () => ipoOfferings.id),
    accountType: accountType(),
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
