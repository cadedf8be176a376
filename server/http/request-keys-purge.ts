import { and, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { requestKeys } from '../db/schema/system';

/** How often the purge looks (an owned job, server/jobs.ts): old keys are harmless for a while. */
export const REQUEST_KEYS_PASS_MS = 15 * 60_000;

/**
 * How long an answered key is kept. A client retries a lost answer within seconds or minutes
 * (the app keeps one id per intent of an open form, src/state/request-intent.ts); a day covers a
 * phone left asleep mid-request and brought back. Past it the key is forgotten: a retry with
 * the same id is a new request (the documented limit of `requestId`).
 */
export const ANSWERED_KEY_RETENTION_MS = 24 * 3_600_000;

/**
 * How long a key without an answer is kept. Such a key is past running within a minute
 * (server/http/once.ts, STALE), so it marks a request whose outcome is unknown (a crash, an
 * unconfirmed trading answer): its retries are told to check their records instead of moving
 * money again. That protection matters most while a user may still be retrying and checking, so
 * it is kept a week, longer than an answered key, which a retry could only replay.
 */
export const UNANSWERED_KEY_RETENTION_MS = 7 * 24 * 3_600_000;

/**
 * Rows per delete statement: each batch is its own short statement, so the purge never holds
 * many row locks or one long transaction against the money routes that claim keys.
 */
const BATCH = 500;

/**
 * One round of the purge: deletes, batch by batch, the keys older than their retention at
 * `now` (the engines' clock). Answers how many went. A key's `created_at` is stamped by the
 * database's clock: the same as the engines' in production; with a virtual clock (tests) the
 * job's timer does not fire within a test, and tests call this with a `now` of their own.
 */
export async function purgeRequestKeys(db: Db, now: number): Promise<number> {
  const expired = or(
    and(isNotNull(requestKeys.answer), lt(requestKeys.createdAt, new Date(now - ANSWERED_KEY_RETENTION_MS))),
    and(isNull(requestKeys.answer), lt(requestKeys.createdAt, new Date(now - UNANSWERED_KEY_RETENTION_MS))),
  );
  let purged = 0;
  for (;;) {
    const batch = db
      .select({
        userId: requestKeys.userId,
        accountType: requestKeys.accountType,
        requestId: requestKeys.requestId,
      })
      .from(requestKeys)
      .where(expired)
      .limit(BATCH);
    const gone = await db
      .delete(requestKeys)
      .where(sql`(${requestKeys.userId}, ${requestKeys.accountType}, ${requestKeys.requestId}) in ${batch}`)
      .returning({ requestId: requestKeys.requestId });
    purged += gone.length;
    if (gone.length < BATCH) return purged;
  }
}
