import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { sessions, users } from '../../server/db/schema/users';
import { hashToken } from '../../server/auth/session';
import { uniqueEmail } from './accounts';

/**
 * A user with a session, written straight to the database: the foundation has no login yet,
 * and these tests are about what the API does with a token, not how one is issued.
 */
export async function userWithSession(
  db: Db,
  options: {
    account?: string;
    status?: number;
    idStatus?: string;
    expiresInMs?: number;
    revoked?: boolean;
  } = {},
): Promise<{ token: string; userId: string; account: string }> {
  const account = options.account ?? uniqueEmail('user');
  const [user] = await db
    .insert(users)
    .values({ account, status: options.status ?? 1, idStatus: options.idStatus ?? 'none' })
    .returning({ id: users.id });
  if (!user) throw new Error('user insert returned nothing');
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId: user.id,
    accountType: 'real',
    expiresAt: new Date(Date.now() + (options.expiresInMs ?? 3_600_000)),
    revokedAt: options.revoked ? new Date() : null,
  });
  return { token, userId: String(user.id), account };
}

export async function setUserStatus(db: Db, userId: string, status: number): Promise<void> {
  await db
    .update(users)
    .set({ status })
    .where(eq(users.id, BigInt(userId)));
}
