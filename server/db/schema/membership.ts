import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { money, ms, rowId } from './columns';
import { parentRef, userRef } from './user-ref';

/**
 * Membership products. VIP belongs to the user (both accounts see it): the trial's
 * window (taken once) and the paid validity. Money moves only through the ledger; a purchase row
 * names its posting.
 */
export const vipMemberships = pgTable('vip_memberships', {
  userId: userRef().primaryKey(),
  trialStartedAt: ms('trial_started_at'),
  trialEndsAt: ms('trial_ends_at'),
  paidUntil: ms('paid_until'),
});

export const vipPurchases = pgTable(
  'vip_purchases',
  {
    id: rowId(),
    userId: userRef(),
    price: money('price').notNull(),
    days: integer('days').notNull(),
    startsAt: ms('starts_at').notNull(),
    endsAt: ms('ends_at').notNull(),
    boughtAt: ms('bought_at').notNull(),
    txId: bigint('tx_id', { mode: 'bigint' }),
  },
  (t) => [index('vip_purchases_user_idx').on(t.userId, t.id)],
);

/** Operator polls: a question and its options in both languages, open in [opensAt, closesAt). */
export const polls = pgTable(
  'polls',
  {
    id: rowId(),
    questionTr: text('question_tr').notNull(),
    questionEn: text('question_en').notNull(),
    opensAt: ms('opens_at').notNull(),
    closesAt: ms('closes_at').notNull(),
    createdAt: ms('created_at').notNull(),
  },
  (t) => [check('polls_window', sql`${t.closesAt} > ${t.opensAt}`)],
);

export const pollOptions = pgTable(
  'poll_options',
  {
    id: rowId(),
    pollId: parentRef('poll_id', () => polls.id),
    position: integer('position').notNull(),
    labelTr: text('label_tr').notNull(),
    labelEn: text('label_en').notNull(),
  },
  (t) => [index('poll_options_poll_idx').on(t.pollId, t.position)],
);

/** One vote per user and poll, by the primary key: concurrent votes of one user count once. */
export const pollVotes = pgTable(
  'poll_votes',
  {
    pollId: parentRef('poll_id', () => polls.id),
    userId: userRef(),
    optionId: parentRef('option_id', () => pollOptions.id),
    votedAt: ms('voted_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.pollId, t.userId] }), index('poll_votes_option_idx').on(t.optionId)],
);
