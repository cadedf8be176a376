import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { authThrottle } from '../db/schema/users';

/**
 * Failure counters (auth_throttle) for guessable secrets: login passwords per account and per
 * IP, and the 6-digit PINs per user. Each key counts failures in a window of an hour from its
 * first failure. Reaching `limit` blocks the key for the rest of that window; before that,
 * from `max(5, limit/2)` failures on, each failure blocks for a growing delay (1 s, 2 s, 4 s…,
 * capped at an hour), so a guesser slows down long before the hard limit.
 */

export const WINDOW_MS = 60 * 60 * 1000;
const MAX_DELAY_MS = WINDOW_MS;

export type ThrottleRule = { key: string; limit: number; growing: boolean };

/** Seconds the longest of these keys is still blocked for, or 0. */
export async function blockedSeconds(db: Db, keys: readonly string[], now = new Date()): Promise<number> {
  if (keys.length === 0) return 0;
  const rows = await db
    .select({ blockedUntil: authThrottle.blockedUntil })
    .from(authThrottle)
    .where(inArray(authThrottle.key, [...keys]));
  const longest = Math.max(0, ...rows.map((r) => r.blockedUntil.getTime() - now.getTime()));
  return Math.ceil(longest / 1000);
}

function blockFor(failures: number, rule: ThrottleRule, windowStart: Date, now: Date): Date {
  if (failures >= rule.limit) return new Date(windowStart.getTime() + WINDOW_MS);
  const soft = Math.max(5, Math.floor(rule.limit / 2));
  if (!rule.growing || failures < soft) return new Date(0);
  const delay = Math.min(MAX_DELAY_MS, 1000 * 2 ** Math.min(failures - soft, 30));
  return new Date(now.getTime() + delay);
}

/** Counts one failure against each key, in one transaction so concurrent failures all count. */
export async function recordFailure(db: Db, rules: readonly ThrottleRule[], now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    for (const rule of rules) {
      await tx
        .insert(authThrottle)
        .values({ key: rule.key, failures: 0, windowStartedAt: now })
        .onConflictDoNothing();
      const [row] = await tx.select().from(authThrottle).where(eq(authThrottle.key, rule.key)).for('update');
      if (!row) continue;
      const fresh = now.getTime() - row.windowStartedAt.getTime() >= WINDOW_MS;
      const windowStartedAt = fresh ? now : row.windowStartedAt;
      const failures = fresh ? 1 : row.failures + 1;
      const blockedUntil = blockFor(failures, rule, windowStartedAt, now);
      await tx
        .update(authThrottle)
        .set({ failures, windowStartedAt, blockedUntil })
        .where(eq(authThrottle.key, rule.key));
    }
  });
}

/** A success forgets the key's failures (never the IP's: one good account must not unlock an IP). */
export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.delete(authThrottle).where(eq(authThrottle.key, key));
}

export const throttleKeys = {
  loginAccount: (account: string) => `login:account:${account}`,
  loginIp: (ip: string) => `login:ip:${ip}`,
  /** Password checks made inside a session (change password, first PIN). */
  password: (userId: bigint) => `password:user:${userId}`,
  pin: (kind: 'trade' | 'withdraw', userId: bigint) => `pin:${kind}:user:${userId}`,
};
