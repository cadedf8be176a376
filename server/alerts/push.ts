import webpush from 'web-push';
import type { VapidKeys } from './vapid';

/** A browser's subscription as the database keeps it. */
export type PushTarget = { endpoint: string; p256dh: string; auth: string };

/** How long a push service keeps an alert for an offline device: an old price alert is noise. */
export const PUSH_TTL_SECONDS = 15 * 60;

/** What the push service answered; `gone` means the subscription is dead and should be dropped. */
export type PushOutcome = { status: number; gone: boolean };

/**
 * Push services are HTTPS. Plain HTTP is allowed to a loopback address only when the process
 * says so (tests run a local push service; PUSH_ALLOW_LOOPBACK=1): the server POSTs to whatever
 * endpoint a browser gave, so nothing else on its network is reachable that way.
 */
let loopbackAllowed = process.env.PUSH_ALLOW_LOOPBACK === '1';
export function allowLoopbackPush(on: boolean): void {
  loopbackAllowed = on;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** Whether the server would push to this endpoint. */
export function pushableEndpoint(endpoint: string): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (url.protocol === 'https:') return !LOOPBACK.has(url.hostname) || loopbackAllowed;
  return url.protocol === 'http:' && loopbackAllowed && LOOPBACK.has(url.hostname);
}

/**
 * Encrypts `payload` for the subscription (RFC 8291, aes128gcm) and signs the request with the
 * VAPID key (RFC 8292) through web-push, then sends it with fetch: web-push's own sender speaks
 * HTTPS only, and a test's local push service is plain HTTP.
 */
export async function sendPush(
  target: PushTarget,
  payload: string,
  vapid: VapidKeys,
  timeoutMs = 10_000,
): Promise<PushOutcome> {
  if (!pushableEndpoint(target.endpoint)) return { status: 0, gone: true };
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
  const res = await fetch(details.endpoint, {
    method: details.method,
    headers,
    body: details.body ?? null,
    redirect: 'error',
    signal: AbortSignal.timeout(timeoutMs),
  });
  await res.arrayBuffer().catch(() => undefined);
  // 404 and 410: the browser unsubscribed or the service expired it (RFC 8030 §7.3).
  return { status: res.status, gone: res.status === 404 || res.status === 410 };
}
