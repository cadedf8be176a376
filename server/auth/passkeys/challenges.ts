import { and, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { passkeyChallenges } from '../../db/schema/passkeys';

export type ChallengePurpose = 'register' | 'login';

/** Long enough for a person to find and unlock their authenticator, short enough to not pile up. */
export const CHALLENGE_TTL_MS = 5 * 60_000;

/** Stores a challenge just handed out; expired ones are swept here, so the table stays small. */
export async function keepChallenge(
  db: Db,
  challenge: string,
  purpose: ChallengePurpose,
  userId: bigint | null,
  now = new Date(),
): Promise<void> {
  await db.delete(passkeyChallenges).where(lt(passkeyChallenges.expiresAt, now));
  await db.insert(passkeyChallenges).values({
    challenge,
    purpose,
    userId,
    expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
  });
}

/**
 * Takes a live challenge of this purpose out of the store, in one statement, so of two answers
 * racing with the same challenge only one gets it. Answers whose user asked for it (null for a
 * sign-in's), or undefined when there is no such live challenge.
 */
export async function takeChallenge(
  db: Db,
  challenge: string,
  purpose: ChallengePurpose,
  now = new Date(),
): Promise<{ userId: bigint | null } | undefined> {
  const [row] = await db
    .delete(passkeyChallenges)
    .where(
      and(
        eq(passkeyChallenges.challenge, challenge),
        eq(passkeyChallenges.purpose, purpose),
        gt(passkeyChallenges.expiresAt, now),
      ),
    )
    .returning({ userId: passkeyChallenges.userId });
  return row;
}
