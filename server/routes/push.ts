import { pushEndpoints } from '../../domain/protocol/endpoints/alerts';
import type { NotificationSettings } from '../../domain/protocol/alerts';
import { pushableEndpoint } from '../alerts/push';
import { readSettings, removeSubscriptions, saveSubscription, writeSettings } from '../alerts/store';
import { vapidKeys } from '../alerts/vapid';
import { ApiError } from '../http/errors';
import { implement } from '../http/route';

/** A browser's keys: p256dh an uncompressed P-256 point (65 bytes), auth a 16-byte secret, base64url. */
function validKeys(p256dh: string, auth: string): boolean {
  const base64url = /^[A-Za-z0-9_-]+={0,2}$/;
  if (!base64url.test(p256dh) || !base64url.test(auth)) return false;
  const point = Buffer.from(p256dh, 'base64url');
  return point.length === 65 && point[0] === 4 && Buffer.from(auth, 'base64url').length === 16;
}

const flag = (value: '0' | '1' | undefined, current: boolean) =>
  value === undefined ? current : value === '1';
const clock = (value: string | undefined, current: string | null) =>
  value === undefined ? current : value === '' ? null : value;

export const pushRoutes = [
  implement(pushEndpoints.key, {
    summary: "The server's VAPID public key, and the user's notification choices",
    tag: 'alerts',
    handler: async ({ db, config, session }) => ({
      publicKey: (await vapidKeys(config.dataDir)).publicKey,
      settings: await readSettings(db, session.userId),
    }),
  }),
  implement(pushEndpoints.subscribe, {
    summary: "Saves this browser's push subscription (when given) and the user's notification choices",
    tag: 'alerts',
    handler: async ({ db, session, input, locale }) => {
      const { endpoint, p256dh, auth } = input;
      if (endpoint !== undefined && p256dh !== undefined && auth !== undefined) {
        if (!pushableEndpoint(endpoint) || !validKeys(p256dh, auth))
          throw new ApiError('PUSH_SUBSCRIPTION_INVALID');
      }
      const before = await readSettings(db, session.userId);
      const settings: NotificationSettings = {
        price: flag(input.price, before.price),
        move: flag(input.move, before.move),
        risk: flag(input.risk, before.risk),
        quietFrom: clock(input.quietFrom, before.quietFrom),
        quietTo: clock(input.quietTo, before.quietTo),
      };
      await db.transaction(async (tx) => {
        await writeSettings(tx, session.userId, settings);
        if (endpoint !== undefined && p256dh !== undefined && auth !== undefined)
          await saveSubscription(tx, session.userId, { endpoint, p256dh, auth, locale });
      });
      return settings;
    },
  }),
  implement(pushEndpoints.unsubscribe, {
    summary: "Removes this browser's push subscription (all of the user's without an endpoint)",
    tag: 'alerts',
    handler: async ({ db, session, input }) => ({
      removed: await removeSubscriptions(db, session.userId, input.endpoint),
    }),
  }),
];
