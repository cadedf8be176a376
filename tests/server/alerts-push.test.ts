import { createPublicKey, verify } from 'node:crypto';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationSettings } from '../../domain/protocol/alerts';
import { pushSubscriptions } from '../../server/db/schema/alerts';
import { startPushService, type PushService, type TestSubscription } from '../support/push-service';
import { dbTargets } from '../support/server';
import { alertWorld, ok, TR, watchAlerts, type AlertWorld } from './alerts-support';

/** The VAPID JWT's claims, after checking its ES256 signature against the server's public key. */
function verifiedVapid(authorization: string, publicKey: string): Record<string, unknown> {
  const match = /^vapid t=([^,]+), k=(.+)$/.exec(authorization);
  if (!match) throw new Error(`not a VAPID Authorization: ${authorization}`);
  const [, jwt = '', k = ''] = match;
  expect(k).toBe(publicKey);
  const [header = '', claims = '', signature = ''] = jwt.split('.');
  const raw = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  expect(signed).toBe(true);
  expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toMatchObject({ alg: 'ES256' });
  return JSON.parse(Buffer.from(claims, 'base64url').toString()) as Record<string, unknown>;
}

/** A subscription as the browser's PushSubscription.toJSON() gives it. */
const json = (sub: { endpoint: string; p256dh: string; auth: string }) =>
  JSON.stringify({
    endpoint: sub.endpoint,
    expirationTime: null,
    keys: { p256dh: sub.p256dh, auth: sub.auth },
  });

describe.each(dbTargets())('Web Push of fired alerts on %s', (target) => {
  let world: AlertWorld;
  let push: PushService;
  beforeAll(async () => {
    // The local push service is plain HTTP on 127.0.0.1: the guard's test-only allowance.
    world = await alertWorld(target, undefined, { outbound: { allowLoopback: true } });
    push = await startPushService();
  });
  afterAll(async () => {
    await world?.close();
    await push?.close();
  });

  async function subscribed(token: string, sub: TestSubscription, extra: Record<string, string> = {}) {
    return ok<NotificationSettings>(
      await world.call('/user/push/subscribe', token, { subscription: json(sub), ...extra }, TR),
    );
  }
  const pushesTo = (sub: TestSubscription) => push.received.filter((r) => sub.endpoint.endsWith(r.path));
  const subscriptions = async () => {
    const [row] = await world.server.database.db.select({ n: count() }).from(pushSubscriptions);
    return row?.n ?? 0;
  };

  it('gives the VAPID public key and the default choices', async () => {
    const user = await world.user();
    const answer = ok<{ publicKey: string; settings: NotificationSettings }>(
      await world.get('/user/push/key', user.token),
    );
    const raw = Buffer.from(answer.publicKey, 'base64url');
    expect(raw).toHaveLength(65);
    expect(raw[0]).toBe(4);
    expect(answer.settings).toEqual({
      price: true,
      move: true,
      risk: true,
      conditional: true,
      quietFrom: null,
      quietTo: null,
    });
  });

  it('pushes a fired alert: encrypted for the browser, with TTL, urgency and a signed VAPID header', async () => {
    await world.price('THYAO', '310.00');
    const user = await world.user();
    const { publicKey } = ok<{ publicKey: string }>(await world.get('/user/push/key', user.token));
    const sub = push.subscription();
    await subscribed(user.token, sub);
    const alert = ok<{ id: string }>(
      await world.call('/user/alert/add', user.token, { symbol: 'THYAO', kind: 'above', threshold: '312.5' }),
    );
    await world.price('THYAO', '312.75');
    const got = pushesTo(sub);
    expect(got).toHaveLength(1);
    const [one] = got;
    if (!one) throw new Error('no push');
    expect(one.headers['content-encoding']).toBe('aes128gcm');
    expect(one.headers.ttl).toBe('900');
    expect(one.headers.urgency).toBe('high');
    const claims = verifiedVapid(String(one.headers.authorization), publicKey);
    expect(claims.aud).toBe(new URL(sub.endpoint).origin);
    expect(claims.sub).toMatch(/^mailto:/);
    expect(Number(claims.exp) * 1000).toBeGreaterThan(Date.now());
    // The browser reads it in the language it subscribed in.
    const payload = JSON.parse(sub.decrypt(one.body)) as Record<string, unknown>;
    expect(payload).toMatchObject({
      title: 'THYAO 312,5 seviyesine yükseldi',
      body: 'Fiyat 312,75: 312,5 alarmınız aşıldı.',
      url: '/pages/user/alerts',
      tag: `alert-${alert.id}`,
    });
  });

  it('holds the push back in quiet hours (the open app is still told), and pushes again after', async () => {
    await world.price('ASELS', '100.00');
    const user = await world.user();
    const live = watchAlerts(world.server.database.db, user.id);
    const sub = push.subscription();
    // The virtual clock reads 12:00 in Istanbul (09:00 UTC).
    const settings = await subscribed(user.token, sub, { from: '11:00', to: '13:00' });
    expect(settings).toMatchObject({ quietFrom: '11:00', quietTo: '13:00' });
    ok(await world.call('/user/alert/add', user.token, { symbol: 'ASELS', kind: 'above', threshold: '101' }));
    await world.price('ASELS', '101.50');
    expect(live.seen).toHaveLength(1);
    expect(pushesTo(sub)).toHaveLength(0);
    // Quiet hours cleared: the next crossing (after re-arming below 100.495) is pushed.
    ok(await world.call('/user/push/subscribe', user.token, { from: '', to: '' }));
    await world.price('ASELS', '100.00');
    await world.price('ASELS', '101.00');
    expect(live.seen).toHaveLength(2);
    expect(pushesTo(sub)).toHaveLength(1);
    live.off();
  });

  it('stops pushing once unsubscribed, and drops a subscription the push service says is gone', async () => {
    await world.price('THYAO', '310.00');
    const user = await world.user();
    const sub = push.subscription();
    await subscribed(user.token, sub);
    ok(await world.call('/user/alert/add', user.token, { symbol: 'THYAO', kind: 'below', threshold: '309' }));
    expect(ok(await world.call('/user/push/unsubscribe', user.token, { subscription: json(sub) }))).toEqual({
      removed: 1,
    });
    await world.price('THYAO', '308.00');
    expect(pushesTo(sub)).toHaveLength(0);

    const again = push.subscription();
    await subscribed(user.token, again);
    const before = await subscriptions();
    push.answer(410);
    await world.price('THYAO', '311.00');
    await world.price('THYAO', '308.50');
    push.answer(201);
    expect(pushesTo(again)).toHaveLength(1);
    expect(await subscriptions()).toBe(before - 1);
  });

  it.each([
    [
      { subscription: json({ endpoint: 'https://push.example/x', p256dh: 'abc', auth: 'def' }) },
      'PUSH_SUBSCRIPTION_INVALID',
    ],
    [{ subscription: 'not json' }, 'PUSH_SUBSCRIPTION_INVALID'],
    [{ subscription: '{"endpoint":"https://push.example/x"}' }, 'PUSH_SUBSCRIPTION_INVALID'],
    [{ local: 'http://10.0.0.1/x' }, 'PUSH_ENDPOINT_REFUSED'],
    [{ local: 'https://169.254.169.254/latest' }, 'PUSH_ENDPOINT_REFUSED'],
    [{ local: 'https://[::ffff:10.0.0.1]/x' }, 'PUSH_ENDPOINT_REFUSED'],
    [{ local: 'https://user:pw@push.example.com/x' }, 'PUSH_ENDPOINT_REFUSED'],
    [{ from: '22:00' }, 'PUSH_QUIET_HOURS_INVALID'],
    [{ from: '22:00', to: '22:00' }, 'PUSH_QUIET_HOURS_INVALID'],
    [{ from: '25:00', to: '07:00' }, 'FIELD_INVALID'],
    [{ tell: 'price,weather' }, 'FIELD_INVALID'],
  ])('refuses %j with %s and changes nothing', async (fields, key) => {
    const user = await world.user();
    const sub = push.subscription();
    // `local`: a subscription with good keys to an endpoint the server must not call.
    const body: Record<string, string> =
      'local' in fields ? { subscription: json({ ...sub, endpoint: fields.local }) } : fields;
    const before = await subscriptions();
    const answer = await world.call('/user/push/subscribe', user.token, body, TR);
    expect(answer).toMatchObject({ code: -1001, key });
    expect(answer.msg).not.toBe(key);
    expect(await subscriptions()).toBe(before);
    expect(
      ok<{ settings: NotificationSettings }>(await world.get('/user/push/key', user.token)).settings,
    ).toEqual({
      price: true,
      move: true,
      risk: true,
      conditional: true,
      quietFrom: null,
      quietTo: null,
    });
  });
});
