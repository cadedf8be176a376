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
import type { LocalizedText } from './content';
import { users } from './users';
import { money, ms, txRef } from './columns';

/**
 * Coin ICOs: token sales in USDT, Binance Launchpad's pro-rata model
 * (domain/ipo/ico). As with stock IPOs (schema/primary.ts), money moves only through the ledger;
 * these rows carry the terms and each commitment's facts (allocated, refunded, credited), each
 * naming the ledger transaction it posted. Statuses are derived from dates and facts, not stored.
 */

export const icoOfferings = pgTable(
  'ico_offerings',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The token's ticker (`NOVA`): a coin balance once credited, traded as `<token>USDT`. */
    token: text('token').notNull(),
    name: text('name').notNull(),
    summary: jsonb('summary').$type<LocalizedText>().notNull(),
    tokenPrice: money('token_price').notNull(),
    tokensOffered: money('tokens_offered').notNull(),
    tokenScale: integer('token_scale').notNull(),
    minCommit: money('min_commit').notNull(),
    /** Per user (over the one commitment); null: no cap. */
    maxCommit: money('max_commit'),
    subscribeStart: ms('subscribe_start').notNull(),
    subscribeEnd: ms('subscribe_end').notNull(),
    closedAt: ms('closed_at'),
    allocationAt: ms('allocation_at').notNull(),
    refundAt: ms('refund_at').notNull(),
    listingAt: ms('listing_at').notNull(),
    createdAt: ms('created_at').notNull(),
  },
  (t) => [
    index('ico_offerings_token_idx').on(t.token),
    check(
      'ico_offerings_dates',
      sql`${t.subscribeStart} < ${t.subscribeEnd}
      AND ${t.subscribeEnd} <= ${t.allocationAt} AND ${t.allocationAt} <= ${t.refundAt}
      AND ${t.allocationAt} <= ${t.listingAt}`,
    ),
  ],
);

/** One commitment per user and account (real, demo) per sale, enforced by the unique index. */
export const icoCommitments = pgTable(
  'ico_commitments',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    icoId: bigint('ico_id', { mode: 'bigint' })
      .notNull()
      .references(() => icoOfferings.id),
    userId: bigint('user_id', { mode: 'bigint' })
      .notNull()
      .references(() => users.id),
    accountType: text('account_type', { enum: ['real', 'demo'] }).notNull(),
    amount: money('amount').notNull(),
    committedAt: ms('committed_at').notNull(),
    holdTxId: txRef('hold_tx_id'),
    tokens: money('tokens'),
    spent: money('spent').notNull().default('0'),
    allocatedAt: ms('allocated_at'),
    spendTxId: txRef('spend_tx_id'),
    refunded: money('refunded').notNull().default('0'),
    refundedAt: ms('refunded_at'),
    refundTxId: txRef('refund_tx_id'),
    creditedAt: ms('credited_at'),
    creditTxId: txRef('credit_tx_id'),
  },
  (t) => [
    uniqueIndex('ico_commitments_once').on(t.icoId, t.userId, t.accountType),
    index('ico_commitments_user_idx').on(t.userId, t.accountType, t.committedAt),
  ],
);

/** One allocation per sale and account type: demo commitments share a pool of their own. */
export const icoAllocations = pgTable(
  'ico_allocations',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    icoId: bigint('ico_id', { mode: 'bigint' })
      .notNull()
      .references(() => icoOfferings.id),
    accountType: text('account_type', { enum: ['real', 'demo'] }).notNull(),
    committers: integer('committers').notNull(),
    totalCommitted: money('total_committed').notNull(),
    tokensSold: money('tokens_sold').notNull(),
    tokensUnsold: money('tokens_unsold').notNull(),
    oversubscribed: boolean('oversubscribed').notNull(),
    at: ms('at').notNull(),
  },
  (t) => [uniqueIndex('ico_allocations_once').on(t.icoId, t.accountType)],
);
