import { and, desc, eq, gt, notInArray, sql } from 'drizzle-orm';
import type { Locale } from '../../domain/format/locale';
import type { PushStopped } from '../../domain/protocol/alerts';
import { lockUserRow } from '../accounts/user-lock';
import type { Db } from '../db/client';
import { pushSubscriptions } from '../db/schema/alerts';
import { pushStops } from '../db/schema/push-stops';
import type { PushTarget } from './push';

/**
 * Browsers a user gets pushes on. A browser re-subscribes whenever its push service rotates the
 * endpoint and rarely says goodbye, so a new subscription past the cap replaces the user's oldest
 * (the one least likely still alive) instead of being refused: one alert is at most this many sends.
 */
export const PUSH_SUBSCRIPTION_CAP = 10;

/**
 * Sends in a row a push service may refuse (an error status, no answer, or the guard's refusal)
 * before the subscription goes. 404 and 410 drop it at once: the service says it is gone.
 */
export const PUSH_FAILURE_LIMIT = 5;

/**
 * A browser's subscription, newest for the cap and with a clean failure count (a re-subscribe is
 * the user turning notifications on again, which also clears the notice of a stopped one); the
 * same endpoint re-subscribed by another user moves to this user. Run in a transaction: the user's
 * row lock queues their subscribes, so a burst cannot leave more than the cap.
 */
export async function saveSubscription(
  db: Db,
  userId: bigint,
  target: PushTarget & { locale: Locale },
): Promise<void> {
  await lockUserRow(db, userId);
  await db
    .insert(pushSubscriptions)
    .values({ userId, ...target })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: {
        userId,
        p256dh: target.p256dh,
        auth: target.auth,
        locale: target.locale,
        failures: 0,
        createdAt: sql`now()`,
      },
    });
  const kept = db
    .select({ endpoint: pushSubscriptions.endpoint })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.endpoint))
    .limit(PUSH_SUBSCRIPTION_CAP);
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.endpoint, kept)));
  await db.delete(pushStops).where(eq(pushStops.userId, userId));
}

/** A push the service took: the run of failures is over. */
export async function pushDelivered(db: Db, endpoint: string): Promise<void> {
  await db
    .update(pushSubscriptions)
    .set({ failures: 0 })
    .where(and(eq(pushSubscriptions.endpoint, endpoint), gt(pushSubscriptions.failures, 0)));
}

/**
 * One more refusal in a row; at the limit the subscription goes and its user gets the notice.
 * The failures counted so far (0 when the subscription was already gone).
 */
export async function pushFailed(
  db: Db,
  endpoint: string,
  lastStatus: number,
  now: number,
): Promise<{ failures: number; stopped: boolean }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(pushSubscriptions)
      .set({ failures: sql`${pushSubscriptions.failures} + 1` })
      .where(eq(pushSubscriptions.endpoint, endpoint))
      .returning({ userId: pushSubscriptions.userId, failures: pushSubscriptions.failures });
    if (!row) return { failures: 0, stopped: false };
    if (row.failures < PUSH_FAILURE_LIMIT) return { failures: row.failures, stopped: false };
    await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
    const notice = { endpoint, failures: row.failures, lastStatus, stoppedAt: now };
    await tx
      .insert(pushStops)
      .values({ userId: row.userId, ...notice })
      .onConflictDoUpdate({ target: pushStops.userId, set: notice });
    return { failures: row.failures, stopped: true };
  });
}

/** The subscription last stopped for failing, until the user turns notifications on again. */
export async function stoppedPush(db: Db, userId: bigint): Promise<PushStopped | null> {
  const [row] = await db.select().from(pushStops).where(eq(pushStops.userId, userId));
  return row
    ? { endpoint: row.endpoint, failures: row.failures, lastStatus: row.lastStatus, at: row.stoppedAt }
    : null;
}
