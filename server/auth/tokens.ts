import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, isNull, not } from 'drizzle-orm';
import type { SecurityConfig } from '../config';
import type { Db } from '../db/client';
import { sessions } from '../db/schema/users';
import { hashToken } from './session';
import { appStateOf } from '../app-state';
import type { SessionCache } from './session-cache';

export type TokenPair = { real: string; demo: string };

function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Signs a user in: a real and a demo token (SPEC §4), stored hashed under one pair id so that
 * logging out ends both. A demo token reaches the demo account only (session.accountType).
 */
export async function issueTokenPair(db: Db, security: SecurityConfig, userId: bigint): Promise<TokenPair> {
  const pair: TokenPair = { real: newToken(), demo: newToken() };
  const pairId = randomUUID();
  const expiresAt = new Date(Date.now() + security.sessionTtlHours * 3_600_000);
  await db.insert(sessions).values([
    { tokenHash: hashToken(pair.real), userId, accountType: 'real', pairId, expiresAt },
    { tokenHash: hashToken(pair.demo), userId, accountType: 'demo', pairId, expiresAt },
  ]);
  return pair;
}

/** Which rows a token stands for: its pair, or the token alone when it has none. */
async function pairCondition(db: Db, userId: bigint, token: string) {
  const tokenHash = hashToken(token);
  const [row] = await db
    .select({ pairId: sessions.pairId })
    .from(sessions)
    .where(and(eq(sessions.tokenHash, tokenHash), eq(sessions.userId, userId)));
  return row?.pairId ? eq(sessions.pairId, row.pairId) : eq(sessions.tokenHash, tokenHash);
}

/** Logout: ends the token used and its partner. */
export async function revokePairOf(db: Db, userId: bigint, token: string): Promise<void> {
  const { sessions: cache, events } = appStateOf(db);
  cache.forgetUser(userId);
  const pair = await pairCondition(db, userId, token);
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), pair));
  events.sessionsEnded(userId);
}

/**
 * Ends every session of the user (password reset, disabling), or all but the caller's pair.
 * Called inside the caller's transaction (`cache`: the app's, server/app-state.ts): once it commits, the caller tells the user's sockets
 * (`events.sessionsEnded`), which then ask whether theirs was one of them.
 */
export async function revokeUserSessions(
  db: Db,
  cache: SessionCache,
  userId: bigint,
  keepToken?: string,
): Promise<void> {
  // Forgotten before the update and held off for a few seconds after (session-cache.ts), so a
  // request racing with this transaction cannot put the old session back in the cache.
  cache.forgetUser(userId);
  const open = and(eq(sessions.userId, userId), isNull(sessions.revokedAt));
  if (keepToken === undefined) {
    await db.update(sessions).set({ revokedAt: new Date() }).where(open);
    return;
  }
  const others = not(await pairCondition(db, userId, keepToken));
  await db.update(sessions).set({ revokedAt: new Date() }).where(and(open, others));
}
