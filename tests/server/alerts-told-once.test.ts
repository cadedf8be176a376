import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAlertEngine, type AlertEngineDeps } from '../../server/alerts/engine';
import { saveSubscription } from '../../server/alerts/push-subscriptions';
import { insertAlert } from '../../server/alerts/store';
import type { Database } from '../../server/db/client';
import { alerts } from '../../server/db/schema/alerts';
import { messages } from '../../server/db/schema/content';
import { pushOutbox } from '../../server/db/schema/push-outbox';
import { createPushes } from '../../server/trading/conditional/pushes';
import { createTrading } from '../../server/trading/services';
import { startPushService, type PushService, type TestSubscription } from '../support/push-service';
import { instrument, scriptedSource } from '../support/scripted-source';
import { dbTargets, freshDatabase, testConfig } from '../support/server';
import { userWithSession } from '../support/session';

/**
 * A price alert's fire, its message-centre row and the push it owes commit in one transaction
 * (server/alerts/deliver.ts). An owner killed right after that commit tells nobody; the next
 * owner neither fires it again (the fire is stored) nor loses its news: the message is there and
 * the outbox sweep pushes it once.
 */
describe.each(dbTargets())('a price alert told exactly once across a kill, on %s', (target) => {
  let database: Database;
  let dispose: () => Promise<void>;
  let push: PushService;
  const clock = { t: Date.UTC(2026, 10, 27, 9), now: () => clock.t };
  const config = testConfig({ outbound: { allowLoopback: true } });
  const log = { error: () => undefined, warn: () => undefined };

  beforeAll(async () => {
    ({ database, dispose } = await freshDatabase(target));
    push = await startPushService();
  });
  afterAll(async () => {
    await push?.close();
    await dispose?.();
  });

  /** A user with one browser subscribed in en-US, and an alert above 105 on `symbol` at 100. */
  async function armed(symbol: string) {
    const db = database.db;
    const user = await userWithSession(db);
    const userId = BigInt(user.userId);
    const sub = push.subscription();
    await db.transaction((tx) => saveSubscription(tx, userId, { ...sub, locale: 'en-US' }));
    const alert = await insertAlert(
      db,
      { userId, accountType: 'real' },
      { symbol, kind: 'above', threshold: '105', windowMinutes: null },
      clock.now(),
    );
    return { userId, sub, alert };
  }

  /** An engine of the partition's owner; `pushes` absent: the node is killed before any leaves. */
  function owner(source: ReturnType<typeof scriptedSource>, pushes?: AlertEngineDeps['pushes']) {
    const trading = createTrading({ db: database.db, market: source, config, clock });
    return createAlertEngine({
      db: database.db,
      market: source,
      trading,
      pushes: pushes ?? { send: () => Promise.resolve(0) },
      log,
    });
  }

  /** The print and the tick that cross the line. */
  function cross(source: ReturnType<typeof scriptedSource>, symbol: string) {
    clock.t += 1_000;
    source.emitTrades(symbol, [{ id: `T${clock.t}`, t: clock.t, price: '106.00', qty: '1', side: 'buy' }]);
    source.emitTicker(symbol, { last: '106.00' });
  }

  const pushesTo = (sub: TestSubscription) => push.received.filter((r) => sub.endpoint.endsWith(r.path));
  const inbox = (userId: bigint) => database.db.select().from(messages).where(eq(messages.userId, userId));
  const unsent = (userId: bigint) =>
    database.db
      .select()
      .from(pushOutbox)
      .where(and(eq(pushOutbox.userId, userId), isNull(pushOutbox.sentAt)));

  it('an owner killed right after the commit: after the takeover, one message and one push', async () => {
    const source = scriptedSource([instrument('THYAO')], clock.now);
    source.setTicker('THYAO', { last: '100.00' });
    const { userId, sub, alert } = await armed('THYAO');

    const killed = owner(source);
    await killed.start();
    cross(source, 'THYAO');
    await killed.settled();
    await killed.stop();
    // Committed together, and nothing left the killed node.
    const [stored] = await database.db.select().from(alerts).where(eq(alerts.id, alert.id));
    expect(stored).toMatchObject({ armed: false, firedCount: 1 });
    expect((await inbox(userId)).map((m) => m.title)).toEqual([
      { 'tr-TR': 'THYAO 105 seviyesine yükseldi', 'en-US': expect.stringContaining('THYAO') as string },
    ]);
    expect(await unsent(userId)).toHaveLength(1);
    expect(pushesTo(sub)).toEqual([]);

    // The next owner: the stored fire is not fired again from the tape; its sweep sends the push.
    const pushes = createPushes({ db: database.db, clock, config, log });
    const next = owner(source, pushes);
    await next.start();
    await next.settled();
    clock.t += 11_000;
    expect(await pushes.sweep()).toBe(1);
    expect(await pushes.sweep()).toBe(0);
    await next.settled();
    await next.stop();
    const got = pushesTo(sub);
    expect(got).toHaveLength(1);
    const payload = JSON.parse(sub.decrypt(got[0]!.body)) as Record<string, unknown>;
    const [message] = await inbox(userId);
    expect(payload).toMatchObject({
      title: message!.title['en-US'],
      body: message!.body['en-US'],
      tag: `alert-${alert.id}`,
      url: '/pages/user/alerts',
    });
    expect(await inbox(userId)).toHaveLength(1);
    const [after] = await database.db.select().from(alerts).where(eq(alerts.id, alert.id));
    expect(after).toMatchObject({ firedCount: 1 });
  });

  it('an owner that lives: it pushes at once, once, and the sweep finds nothing owed', async () => {
    const source = scriptedSource([instrument('ASELS')], clock.now);
    source.setTicker('ASELS', { last: '100.00' });
    const { userId, sub } = await armed('ASELS');
    const pushes = createPushes({ db: database.db, clock, config, log });
    const live = owner(source, pushes);
    await live.start();
    cross(source, 'ASELS');
    await live.settled();
    expect(pushesTo(sub)).toHaveLength(1);
    expect(await unsent(userId)).toEqual([]);
    clock.t += 11_000;
    expect(await pushes.sweep()).toBe(0);
    await live.stop();
    expect([pushesTo(sub).length, (await inbox(userId)).length]).toEqual([1, 1]);
  });
});
