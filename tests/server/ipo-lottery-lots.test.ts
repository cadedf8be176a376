import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { IpoApplication } from '../../domain/protocol/ipo';
import { users } from '../../server/db/schema/users';
import { createIpo } from '../../server/primary/ipo/create';
import { runIpoPass } from '../../server/primary/ipo/pass';
import { dbTargets } from '../support/server';
import {
  HOUR,
  OTHER_SYMBOL,
  PIN,
  draft,
  investor,
  sharedIpoWorld,
  newIpo,
  untouched,
  type Investor,
} from './ipo-support';
import { expectCleanLedger, MONDAY_NOON, type Lang } from './spot-support';

type Page<T> = { list: T[]; total: number };

/**
 * A lottery IPO allots whole tickets (domain/ipo/lottery): lots past the last whole ticket can
 * never be allotted, so an application for them would only freeze money until the refund date.
 * The server refuses them (SPEC §9: "a minimum of {0} shares and multiples thereof").
 */
describe.each(dbTargets())('lottery IPO lots on %s', (target) => {
  const t = sharedIpoWorld(target);

  const lottery = {
    method: 'lottery' as const,
    ticketLots: '10',
    minLots: '10',
    maxLots: '100',
    lotsRetail: '1000',
  };

  it('refuses lots that are not whole tickets, in both languages, and changes nothing', async () => {
    t.world.clock.set(MONDAY_NOON);
    const id = await newIpo(t.world, draft(MONDAY_NOON - HOUR, lottery));
    const u = await investor(t.world.db, '10000');
    const cases: [string, Lang, string][] = [
      ['15', 'en-US', "In this IPO's lottery every 10 lots make one ticket: apply in multiples of 10 lots."],
      [
        '15',
        'tr-TR',
        'Bu halka arzın kurasında her 10 lot bir kura hakkıdır: 10 lotun katları halinde talep edin.',
      ],
      ['99', 'en-US', "In this IPO's lottery every 10 lots make one ticket: apply in multiples of 10 lots."],
    ];
    for (const [lots, lang, msg] of cases) {
      const before = await untouched(t.world.db, u.userId);
      const res = await t.call.post(
        '/stock/order/new/apply',
        u.token,
        { id, lots, tradePassword: PIN },
        lang,
      );
      expect([lots, res.code, res.key, res.msg]).toEqual([lots, -1001, 'IPO_LOTS_NOT_MULTIPLE', msg]);
      expect(await untouched(t.world.db, u.userId)).toEqual(before);
    }
    // A whole number of tickets is accepted, and every lot of it can win.
    const ok = await t.call.post<IpoApplication>('/stock/order/new/apply', u.token, {
      id,
      lots: '20',
      tradePassword: PIN,
    });
    expect(ok).toMatchObject({ code: 0, data: { lots: '20' } });
    await runIpoPass(t.world.db, MONDAY_NOON + 3 * HOUR);
    const [mine] = (
      await t.call.get<Page<IpoApplication>>('/stock/order/new/list', u.token)
    ).data.list.filter((a) => a.ipoId === id);
    expect(mine).toMatchObject({ allottedLots: '20', tickets: '2' });
    await expectCleanLedger(t.world.db);
  });

  it('leaves equal distribution alone: any lot count within the limits', async () => {
    t.world.clock.set(MONDAY_NOON);
    const id = await newIpo(
      t.world,
      // A symbol of its own: the first test's lottery of SYMBOL is still under way.
      draft(MONDAY_NOON - HOUR, { symbol: 'EQUAL', minLots: '1', maxLots: '100', ticketLots: '10' }),
    );
    const u = await investor(t.world.db, '10000');
    const res = await t.call.post('/stock/order/new/apply', u.token, { id, lots: '15', tradePassword: PIN });
    expect(res).toMatchObject({ code: 0, data: { lots: '15' } });
  });

  it('auto-applies for whole tickets, and refuses to create a lottery no lot count fits', async () => {
    const start = MONDAY_NOON + 10 * HOUR;
    t.world.clock.set(start - HOUR);
    // A minimum below one ticket: auto-apply asks for the first whole ticket, not the minimum.
    // An earlier test's offering of SYMBOL has listed by now: a listed symbol is not offered again.
    const id = await newIpo(t.world, draft(start, { ...lottery, symbol: OTHER_SYMBOL, minLots: '5' }));
    const keen: Investor = await investor(t.world.db, '10000');
    await t.world.db.update(users).set({ openAutoApply: 1 }).where(eq(users.id, keen.userId));
    t.world.clock.set(start);
    await runIpoPass(t.world.db, start);
    const applied = (
      await t.call.get<Page<IpoApplication>>('/stock/order/new/list', keen.token)
    ).data.list.filter((a) => a.ipoId === id);
    expect(applied).toMatchObject([{ lots: '10', auto: true }]);

    await expect(
      createIpo(t.world.db, draft(start, { ...lottery, minLots: '1', maxLots: '9' }), start),
    ).rejects.toMatchObject({ key: 'FIELD_INVALID', params: { field: 'ticketLots' } });
    await expectCleanLedger(t.world.db);
  });
});
