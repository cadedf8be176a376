import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushToUser } from '../../server/alerts/push-delivery';
import { PUSH_FAILURE_LIMIT } from '../../server/alerts/push-subscriptions';
import { vapidKeys } from '../../server/alerts/vapid';
import { createOutboundClient } from '../../server/http/outbound/client';
import { signInAs } from '../support/browser-session';
import { openPhone, screen, screenshot, type Phone } from '../support/browser';
import { startPushService, type PushService } from '../support/push-service';
import { userWithSession } from '../support/session';
import { startServer, type TestServer } from '../support/server';

/**
 * The notifications screen after the broker stopped pushing to a browser whose push service kept
 * refusing: a broker of its own (its push service, on loopback, answers 503), the user's pushes
 * sent through the broker's own delivery until the subscription goes, then the screen in Chromium.
 */
const CLIENT_DIR = path.resolve(process.env.CLIENT_DIR ?? path.join('dist', 'client'));

describe('the notice of a stopped push subscription in Chromium', () => {
  let server: TestServer;
  let push: PushService;
  let phone: Phone | undefined;
  let token: string;

  beforeAll(async () => {
    push = await startPushService();
    server = await startServer('pglite', { clientDir: CLIENT_DIR, outbound: { allowLoopback: true } });
    const user = await userWithSession(server.database.db);
    token = user.token;
    const sub = push.subscription();
    const subscription = JSON.stringify({
      endpoint: sub.endpoint,
      keys: { p256dh: sub.p256dh, auth: sub.auth },
    });
    const res = await fetch(server.api('/user/push/subscribe'), {
      method: 'POST',
      headers: { accesstoken: token, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ subscription }).toString(),
    });
    expect(((await res.json()) as { code: number }).code).toBe(0);
    push.answer(503);
    // What an alert firing does, as many times as the limit: each send refused, then the drop.
    const deps = {
      db: server.database.db,
      outbound: createOutboundClient({ allowLoopback: true }),
      vapid: () => vapidKeys(tmpdir()),
      now: () => Date.now(),
      log: { error: () => undefined },
    };
    for (let i = 0; i < PUSH_FAILURE_LIMIT; i++)
      await pushToUser(deps, BigInt(user.userId), () => JSON.stringify({ title: 'THYAO', body: '312,5' }));
    expect(push.received).toHaveLength(PUSH_FAILURE_LIMIT);
  });
  afterAll(async () => {
    await phone?.close();
    await server?.close();
    await push?.close();
  });

  it.each(['tr-TR', 'en-US'] as const)('shows it in %s', async (lang) => {
    phone = await openPhone();
    const { page } = phone;
    await signInAs(page, server.url, { userToken: token }, lang);
    await page.goto(`${server.url}/pages/user/notifications`);
    await screen(page, '/pages/user/notifications');
    const notice = page.getByTestId('notifications-push-stopped');
    await notice.waitFor();
    expect(await notice.textContent()).toContain(String(PUSH_FAILURE_LIMIT));
    await notice.scrollIntoViewIfNeeded();
    await screenshot(page, `notifications-push-stopped-${lang}`);
    await phone.close();
    phone = undefined;
  });
});
