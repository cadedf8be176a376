import { asc, eq, inArray, sql } from 'drizzle-orm';
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
      if (row) await countFailure(tx, rule, row, now);
    }
  });
}

/**
 * Counts one attempt against each of `count` before its secret is compared, in the transaction
 * that checks those keys and `alsoCheck` are not blocked: answers the seconds the longest is
 * still blocked for (nothing counted, nothing to compare), or 0 when the attempt may go on; a
 * right secret then forgets what was counted (`clearFailures`). Checking first and counting after
 * the comparison let a burst of guesses (spread over a cluster's nodes, or just in flight at
 * once) all pass the check before the first was counted: 30 wrong passwords against a limit of 3.
 * For a secret a user rightly sends many times at once (a PIN) see `guardedAttempt`.
 */
export async function claimAttempt(
  db: Db,
  count: readonly ThrottleRule[],
  alsoCheck: readonly string[] = [],
  now = new Date(),
): Promise<number> {
  return db.transaction(async (tx) => {
    const keys = count.map((r) => r.key);
    if (keys.length > 0)
      await tx
        .insert(authThrottle)
        .values(keys.map((key) => ({ key, failures: 0, windowStartedAt: now })))
        .onConflictDoNothing();
    // One statement, in key order: two claims on the same keys never wait on each other in a cycle.
    const rows = await tx
      .select()
      .from(authThrottle)
      .where(inArray(authThrottle.key, [...keys, ...alsoCheck]))
      .orderBy(asc(authThrottle.key))
      .for('update');
    const longest = Math.max(0, ...rows.map((r) => r.blockedUntil.getTime() - now.getTime()));
    if (longest > 0) return Math.ceil(longest / 1000);
    for (const rule of count) {
      const row = rows.find((r) => r.key === rule.key);
      if (row) await countFailure(tx, rule, row, now);
    }
    return 0;
  });
}

/**
 * One guess at a secret a user may rightly send many times at once (a PIN confirming several
 * orders), counted exactly: the key's checks run one at a time (an advisory lock on the key, held
 * by the transaction), so no burst can compare more than the limit allows, and a right one
 * counts nothing. `compare` runs inside that transaction and must use the `tx` it is given.
 * Answers `{ blocked }` (seconds, nothing compared, and `until` when it ends), or whether it
 * matched and, if not, the failures counted in this window and the seconds the key is now
 * blocked for (with `until`), so the caller can say how many tries are left before the lock.
 */
export async function guardedAttempt(
  db: Db,
  rule: ThrottleRule,
  compare: (tx: Db) => Promise<boolean>,
  now = new Date(),
): Promise<
  | { blocked: number; until: Date }
  | { ok: true }
  | { ok: false; failures: number; blockedAfter: number; until: Date }
> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${rule.key}))`);
    const [row] = await tx.select().from(authThrottle).where(eq(authThrottle.key, rule.key));
    const blocked = row ? Math.ceil(Math.max(0, row.blockedUntil.getTime() - now.getTime()) / 1000) : 0;
    if (row && blocked > 0) return { blocked, until: row.blockedUntil };
    if (await compare(tx)) {
      if (row) await tx.delete(authThrottle).where(eq(authThrottle.key, rule.key));
      return { ok: true };
    }
    const fresh = row ?? { key: rule.key, failures: 0, windowStartedAt: now, blockedUntil: new Date(0) };
    if (!row) await tx.insert(authThrottle).values({ key: rule.key, failures: 0, windowStartedAt: now });
    const { until, failures } = await countFailure(tx, rule, fresh, now);
    const blockedAfter = Math.ceil(Math.max(0, until.getTime() - now.getTime()) / 1000);
    return { ok: false, failures, blockedAfter, until };
  });
}

async function countFailure(
  tx: Db,
  rule: ThrottleRule,
  row: { failures: number; windowStartedAt: Date },
  now: Date,
): Promise<{ until: Date; failures: number }> {
  const fresh = now.getTime() - row.windowStartedAt.getTime() >= WINDOW_MS;
  const windowStartedAt = fresh ? now : row.windowStartedAt;
  const failures = fresh ? 1 : row.failures + 1;
  const blockedUntil = blockFor(failures, rule, windowStartedAt, now);
  await tx
    .update(authThrottle)
    .set({ failures, windowStartedAt, blockedUntil })
    .where(eq(authThrottle.key, rule.key));
  return { until: blockedUntil, failures };
}

/** A success forgets the key's failures (never the IP's: one good account must not unlock an IP). */
export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.delete(authThrottle).where(eq(authThrottle.key, key));
}

/** When the key's block ends, or null when it is not blocked now. */
export async function blockedUntil(db: Db, key: string, now = new Date()): Promise<Date | null> {
  const [row] = await db
    .select({ blockedUntil: authThrottle.blockedUntil })
    .from(authThrottle)
    .where(eq(authThrottle.key, key));
  return row && row.blockedUntil > now ? row.blockedUntil : null;
}

export const throttleKeys = {
  loginAccount: (account: string) => `login:account:${account}`,
  loginIp: (ip: string) => `login:ip:${ip}`,
  /** Password checks made inside a session (change password, first PIN). */
  password: (userId: bigint) => `password:user:${userId}`,
  pin: (kind: 'trade' | 'withdraw', userId: bigint) => `pin:${kind}:user:${userId}`,
  /** PIN changes (either kind): each one also compares the new PIN with the other one. */
  pinSet: (userId: bigint) => `pin-set:user:${userId}`,
};
