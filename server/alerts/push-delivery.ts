import type { Db } from '../db/client';
import type { OutboundClient } from '../http/outbound/client';
import { OutboundFailure } from '../http/outbound/failure';
import { sendPush, type PushTarget } from './push';
import { pushDelivered, pushFailed } from './push-subscriptions';
import { dropSubscription, subscriptionsOf } from './store';
import type { VapidKeys } from './vapid';

/** What sending a user's pushes needs: the app's guarded client, its keys, a clock and a log. */
export type PushDeps = {
  db: Db;
  outbound: OutboundClient;
  vapid: () => Promise<VapidKeys>;
  now: () => number;
  log: { error(obj: object, msg: string): void };
};

const hostOf = (endpoint: string) => (URL.canParse(endpoint) ? new URL(endpoint).host : '?');

/** Why a send failed, in a few words: the guard's or the network's reason, never a stack. */
function reasonOf(error: unknown): string {
  if (error instanceof OutboundFailure) return `${error.kind}: ${error.reason}`;
  return error instanceof Error ? error.message.slice(0, 200) : 'unknown';
}

/**
 * Sends one push and books the answer: taken, the run of failures ends; gone (404, 410), the
 * subscription is dropped; anything else counts toward the limit that drops it
 * (server/alerts/push-subscriptions.ts), in one log line with the status, host and count.
 */
export async function pushToTarget(
  deps: PushDeps,
  target: PushTarget,
  payload: string,
  vapid: VapidKeys,
): Promise<void> {
  let status = 0;
  let reason = '';
  try {
    const outcome = await sendPush(target, payload, vapid, deps.outbound);
    if (outcome.gone) return await dropSubscription(deps.db, target.endpoint);
    if (outcome.status >= 200 && outcome.status < 300) return await pushDelivered(deps.db, target.endpoint);
    status = outcome.status;
    reason = 'refused by the push service';
  } catch (error) {
    reason = reasonOf(error);
  }
  const { failures, stopped } = await pushFailed(deps.db, target.endpoint, status, deps.now());
  deps.log.error(
    { push: { status, host: hostOf(target.endpoint), failures, stopped, reason } },
    stopped ? 'push subscription stopped' : 'push not delivered',
  );
}

/**
 * Pushes to every browser the user subscribed, each in the language it subscribed in
 * (`payloadFor(locale)`). One failing browser costs only its own notification.
 */
export async function pushToUser(
  deps: PushDeps,
  userId: bigint,
  payloadFor: (locale: string) => string,
): Promise<void> {
  const targets = await subscriptionsOf(deps.db, userId);
  if (targets.length === 0) return;
  const vapid = await deps.vapid();
  await Promise.all(
    targets.map(async (target) => {
      try {
        await pushToTarget(deps, target, payloadFor(target.locale), vapid);
      } catch (error) {
        deps.log.error(
          { push: { host: hostOf(target.endpoint), reason: reasonOf(error) } },
          'push not booked',
        );
      }
    }),
  );
}
