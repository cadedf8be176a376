import { sql } from 'drizzle-orm';
import { bigint, check, index, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { accountType, userRef } from './user-ref';
import { rowId } from './columns';

/**
 * The risk check before leverage above 5× and before the first option (/user/risk-check/*): one
 * row a round of questions. The questions' answers stay here (`questions` holds them) and never
 * reach the client before it has answered; a wrong answer replaces its question with one on other
 * numbers. `passed_at` set is the pass the broker asks for: per user, both accounts, per kind.
 */
export const riskChecks = pgTable(
  'risk_checks',
  {
    id: rowId(),
    userId: userRef(),
    /** leverage | option */
    kind: text('kind').notNull(),
    /** The round's questions with their answers (server/risk-check/store.ts reads it). */
    questions: jsonb('questions').notNull(),
    /** How many answers were wrong in this round. */
    mistakes: bigint('mistakes', { mode: 'number' }).notNull().default(0),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    passedAt: bigint('passed_at', { mode: 'number' }),
  },
  (t) => [
    index('risk_checks_user_idx').on(t.userId, t.kind, t.id),
    check('risk_checks_kind', sql`${t.kind} in ('leverage', 'option')`),
  ],
);

/**
 * A user's tags and note on one closed trade of the journal (/user/journal/note), keyed by the
 * trade's id as the journal derives it (`spot:<order id>`, `contract:<position id>`…): the trades
 * themselves are derived from fills every time, never stored twice.
 */
export const journalNotes = pgTable(
  'journal_notes',
  {
    userId: userRef(),
    accountType: accountType(),
    tradeId: text('trade_id').notNull(),
    tags: jsonb('tags').$type<string[]>().notNull(),
    note: text('note').notNull(),
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.accountType, t.tradeId] })],
);
