import { and, eq, inArray, isNull, lt, lte } from 'drizzle-orm';
import { clockMinutes, inQuietHours } from '../../../domain/alerts/quiet-hours';
import { isLocale } from '../../../domain/format/locale';
import { PUSH_TTL_SECONDS } from '../../alerts/push';
import { pushToUser, type PushDeps } from '../../alerts/push-delivery';
import { readSettings } from '../../alerts/store';
import { vapidKeys } from '../../alerts/vapid';
import { localize } from '../../content/text';
import type { Db } from '../../db/client';
import { messages } from '../../db/schema/content';
import { pushOutbox } from '../../db/schema/push-outbox';
import { createOutboundClient } from '../../http/outbound/client';
import type { TradingDeps } from '../deps';

/**
 * How long a push waits for the node that wrote it before another sweep sends it: that node
 * claims its own within milliseconds of the commit, so an older unclaimed one was orphaned.
 */
export const ORPHAN_AFTER_MS = 10_000;
/** Pushes one sweep claims at most: the rest wait for the next. */
const SWEEP_BATCH = 100;
/**
 * How long a decided push's row is kept (the outbox's cap: a day of endings per user): long past
 * any retry, and the message it repeated stays in the message centre.
 */
export const KEEP_DECIDED_MS = 24 * 3_600_000;

type Owed = typeof pushOutbox.$inferSelect;

/** Claims owed pushes (by id, or the orphans) by setting `sent_at`: only one claimer gets a row. */
function claim(db: Db, ids: readonly bigint[] | 'orphans', now: number): Promise<Owed[]> {
  const which =
    ids === 'orphans'
      ? inArray(
          pushOutbox.id,
          db
            .select({ id: pushOutbox.id })
            .from(pushOutbox)
            .where(and(isNull(pushOutbox.sentAt), lte(pushOutbox.createdAt, now - ORPHAN_AFTER_MS)))
            .limit(SWEEP_BATCH),
        )
      : inArray(pushOutbox.id, [...ids]);
  return db
    .update(pushOutbox)
    .set({ sentAt: now })
    .where(and(which, isNull(pushOutbox.sentAt)))
    .returning();
}

/** Whether the user still wants this push now: its topic on, out of quiet hours, not stale. */
async function wanted(db: Db, owed: Owed, now: number): Promise<boolean> {
  if (owed.createdAt < now - PUSH_TTL_SECONDS * 1000) return false;
  const settings = await readSettings(db, owed.userId);
  if (!settings[owed.topic]) return false;
  return !inQuietHours(now, clockMinutes(settings.quietFrom), clockMinutes(settings.quietTo));
}

/** The message the push repeats, in each browser's language, to every browser the user subscribed. */
async function deliver(deps: PushDeps, owed: Owed): Promise<void> {
  if (!(await wanted(deps.db, owed, deps.now()))) return;
  const [message] = await deps.db.select().from(messages).where(eq(messages.id, owed.messageId));
  if (!message) return;
  await pushToUser(deps, owed.userId, (language) => {
    const locale = isLocale(language) ? language : 'tr-TR';
    return JSON.stringify({
      title: localize(message.title, locale),
      body: localize(message.body, locale),
      tag: owed.tag,
      url: owed.url,
    });
  });
}

/**
 * Sends owed Web Pushes once, through the broker's guarded client: each row is claimed before
 * anything goes out, so the node that wrote it and a later sweep never both send it. A push the
 * user's choices do not want, in their quiet hours, or older than a push service would keep it,
 * is claimed and dropped; the message centre keeps the news either way.
 */
export function createPushes({
  db,
  clock,
  config,
  log,
}: Pick<TradingDeps, 'db' | 'clock' | 'config' | 'log'>) {
  const deps: PushDeps = {
    db,
    outbound: createOutboundClient(config.outbound),
    vapid: () => vapidKeys(config.dataDir),
    now: () => clock.now(),
    log: { error: (obj, msg) => log?.error(obj, msg) },
  };
  async function send(ids: readonly bigint[] | 'orphans'): Promise<number> {
    if (ids === 'orphans')
      await db.delete(pushOutbox).where(lt(pushOutbox.sentAt, clock.now() - KEEP_DECIDED_MS));
    const claimed = await claim(db, ids, clock.now());
    for (const owed of claimed) await deliver(deps, owed);
    return claimed.length;
  }
  let sweeping: Promise<number> | null = null;
  return {
    /** Sends these owed pushes now; resolves once each is sent or found not wanted. */
    send,
    /** After the commit that wrote them: this node sends its own at once. */
    sendNow(ids: readonly bigint[]): void {
      if (ids.length === 0) return;
      send(ids).catch((error: unknown) => log?.error({ err: error }, 'conditional order pushes not sent'));
    },
    /** Sends the pushes a node wrote and never sent (it crashed or lost the partition first). */
    sweep(): Promise<number> {
      sweeping ??= send('orphans').finally(() => {
        sweeping = null;
      });
      return sweeping;
    },
  };
}

export type Pushes = ReturnType<typeof createPushes>;
