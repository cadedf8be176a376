import { bigint, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { bytea, createdAt, rowId } from './columns';
import { users } from './users';
import { userRef } from './user-ref';

/**
 * A user's passkeys (WebAuthn credentials). Only the public key is kept: a leaked table signs
 * nothing. `counter` is the authenticator's signature count, kept to notice a cloned key.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: rowId(),
    userId: userRef(),
    /** The credential id, base64url, as the browser names it when signing in. */
    credentialId: text('credential_id').notNull().unique(),
    /** COSE-encoded public key. */
    publicKey: bytea('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    /** How the browser may reach the authenticator again (`internal,hybrid`), a hint only. */
    transports: text('transports').notNull().default(''),
    name: text('name').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('passkeys_user_idx').on(t.userId)],
);

/**
 * Challenges handed out for a ceremony: each is answered once (the row is deleted when used) and
 * only before it expires, so a recorded answer cannot be replayed. A registration's challenge
 * belongs to the signed-in user who asked; a sign-in's to nobody yet.
 */
export const passkeyChallenges = pgTable(
  'passkey_challenges',
  {
    challenge: text('challenge').primaryKey(),
    purpose: text('purpose').notNull(),
    userId: bigint('user_id', { mode: 'bigint' }).references(() => users.id),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('passkey_challenges_expires_idx').on(t.expiresAt)],
);
