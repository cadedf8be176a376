import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

export const users = pgTable(
  'users',
  {
    // Numeric ids read well when a user copies theirs for support; they go out as strings.
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity({ startWith: 100001 }),
    /** What the user signs in with: an email, or a phone number with its area code (`+905551112233`). */
    account: text('account').notNull().unique(),
    accountKind: text('account_kind').notNull().default('email'),
    email: text('email'),
    phone: text('phone'),
    /** `scrypt$N$r$p$salt$hash`, so the cost can rise without invalidating old hashes. */
    passwordHash: text('password_hash').notNull().default(''),
    tradePasswordHash: text('trade_password_hash'),
    withdrawPasswordHash: text('withdraw_password_hash'),
    /** 1 active, 0 disabled: a disabled user is signed out everywhere (SPEC §4). */
    status: smallint('status').notNull().default(1),
    /** KYC state: none | pending | succ | fail. */
    idStatus: text('id_status').notNull().default('none'),
    openAutoApply: smallint('open_auto_apply').notNull().default(0),
    /** SPEC §6: regular or HNI. */
    investorType: text('investor_type').notNull().default('regular'),
    /** DECISIONS §3: orders need the trade password only when the user turns this on. */
    confirmOrdersWithTradePassword: boolean('confirm_orders_with_trade_password').notNull().default(false),
    nickname: text('nickname'),
    /** The user's own invite code, and the code they registered with. */
    inviteCode: text('invite_code').unique(),
    invitedBy: bigint('invited_by', { mode: 'bigint' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('users_email_idx').on(t.email), index('users_phone_idx').on(t.phone)],
);

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
    /** The real and demo tokens of one login share a pair id, so logout revokes both. */
    pairId: text('pair_id').notNull().default(''),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_pair_idx').on(t.pairId)],
);

/**
 * Verification codes (DECISIONS §3: they go to the outbox, never into an API answer).
 * Stored hashed; each has a purpose, an expiry and a count of wrong tries.
 */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    /** email | phone */
    channel: text('channel').notNull(),
    target: text('target').notNull(),
    /** register | reset | email | tradepwd | withdrawpwd */
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [index('verification_codes_target_idx').on(t.target, t.purpose, t.createdAt)],
);

/** What the sandbox "sent": the operator CLI reads it (`npm run operator -- outbox`). */
export const outbox = pgTable(
  'outbox',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    channel: text('channel').notNull(),
    target: text('target').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('outbox_target_idx').on(t.target, t.createdAt)],
);

/** Failed-attempt counters for throttling logins and code checks, per account and per IP. */
export const authThrottle = pgTable('auth_throttle', {
  /** e.g. `login:account:a@b.co`, `login:ip:127.0.0.1` */
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
  blockedUntil: timestamp('blocked_until', { withTimezone: true })
    .notNull()
    .default(sql`'epoch'::timestamptz`),
});
