import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { LocalizedText } from './content';
import { accountType, parentRef, userRef } from './user-ref';
import { applicationIndexes, offeringWindow, offeringWindowCheck } from './offering-columns';
import { money, ms, rowId, txRef } from './columns';

/**
 * Coin ICOs: token sales in USDT, Binance Launchpad's pro-rata model
 * (domain/ipo/ico). As with stock IPOs (schema/primary.ts), money moves only through the ledger;
 * these rows carry the terms and each commitment's facts (allocated, refunded, credited), each
 * naming the ledger transaction it posted. Statuses are derived from dates and facts, not stored.
 */

export const icoOfferings = pgTable(
  'ico_offerings',
  {
    id: rowId(),
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
    ...offeringWindow(),
    createdAt: ms('created_at').notNull(),
  },
  (t) => [index('ico_offerings_token_idx').on(t.token), offeringWindowCheck('ico_offerings', t)],
);

/** One commitment per user and account (real, demo) per sale, enforced by the unique index. */
export const icoCommitments = pgTable(
  'ico_commitments',
  {
    id: rowId(),
    icoId: parentRef('ico_id', () => icoOfferings.id),
    userId: userRef(),
    accountType: accountType(),
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
  (t) => applicationIndexes('ico_commitments', t.icoId, t, t.committedAt),
);

/** One allocation per sale and account type: demo commitments share a pool of their own. */
export const icoAllocations = pgTable(
  'ico_allocations',
  {
    id: rowId(),
    icoId: parentRef('ico_id', () => icoOfferings.id),
    accountType: accountType(),
    committers: integer('committers').notNull(),
    totalCommitted: money('total_committed').notNull(),
    tokensSold: money('tokens_sold').notNull(),
    tokensUnsold: money('tokens_unsold').notNull(),
    oversubscribed: boolean('oversubscribed').notNull(),
    at: ms('at').notNull(),
  },
  (t) => [uniqueIndex('ico_allocations_once').on(t.icoId, t.accountType)],
);
