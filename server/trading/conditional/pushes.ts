import { and, eq, inArray, isNull, lte } from 'drizzle-orm';
import { clockMinutes, inQuietHours } from '../../../domain/alerts/quiet-hours';
import { isLocale } from '../../../domain/format/locale';
import { PUSH_TTL_SECONDS, sendPush } from '../../alerts/push';
import { dropSubscription, readSettings, subscriptionsOf } from '../../alerts/store';
import { vapidKeys } from '../../alerts/vapid';
import { localize } from '../../content/text';
import { messages } from '../../db/schema/content';
import { pushOutbox } from '../../db/schema/push-outbox';
import type { TradingDeps } from '../deps';

/**
 * How long a push waits for the node that wrote it before another sweep sends it: that node
 * claims its own within milliseconds of the commit, so an older unclaimed one was orphaned.
 */
export const ORPHAN_AFTER_MS = 10_000;
/** Pushes one sweep claims at most: the rest wait for the next. */
const SWEEP_BATCH = 100;

type Owed = typeof pushOutbox.$inferSelect;

/**
 * Sends owed Web Pushes once: each row is claimed (its `sent_at` set) before anything goes out,
 * so the node that wrote it and a later sweep never both send it. A push the user's choices do
 * not want, in their quiet hours, or older than a push service would keep it, is claimed and
 * dropped; the message centre keeps the news either way.
 */
export function createPushes({
  db,
  clock,
  config,
  log,
}: Pick<TradingDeps, 'db' | 'clock' | 'config' | 'log'>) {
  async function claim(ids: readonly bigint[] | 'orphans'): Promise<Owed[]> {
    const now = clock.now();
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

  async function wanted(owed: Owed): Promise<boolean> {
    if (owed.createdAt < clock.now() - PUSH_TTL_SECONDS * 1000) return false;
    const settings = await readSettings(db, owed.userId);
    if (!settings[owed.topic]) return false;
    return !inQuietHours(clock.now(), clockMinutes(settings.quietFrom), clockMinutes(settings.quietTo));
  }

  async function deliver(owed: Owed): Promise<void> {
    if (!(await wanted(owed))) return;
    const targets = await subscriptionsOf(db, owed.userId);
    if (targets.length === 0) return;
    const [message] = await db.select().from(messages).where(eq(messages.id, owed.messageId));
    if (!message) return;
    const vapid = await vapidKeys(config.dataDir);
    await Promise.all(
      targets.map(async (target) => {
        const locale = isLocale(target.locale) ? target.locale : 'tr-TR';
        const payload = JSON.stringify({
          title: localize(message.title, locale),
          body: localize(message.body, locale),
          tag: owed.tag,
          url: owed.url,
        });
        try {
          const outcome = await sendPush(target, payload, vapid);
          if (outcome.gone) await dropSubscription(db, target.endpoint);
        } catch (error) {
          // A push service that is down loses this notification only; the message centre has it.
          log?.warn({ err: error }, 'conditional order push not delivered');
        }
      }),
    );
  }

  async function send(ids: readonly bigint[] | 'orphans'): Promise<number> {
    const claimed = await claim(ids);
    for (const owed of claimed) await deliver(owed);
    return claimed.length;
  }

  let sweeping: Promise<number> | null = null;
  const running = new Set<Promise<unknown>>();
  const track = (work: Promise<unknown>) => {
    running.add(work);
    void work.finally(() => running.delete(work));
  };

  return {
    /** After the commit that wrote them: this node sends its own at once. */
    sendNow(ids: readonly bigint[]): void {
      if (ids.length === 0) return;
      track(
        send(ids).catch((error: unknown) => log?.error({ err: error }, 'conditional order pushes not sent')),
      );
    },
    /** Sends the pushes a node wrote and never sent (it crashed or lost the partition first). */
    sweep(): Promise<number> {
      sweeping ??= send('orphans').finally(() => {
        sweeping = null;
      });
      return sweeping;
    },
    /** Resolves once every push started so far is sent or given up (tests, shutdown). */
    async settled(): Promise<void> {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}

export type Pushes = ReturnType<typeof createPushes>;
