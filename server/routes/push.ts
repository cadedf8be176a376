import { pushEndpoints } from '../../domain/protocol/endpoints/alerts';
import type { NotificationSettings } from '../../domain/protocol/alerts';
import { saveSubscription, stoppedPush } from '../alerts/push-subscriptions';
import { readSettings, removeSubscriptions, writeSettings } from '../alerts/store';
import { vapidKeys } from '../alerts/vapid';
import { ApiError } from '../http/errors';
import { OutboundFailure } from '../http/outbound/failure';
import { checkUrl, type OutboundRules } from '../http/outbound/target';
import { implementAll } from '../http/route';

/** A browser's keys: p256dh an uncompressed P-256 point (65 bytes), auth a 16-byte secret, base64url. */
function validKeys(p256dh: string, auth: string): boolean {
  const base64url = /^[A-Za-z0-9_-]+={0,2}$/;
  if (!base64url.test(p256dh) || !base64url.test(auth)) return false;
  const point = Buffer.from(p256dh, 'base64url');
  return point.length === 65 && point[0] === 4 && Buffer.from(auth, 'base64url').length === 16;
}

/**
 * What can be judged before a push is ever sent: HTTPS, no credentials, no address literal or
 * special name inside the network. A name is resolved, and every address checked, at each send.
 */
function refuseInside(endpoint: string, rules: OutboundRules): void {
  try {
    checkUrl(endpoint, rules);
  } catch (error) {
    if (error instanceof OutboundFailure) throw new ApiError('PUSH_ENDPOINT_REFUSED');
    throw error;
  }
}

/** A choice as `tell` sets it: listed on, left out off; no `tell`, as it was. */
const flag = (tell: string[] | null, choice: string, current: boolean) =>
  tell === null ? current : tell.includes(choice);
const clock = (value: string | undefined, current: string | null) =>
  value === undefined ? current : value === '' ? null : value;

export const pushRoutes = implementAll(pushEndpoints, 'alerts', {
  key: {
    summary:
      "The server's VAPID public key, the user's notification choices, and a browser stopped for failing",
    handler: async ({ db, config, session }) => ({
      publicKey: (await vapidKeys(config.dataDir)).publicKey,
      settings: await readSettings(db, session.userId),
      stopped: await stoppedPush(db, session.userId),
    }),
  },
  subscribe: {
    summary: "Saves this browser's push subscription (when given) and the user's notification choices",
    handler: async ({ db, config, session, input, locale }) => {
      const sub = input.subscription;
      if (sub && !validKeys(sub.p256dh, sub.auth)) throw new ApiError('PUSH_SUBSCRIPTION_INVALID');
      if (sub) refuseInside(sub.endpoint, config.outbound);
      const before = await readSettings(db, session.userId);
      const tell = input.tell === undefined ? null : input.tell.split(',');
      const settings: NotificationSettings = {
        price: flag(tell, 'price', before.price),
        move: flag(tell, 'move', before.move),
        risk: flag(tell, 'risk', before.risk),
        conditional: flag(tell, 'conditional', before.conditional),
        quietFrom: clock(input.from, before.quietFrom),
        quietTo: clock(input.to, before.quietTo),
      };
      await db.transaction(async (tx) => {
        await writeSettings(tx, session.userId, settings);
        if (sub) await saveSubscription(tx, session.userId, { ...sub, locale });
      });
      return settings;
    },
  },
  unsubscribe: {
    summary: "Removes this browser's push subscription (all of the user's without one)",
    handler: async ({ db, session, input }) => ({
      removed: await removeSubscriptions(db, session.userId, input.subscription?.endpoint),
    }),
  },
});
