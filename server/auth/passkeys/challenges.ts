import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { passkeyChallenges } from '../../db/schema/passkeys';
import { ApiError } from '../../http/errors';

export type ChallengePurpose = 'register' | 'login';

/**
 * How long a ceremony may take: long enough for a person to find and unlock their authenticator.
 * One number for both sides: the options' `timeout` tells the browser, and the stored challenge
 * expires at the same instant, so an answer the browser would still send is never refused as late
 * and one it would have given up on is never taken.
 */
export const CHALLENGE_TIMEOUT_MS = 120_000;

/**
 * How long an expired challenge is kept before a sweep removes it: an answer arriving that late
 * hears PASSKEY_CHALLENGE_EXPIRED (start again) instead of a bare failure. Taking one removes it
 * at once, live or not.
 */
const EXPIRED_KEPT_MS = CHALLENGE_TIMEOUT_MS;

/** Stores a challenge just handed out; the long-expired ones are swept here, so the table stays small. */
export async function keepChallenge(
  db: Db,
  challenge: string,
  purpose: ChallengePurpose,
  userId: bigint | null,
  now: number,
): Promise<void> {
  await db.delete(passkeyChallenges).where(lt(passkeyChallenges.expiresAt, new Date(now - EXPIRED_KEPT_MS)));
  await db.insert(passkeyChallenges).values({
    challenge,
    purpose,
    userId,
    expiresAt: new Date(now + CHALLENGE_TIMEOUT_MS),
  });
}

/**
 * Takes a challenge of this purpose out of the store, in one statement, so of two answers racing
 * with the same challenge only one gets it. Answers whose user asked for it (null for a sign-in's),
 * or undefined when there is no such challenge; one whose time ran out (`now` at or past its
 * expiry) is removed and refused with PASSKEY_CHALLENGE_EXPIRED.
 */
export async function takeChallenge(
  db: Db,
  challenge: string,
  purpose: ChallengePurpose,
  now: number,
): Promise<{ userId: bigint | null } | undefined> {
  const [row] = await db
    .delete(passkeyChallenges)
    .where(and(eq(passkeyChallenges.challenge, challenge), eq(passkeyChallenges.purpose, purpose)))
    .returning({ userId: passkeyChallenges.userId, expiresAt: passkeyChallenges.expiresAt });
  if (!row) return undefined;
  if (row.expiresAt.getTime() <= now)
    throw new ApiError('PASSKEY_CHALLENGE_EXPIRED', {
      seconds: CHALLENGE_TIMEOUT_MS / 1000,
      count: CHALLENGE_TIMEOUT_MS / 1000,
    });
  return { userId: row.userId };
}
