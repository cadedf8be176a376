import { and, eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../server/db/schema/content';
import { pushOutbox } from '../../server/db/schema/push-outbox';
import type { PushService } from '../support/push-service';
import { dbTargets } from '../support/server';
import { trade, until, type conditionalApi } from './conditional-support';
import { listen, toldSuite } from './conditional-told-support';
import { expectCleanLedger, trader, type SpotWorld } from './spot-support';

/**
 * What a conditional order's ending is not pushed for, and how a push owed is sent once: a cancel
 * the user made (the socket only), the user's choice off or their quiet hours (the socket and the
 * inbox still tell), and a push a stopped node never sent (the next sweep sends it, once).
 */
describe.each(dbTargets())('a conditional order’s pushes on %s', (target) => {
  const suite = toldSuite(target);
  const { holder, add, adopt } = suite;
  let world: SpotWorld;
  let push: PushService;
  let cond: ReturnType<typeof conditionalApi>;
  beforeAll(() => {
    ({ world, push, cond } = suite.started());
  });

  it('what the user did (placing, a cancel) is told on the socket only, for their other screens: no message, no push', async () => {
    const { me, told } = await holder('10');
    const [stop, profit] = await add(me, {
      side: 'sell',
      kind: 'stop',
      trigger: '95.00',
      oco: '1',
      ocoKind: 'take_profit',
      ocoTrigger: '110.00',
    });
    const before = (await told.inbox()).length;
    expect((await cond.cancel(me, profit!.id)).code).toBe(0);
    // Placing was told too (the user's other screens list the new legs).
    const events = await told.eventsUntil(4);
    expect(events.map((e) => [e.id, e.state, e.reason])).toEqual([
      [stop!.id, 'pending', null],
      [profit!.id, 'pending', null],
      [stop!.id, 'cancelled', 'oco'],
      [profit!.id, 'cancelled', 'user'],
    ]);
    await new Promise((r) => setTimeout(r, 300));
    expect([(await told.inbox()).length, told.pushes()]).toEqual([before, []]);
    await expectCleanLedger(world.db);
  });

  it('pushes nothing when the user turned conditional orders off, or in quiet hours; the socket and the inbox still tell', async () => {
    const off = await holder('10', 'en-US', { tell: 'price,move,risk' });
    // The virtual clock reads 12:00 in Istanbul.
    const quiet = await holder('10', 'en-US', { from: '11:00', to: '13:00' });
    for (const { me } of [off, quiet]) await add(me, { side: 'sell', kind: 'stop', trigger: '99.00' });
    trade(world, 'THYAO', '98.00');
    for (const { told } of [off, quiet]) {
      expect((await told.endingsUntil(1))[0]!.state).toBe('fired');
      await until(
        () => told.inbox(),
        (list) => list.some((m) => m.title === 'Stop triggered: THYAO'),
      );
    }
    // Whatever was owed has been decided (claimed) by now: none went out.
    await until(
      () => world.db.select().from(pushOutbox).where(isNull(pushOutbox.sentAt)),
      (rows) => rows.length === 0,
    );
    expect([off.told.pushes(), quiet.told.pushes()]).toEqual([[], []]);
  });

  it('sends a push its node never sent (it stopped after the commit) once, from the next sweep', async () => {
    const me = await trader(world.db);
    const told = await listen(world, push, me);
    adopt(told);
    const [message] = await world.db
      .insert(messages)
      .values({
        userId: me.userId,
        accountType: 'real',
        kind: 'personal',
        title: { 'en-US': 'Stop triggered: ASELS' },
        body: { 'en-US': 'owed' },
      })
      .returning();
    const [owed] = await world.db
      .insert(pushOutbox)
      .values({
        userId: me.userId,
        messageId: message!.id,
        topic: 'conditional',
        tag: 'conditional-1',
        url: '/pages/stock/conditional',
        createdAt: world.clock.now(),
      })
      .returning();
    await new Promise((r) => setTimeout(r, 1_500));
    expect(told.pushes()).toEqual([]);
    world.clock.advance(11_000);
    const [pushed, ...more] = await told.pushesUntil(1);
    expect([pushed?.title, more]).toEqual(['Stop triggered: ASELS', []]);
    const [row] = await world.db
      .select()
      .from(pushOutbox)
      .where(and(eq(pushOutbox.id, owed!.id)));
    expect(row!.sentAt).not.toBeNull();
    await new Promise((r) => setTimeout(r, 1_500));
    expect(told.pushes()).toHaveLength(1);
    // A day on, the decided row goes; its message stays in the message centre.
    world.clock.advance(24 * 3_600_000 + 1_000);
    await until(
      () => world.db.select().from(pushOutbox).where(eq(pushOutbox.id, owed!.id)),
      (rows) => rows.length === 0,
    );
    expect((await told.inbox()).map((m) => m.title)).toContain('Stop triggered: ASELS');
  });
});
