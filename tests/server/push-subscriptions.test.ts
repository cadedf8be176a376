import { createECDH, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:net';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushStopped } from '../../domain/protocol/alerts';
import { PUSH_FAILURE_LIMIT, PUSH_SUBSCRIPTION_CAP } from '../../server/alerts/push-subscriptions';
import { pushSubscriptions } from '../../server/db/schema/alerts';
import { startPushService, type PushService, type TestSubscription } from '../support/push-service';
import { dbTargets } from '../support/server';
import { alertWorld, EN, ok, TR, type AlertWorld } from './alerts-support';

/** A subscription as the browser's PushSubscription.toJSON() gives it. */
const json = (sub: { endpoint: string; p256dh: string; auth: string }) =>
  JSON.stringify({
    endpoint: sub.endpoint,
    expirationTime: null,
    keys: { p256dh: sub.p256dh, auth: sub.auth },
  });

type Key = { stopped: PushStopped | null };

/** A browser's keys for a subscription whose pushes nobody will read. */
const browserKeys = () => ({
  p256dh: createECDH('prime256v1').generateKeys().toString('base64url'),
  auth: randomBytes(16).toString('base64url'),
});

describe.each(dbTargets())('push subscriptions: cap, failures and the stopped notice on %s', (target) => {
  let world: AlertWorld;
  let push: PushService;
  const lines: string[] = [];
  beforeAll(async () => {
    push = await startPushService();
    world = await alertWorld(target, undefined, {
      outbound: { allowLoopback: true },
      logLevel: 'error',
      logStream: { write: (line) => void lines.push(line) },
    });
  });
  afterAll(async () => {
    await world?.close();
    await push?.close();
  });

  const subscribe = (token: string, sub: TestSubscription) =>
    world.call('/user/push/subscribe', token, { subscription: json(sub) }, TR);
  const rowsOf = (userId: bigint) =>
    world.server.database.db
      .select({ endpoint: pushSubscriptions.endpoint, failures: pushSubscriptions.failures })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId));
  const pushesTo = (sub: TestSubscription) => push.received.filter((r) => sub.endpoint.endsWith(r.path));
  /** One more crossing of 101 upwards (from below the re-arm level): the alert fires once. */
  const fireAgain = async (symbol: string) => {
    await world.price(symbol, '100.00');
    await world.price(symbol, '101.50');
  };

  it(`keeps a user's newest ${PUSH_SUBSCRIPTION_CAP} subscriptions, replacing the oldest`, async () => {
    const user = await world.user();
    const subs = Array.from({ length: PUSH_SUBSCRIPTION_CAP + 3 }, () => push.subscription());
    for (const sub of subs) ok(await subscribe(user.token, sub));
    const kept = (await rowsOf(user.id)).map((r) => r.endpoint).sort();
    expect(kept).toEqual(
      subs
        .slice(3)
        .map((s) => s.endpoint)
        .sort(),
    );
    // Another user's subscriptions are not theirs to count.
    const other = await world.user();
    ok(await subscribe(other.token, push.subscription()));
    expect(await rowsOf(user.id)).toHaveLength(PUSH_SUBSCRIPTION_CAP);
    // The oldest re-subscribing comes back as the newest, replacing the next oldest.
    ok(await subscribe(user.token, subs[0] as TestSubscription));
    const again = (await rowsOf(user.id)).map((r) => r.endpoint);
    expect(again).toContain(subs[0]?.endpoint);
    expect(again).not.toContain(subs[3]?.endpoint);
  });

  it('holds the cap under a burst of subscribes', async () => {
    const user = await world.user();
    const subs = Array.from({ length: PUSH_SUBSCRIPTION_CAP + 5 }, () => push.subscription());
    const answers = await Promise.all(subs.map((sub) => subscribe(user.token, sub)));
    for (const answer of answers) ok(answer);
    expect(await rowsOf(user.id)).toHaveLength(PUSH_SUBSCRIPTION_CAP);
  });

  it(`drops a subscription refused ${PUSH_FAILURE_LIMIT} times in a row, tells the user, and clears the notice on re-subscribe`, async () => {
    await world.price('ASELS', '100.00');
    const user = await world.user();
    const sub = push.subscription();
    ok(await subscribe(user.token, sub));
    ok(await world.call('/user/alert/add', user.token, { symbol: 'ASELS', kind: 'above', threshold: '101' }));
    // Two failures, then a delivery: the run starts over.
    push.answer(500);
    await world.price('ASELS', '101.50');
    await fireAgain('ASELS');
    expect((await rowsOf(user.id))[0]?.failures).toBe(2);
    push.answer(201);
    await fireAgain('ASELS');
    expect((await rowsOf(user.id))[0]?.failures).toBe(0);
    push.answer(503);
    for (let i = 1; i < PUSH_FAILURE_LIMIT; i++) await fireAgain('ASELS');
    expect(await rowsOf(user.id)).toEqual([{ endpoint: sub.endpoint, failures: PUSH_FAILURE_LIMIT - 1 }]);
    expect(ok<Key>(await world.get('/user/push/key', user.token)).stopped).toBeNull();
    await fireAgain('ASELS');
    expect(await rowsOf(user.id)).toEqual([]);
    const { stopped } = ok<Key>(await world.get('/user/push/key', user.token));
    expect(stopped).toEqual({
      endpoint: sub.endpoint,
      failures: PUSH_FAILURE_LIMIT,
      lastStatus: 503,
      at: world.clock.t,
    });
    // Gone: the next fire sends nothing.
    const sent = pushesTo(sub).length;
    push.answer(201);
    await fireAgain('ASELS');
    expect(pushesTo(sub)).toHaveLength(sent);
    // Each failure was one short line: status, host, count; no stack, no certificate.
    const failed = lines
      .filter((l) => l.includes('"push"'))
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(failed.length).toBeGreaterThanOrEqual(PUSH_FAILURE_LIMIT + 2);
    const host = new URL(sub.endpoint).host;
    expect(failed.at(-1)).toMatchObject({
      msg: 'push subscription stopped',
      push: { status: 503, host, failures: PUSH_FAILURE_LIMIT, stopped: true },
    });
    for (const line of failed) {
      expect(Object.keys(line)).not.toContain('err');
      expect(JSON.stringify(line)).not.toMatch(/stack|BEGIN CERTIFICATE|issuerCertificate/);
    }
    // Turned on again: subscribed anew, the notice goes.
    ok(await subscribe(user.token, sub));
    expect(ok<Key>(await world.get('/user/push/key', user.token)).stopped).toBeNull();
  });
});

describe('a push endpoint named to point inside', () => {
  let world: AlertWorld;
  let inside: Server;
  let connections = 0;
  let port = 0;
  beforeAll(async () => {
    inside = createServer((socket) => {
      connections++;
      socket.destroy();
    });
    await new Promise<void>((resolve) => inside.listen(0, '127.0.0.1', resolve));
    port = (inside.address() as { port: number }).port;
    // The broker as deployed (no loopback allowance), with a resolver an attacker's DNS could be.
    world = await alertWorld('pglite', undefined, {
      outbound: {
        allowLoopback: false,
        resolve: (name) =>
          name === 'push.attacker.example'
            ? Promise.resolve([{ address: '127.0.0.1', family: 4 }])
            : Promise.reject(Object.assign(new Error('not found'), { code: 'ENOTFOUND' })),
      },
    });
  });
  afterAll(async () => {
    await world?.close();
    await new Promise((resolve) => inside.close(resolve));
  });

  it('refuses literal inside addresses at subscribe, in any spelling, with PUSH_ENDPOINT_REFUSED', async () => {
    const user = await world.user();
    const keys = browserKeys();
    for (const endpoint of [
      `https://127.0.0.1:${port}/p`,
      `https://0x7f.1:${port}/p`,
      `https://2130706433:${port}/p`,
      `https://127。0。0。1:${port}/p`,
      `https://[::ffff:127.0.0.1]:${port}/p`,
      `https://localhost:${port}/p`,
      'https://169.254.169.254/latest/meta-data/',
      'https://100.100.100.200/',
      'https://[fd00::1]/p',
      'http://push.attacker.example/p',
    ]) {
      const answer = await world.call(
        '/user/push/subscribe',
        user.token,
        { subscription: json({ endpoint, ...keys }) },
        EN,
      );
      expect(answer, endpoint).toMatchObject({ code: -1001, key: 'PUSH_ENDPOINT_REFUSED' });
      expect(answer.msg).toMatch(/push service/);
    }
    const [row] = await world.server.database.db.select({ n: count() }).from(pushSubscriptions);
    expect(row?.n).toBe(0);
    expect(connections).toBe(0);
  });

  it('takes a name at subscribe but refuses its inside address when an alert fires: no connection', async () => {
    await world.price('THYAO', '310.00');
    const user = await world.user();
    const endpoint = `https://push.attacker.example:${port}/p`;
    ok(
      await world.call('/user/push/subscribe', user.token, {
        subscription: json({ endpoint, ...browserKeys() }),
      }),
    );
    ok(await world.call('/user/alert/add', user.token, { symbol: 'THYAO', kind: 'above', threshold: '311' }));
    await world.price('THYAO', '311.50');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(connections).toBe(0);
    const [row] = await world.server.database.db
      .select({ failures: pushSubscriptions.failures })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, endpoint));
    expect(row?.failures).toBe(1);
  });
});
