import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { riskChecks } from '../../server/db/schema/learn';
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
    /**
     * Whether the user has passed the risk checks before leverage above 5× and options (default
     * yes: these tests are about other things; the check's own tests say false).
     */
    riskChecks?: boolean;
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
  if (options.riskChecks ?? true) await passRiskChecks(db, user.id);
  return { token, userId: String(user.id), account };
}

/** A demo-account token for an existing user, as login issues it beside the real one. */
export async function demoSession(db: Db, userId: bigint | string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId: BigInt(userId),
    accountType: 'demo',
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  return token;
}

/** Records the user as having passed both risk checks, as a round answered right would. */
export async function passRiskChecks(db: Db, userId: bigint): Promise<void> {
  const now = Date.now();
  await db.insert(riskChecks).values(
    (['leverage', 'option'] as const).map((kind) => ({
      userId,
      kind,
      questions: { basis: null, leverages: [], open: [], issued: 0 },
      createdAt: now,
      passedAt: now,
    })),
  );
}

export async function setUserStatus(db: Db, userId: string, status: number): Promise<void> {
  await db
    .update(users)
    .set({ status })
    .where(eq(users.id, BigInt(userId)));
}
