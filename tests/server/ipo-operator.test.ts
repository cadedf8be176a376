import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IpoApplication } from '../../domain/protocol/ipo';
import { operatorAudit } from '../../server/db/schema/system';
import { runIpoPass } from '../../server/primary/ipo/pass';
import { postForm, dbTargets } from '../support/server';
import { HOUR, OPERATOR_KEY, PIN, draft, investor, ipoWorld, newIpo, type IpoWorld } from './ipo-support';
import { api, expectCleanLedger } from './spot-support';

type Page<T> = { list: T[]; total: number };
type Envelope = { code: number; key?: string; data: unknown };

describe.each(dbTargets())('IPO operator commands on %s', (target) => {
  let world: IpoWorld;
  let call: ReturnType<typeof api>;
  const op = async (path: string, fields: Record<string, string> = {}) =>
    (await (
      await postForm(`${world.server.url}/operator/${path}`, fields, { 'x-operator-key': OPERATOR_KEY })
    ).json()) as Envelope;
  beforeAll(async () => {
    world = await ipoWorld(target);
    call = api(world as never);
  });
  afterAll(async () => world?.close());

  it('lists IPOs and applications, and closes a subscription early, each audited', async () => {
    // The operator acts on the wall clock, so this IPO's window is around it.
    const now = Date.now();
    world.clock.set(now);
    const id = await newIpo(
      world,
      draft(now - HOUR, {
        subscribeEnd: now + 10 * HOUR,
        allocationAt: now + 11 * HOUR,
        refundAt: now + 12 * HOUR,
        listingAt: now + 13 * HOUR,
      }),
    );
    const u = await investor(world.db, '1000');
    expect(
      (await call.post('/stock/order/new/apply', u.token, { id, lots: '12', tradePassword: PIN })).code,
    ).toBe(0);

    const ipos = (await op('ipos')).data as { id: string; status: string; applicants: number }[];
    expect(ipos.find((i) => i.id === id)).toMatchObject({ status: 'subscribing', applicants: 1 });
    const apps = (await op('ipo-applications', { id })).data as { userId: string; status: string }[];
    expect(apps).toMatchObject([
      { userId: String(u.userId), status: 'applying', lots: '12', held: '240.25' },
    ]);

    const closed = await op('ipo-close', { id });
    expect(closed).toMatchObject({ code: 0, data: { id, allocated: false } });
    expect((await op('ipo-close', { id })).key).toBe('IPO_NOT_SUBSCRIBING');
    const late = await investor(world.db, '1000');
    world.clock.set(Date.now());
    const refused = await call.post('/stock/order/new/apply', late.token, {
      id,
      lots: '1',
      tradePassword: PIN,
    });
    expect(refused.key).toBe('IPO_NOT_SUBSCRIBING');

    // The next pass allocates at once: 12 asked of a 10-lot pool.
    const at = Date.now();
    world.clock.set(at);
    await runIpoPass(world.db, at);
    const mine = (await call.get<Page<IpoApplication>>('/stock/order/new/list', u.token)).data.list[0];
    expect(mine).toMatchObject({ ipoId: id, status: 'won', allottedLots: '10', charged: '200.21' });
    await expectCleanLedger(world.db);

    const audit = await world.db.select().from(operatorAudit).orderBy(desc(operatorAudit.id)).limit(10);
    expect(audit.map((a) => [a.action, a.target])).toEqual(
      expect.arrayContaining([
        ['ipo.close', `ipo:${id}`],
        ['ipo.applications', `ipo:${id}`],
        ['ipo.list', null],
      ]),
    );
    expect((await op('ipo-applications', { id: '999999' })).key).toBe('IPO_NOT_FOUND');
  });
});
