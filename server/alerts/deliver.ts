import type { AlertKind } from '../../domain/alerts/kinds';
import { LOCALES } from '../../domain/format/locale';
import type { AlertFired } from '../../domain/protocol/alert-fired';
import type { NotificationSettings } from '../../domain/protocol/alerts';
import { eventsOf } from '../app-state';
import type { Db } from '../db/client';
import { messages, type LocalizedText } from '../db/schema/content';
import { pushOutbox } from '../db/schema/push-outbox';
import { pushText } from './push-text';
import type { Owner } from './store';

/** Which of the user's choices (/pages/user/notifications) covers an alert kind. */
export function topicOf(kind: AlertKind): 'price' | 'move' | 'risk' {
  if (kind === 'above' || kind === 'below') return 'price';
  return kind === 'move' ? 'move' : 'risk';
}

export function wanted(settings: NotificationSettings, kind: AlertKind): boolean {
  return settings[topicOf(kind)];
}

/** The screen a notification opens. */
export const ALERTS_SCREEN = '/pages/user/alerts';

/** A fire's news as written with it: the message-centre row and the push owed. */
export type AlertNotice = { messageId: bigint; pushId: bigint; title: LocalizedText; body: LocalizedText };

/**
 * Writes a fired alert's message-centre row and the Web Push it owes, in the transaction that
 * saves the fire: both commit with it or not at all. The push goes out after the commit (or, from
 * a node killed first, with the next owner's sweep of the outbox: server/trading/conditional/pushes.ts),
 * in each browser's language, outside the user's quiet hours (checked when it is sent).
 */
export async function writeAlertNotice(
  tx: Db,
  owner: Owner,
  fired: AlertFired,
  windowMinutes: number | null,
  now: number,
): Promise<AlertNotice> {
  const texts = LOCALES.map((locale) => [locale, pushText({ ...fired, windowMinutes }, locale)] as const);
  const title = Object.fromEntries(texts.map(([l, t]) => [l, t.title])) as LocalizedText;
  const body = Object.fromEntries(texts.map(([l, t]) => [l, t.body])) as LocalizedText;
  const [message] = await tx
    .insert(messages)
    .values({ ...owner, kind: 'personal', title, body })
    .returning({ id: messages.id });
  if (!message) throw new Error('alert message not written');
  const [owed] = await tx
    .insert(pushOutbox)
    .values({
      userId: owner.userId,
      messageId: message.id,
      topic: topicOf(fired.kind),
      tag: `alert-${fired.id}`,
      url: ALERTS_SCREEN,
      createdAt: now,
    })
    .returning({ id: pushOutbox.id });
  if (!owed) throw new Error('alert push not written');
  return { messageId: message.id, pushId: owed.id, title, body };
}

/** After the commit: the open app hears the fire (`alerts`) and the new message (`messages`). */
export function announceAlert(db: Db, owner: Owner, fired: AlertFired, notice: AlertNotice): void {
  const events = eventsOf(db);
  events.publish(owner, 'alerts', fired);
  events.publish(owner, 'messages', {
    type: 'message',
    id: String(notice.messageId),
    kind: 'personal',
    title: notice.title,
    body: notice.body,
  });
}
