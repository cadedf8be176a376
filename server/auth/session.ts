import { createHash } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { sessions, users } from '../db/schema/users';
import { sessionInvalid } from '../http/errors';
import { appStateOf } from '../app-state';
import type { Session } from './session-types';

export type { AccountType, Session } from './session-types';

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * The session behind an `accesstoken`, or -1000: missing, unknown, expired and revoked tokens
 * look the same to the caller, and so does a disabled user (SPEC §4: signed out everywhere).
 */
export async function requireSession(db: Db, token: unknown): Promise<Session> {
  // Real tokens are 43 base64url characters; anything far off is not worth a query.
  if (typeof token !== 'string' || token.length < 16 || token.length > 256) throw sessionInvalid();
  const tokenHash = hashToken(token);
  const { sessions: cache } = appStateOf(db);
  const cached = cache.cached(tokenHash, Date.now());
  if (cached === 'expired') throw sessionInvalid();
  if (cached) return cached;
  const mark = cache.revocationMark();
  const rows = await db
    .select({ userId: sessions.userId, accountType: sessions.accountType, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, tokenHash),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date()),
        eq(users.status, 1),
      ),
    );
  const row = rows[0];
  if (!row || (row.accountType !== 'real' && row.accountType !== 'demo')) throw sessionInvalid();
  const session: Session = { userId: row.userId, accountType: row.accountType };
  cache.remember(tokenHash, { ...session, expiresAt: row.expiresAt }, mark, Date.now());
  return session;
}
