import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One schema for PGlite and PostgreSQL (DECISIONS §6). Migrations are generated from this
 * file with `npm run db:generate` and committed under server/db/migrations.
 */

export const users = pgTable('users', {
  // Numeric ids read well when a user copies theirs for support; they go out as strings.
  id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity({ startWith: 100001 }),
  account: text('account').notNull().unique(),
  /** 1 active, 0 disabled: a disabled user is signed out everywhere (SPEC §4). */
  status: smallint('status').notNull().default(1),
  /** KYC state: none | pending | succ | fail. */
  idStatus: text('id_status').notNull().default('none'),
  openAutoApply: smallint('open_auto_apply').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the token: a leaked table gives no usable token. */
    tokenHash: text('token_hash').primaryKey(),
    userId: bigint('user_id', { mode: 'bigint' })
      .notNull()
      .references(() => users.id),
    /** Each user has a real and a demo account, each with its own token (SPEC §4). */
    accountType: text('account_type').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Operator-tunable settings, seeded with defaults on the first run. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
});

/** Which seed steps have run, so seeding is idempotent and later steps can be added. */
export const seedLog = pgTable('seed_log', {
  step: text('step').primaryKey(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
});
