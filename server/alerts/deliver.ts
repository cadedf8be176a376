import { inQuietHours, clockMinutes } from '../../domain/alerts/quiet-hours';
import type { AlertKind } from '../../domain/alerts/kinds';
import type { AlertFired } from '../../domain/protocol/alert-fired';
import type { NotificationSettings } from '../../domain/protocol/alerts';
import { eventsOf } from '../app-state';
import type { Db } from '../db/client';
import type { OutboundClient } from '../http/outbound/client';
import type { Trading } from '../trading/services';
import { pushToUser } from './push-delivery';
import { pushText } from './push-text';
import type { Owner } from './store';
import type { VapidKeys } from './vapid';

/** Which of the user's choices (/pages/user/notifications) covers an alert kind. */
export function wanted(settings: NotificationSettings, kind: AlertKind): boolean {
  if (kind === 'above' || kind === 'below') return settings.price;
  if (kind === 'move') return settings.move;
  return settings.risk;
}

/** The screen a notification opens. */
export const ALERTS_SCREEN = '/pages/user/alerts';

/**
 * Tells the owner of a fired alert what they asked to be told of: live to their open app (the
 * `alerts` channel) and, outside their quiet hours, by Web Push to each browser they subscribed.
 * Quiet hours hold back only the push: an app the user is looking at is no disturbance.
 */
export async function deliverAlert(
  deps: {
    db: Db;
    trading: Trading;
    vapid: () => Promise<VapidKeys>;
    outbound: OutboundClient;
    log: { error(obj: object, msg: string): void };
  },
  owner: Owner,
  fired: AlertFired,
  windowMinutes: number | null,
  /** The owner's choices, read before the fire was saved (settle-queue.ts). */
  settings: NotificationSettings,
): Promise<void> {
  if (!wanted(settings, fired.kind)) return;
  eventsOf(deps.db).publish(owner, 'alerts', fired);
  if (
    inQuietHours(deps.trading.clock.now(), clockMinutes(settings.quietFrom), clockMinutes(settings.quietTo))
  )
    return;
  await pushToUser({ ...deps, now: () => deps.trading.clock.now() }, owner.userId, (locale) => {
    const text = pushText({ ...fired, windowMinutes }, locale);
    return JSON.stringify({ ...text, tag: `alert-${fired.id}`, url: ALERTS_SCREEN, alert: fired });
  });
}
