import webpush from 'web-push';
import type { OutboundClient } from '../http/outbound/client';
import type { VapidKeys } from './vapid';

/** A browser's subscription as the database keeps it. */
export type PushTarget = { endpoint: string; p256dh: string; auth: string };

/** How long a push service keeps an alert for an offline device: an old price alert is noise. */
export const PUSH_TTL_SECONDS = 15 * 60;

/** What the push service answered; `gone` means the subscription is dead and should be dropped. */
export type PushOutcome = { status: number; gone: boolean };

/**
 * Encrypts `payload` for the subscription (RFC 8291, aes128gcm) and signs the request with the
 * VAPID key (RFC 8292) through web-push, then sends it through the guarded outbound client
 * (docs/outbound.md): the endpoint is whatever a browser, or someone posing as one, gave.
 * Throws the client's OutboundFailure when nothing was answered or the guard refused.
 */
export async function sendPush(
  target: PushTarget,
  payload: string,
  vapid: VapidKeys,
  client: OutboundClient,
): Promise<PushOutcome> {
  const details = webpush.generateRequestDetails(
    { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
    payload,
    {
      vapidDetails: vapid,
      TTL: PUSH_TTL_SECONDS,
      urgency: 'high',
      contentEncoding: 'aes128gcm',
    },
  );
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(details.headers)) headers[name] = String(value);
  const body = details.body ? Buffer.from(details.body) : null;
  const res = await client.post(details.endpoint, { headers, body });
  // 404 and 410: the browser unsubscribed or the service expired it (RFC 8030 §7.3).
  return { status: res.status, gone: res.status === 404 || res.status === 410 };
}
