import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { IpoApplication, IpoDetail } from '../../domain/protocol/ipo';
import { users } from '../../server/db/schema/users';
import { userBalances } from '../../server/ledger/balances';
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
import { balance, expectCleanLedger, MONDAY_NOON, type Lang } from './spot-support';

type Page<T> = { list: T[]; total: number };

describe.each(dbTargets())('IPO refusals, demo pool and auto-apply on %s', (target) => {
  const t = sharedIpoWorld(target);

  it('refuses bad applications with localized errors and changes nothing', async () => {
    t.world.clock.set(MONDAY_NOON);
    const id = await newIpo(t.world, draft(MONDAY_NOON - HOUR, { minLots: '2', maxLots: '5' }));
    const rich = await investor(t.world.db, '1000');
    const poor = await investor(t.world.db, '50');
    const noPin = await investor(t.world.db, '1000', null);
    const first = await t.call.post('/stock/order/new/apply', rich.token, {
      id,
      lots: '2',
      tradePassword: PIN,
    });
    expect(first.code).toBe(0);

    const cases: [string, { token: string; userId: bigint }, Record<string, string>, Lang, string, string][] =
      [
        [
          'twice',
          rich,
          { lots: '3' },
          'en-US',
          'IPO_ALREADY_APPLIED',
          'You have already applied for this IPO.',
        ],
        [
          'twice',
          rich,
          { lots: '3' },
          'tr-TR',
          'IPO_ALREADY_APPLIED',
          'Bu halka arza zaten talepte bulundunuz.',
        ],
        [
          'over the cap',
          poor,
          { lots: '6' },
          'en-US',
          'IPO_LOTS_ABOVE_MAXIMUM',
          'You can apply for at most 5 lots.',
        ],
        [
          'over the cap',
          poor,
          { lots: '6' },
          'tr-TR',
          'IPO_LOTS_ABOVE_MAXIMUM',
          'En fazla 5 lot talep edebilirsiniz.',
        ],
        [
          'under the minimum',
          poor,
          { lots: '1' },
          'en-US',
          'IPO_LOTS_BELOW_MINIMUM',
          'Apply for at least 2 lots.',
        ],
        ['zero', poor, { lots: '0' }, 'en-US', 'ORDER_AMOUNT_ZERO', 'Order amount cannot be 0.'],
        [
          'insufficient',
          poor,
          { lots: '3' },
          'en-US',
          'IPO_INSUFFICIENT_BALANCE',
          'Account insufficient for subscription: 50 available, 60.06 needed.',
        ],
        [
          'insufficient',
          poor,
          { lots: '3' },
          'tr-TR',
          'IPO_INSUFFICIENT_BALANCE',
          'Hesap bakiyesi talep için yetersiz: kullanılabilir 50, gereken 60,06.',
        ],
        [
          'wrong password',
          poor,
          { lots: '2', tradePassword: '000000' },
          'en-US',
          'TRADE_PASSWORD_INCORRECT',
          '',
        ],
        ['no password set', noPin, { lots: '2', tradePassword: '' }, 'en-US', 'TRADE_PASSWORD_NOT_SET', ''],
        ['no such IPO', poor, { id: '999999', lots: '2' }, 'tr-TR', 'IPO_NOT_FOUND', 'Halka arz bulunamadı.'],
        ['not a number', poor, { lots: '1.5' }, 'en-US', 'FIELD_INVALID', ''],
      ];
    for (const [name, who, fields, lang, key, msg] of cases) {
      const before = await untouched(t.world.db, who.userId);
      const res = await t.call.post(
        '/stock/order/new/apply',
        who.token,
        { id, tradePassword: PIN, ...fields },
        lang,
      );
      expect([name, res.code, res.key], JSON.stringify(res)).toEqual([name, -1001, key]);
      if (msg) expect(res.msg).toBe(msg);
      else expect(res.msg.length).toBeGreaterThan(0);
      expect(await untouched(t.world.db, who.userId), name).toEqual(before);
    }
    await expectCleanLedger(t.world.db);
  });

  it('keeps demo applications in a pool of their own, so practice never dilutes real investors', async () => {
    t.world.clock.set(MONDAY_NOON);
    const start = MONDAY_NOON - HOUR;
    // A symbol of its own: the first test's offering of SYMBOL is still under way, and a symbol
    // is not offered twice at once.
    const id = await newIpo(t.world, draft(start, { symbol: 'DEMOA', lotsRetail: '4', maxLots: '10' }));
    const real = await investor(t.world.db, '1000');
    const practice = await investor(t.world.db, '1000');
    expect(
      (await t.call.post('/stock/order/new/apply', real.token, { id, lots: '4', tradePassword: PIN })).code,
    ).toBe(0);
    const demoApplied = await t.call.post<IpoApplication>('/stock/order/new/apply', practice.demo, {
      id,
      lots: '10',
      tradePassword: PIN,
    });
    expect(demoApplied.data).toMatchObject({ lots: '10', held: '200.21' });
    // Each sees their own pool's demand; the real account's money is untouched by the demo.
    const realView = await t.call.get<IpoDetail>('/stock/index/new/info', real.token, { id });
    const demoView = await t.call.get<IpoDetail>('/stock/index/new/info', practice.demo, { id });
    expect([realView.data.applicants, realView.data.requestedLots]).toEqual([1, '4']);
    expect([demoView.data.applicants, demoView.data.requestedLots]).toEqual([1, '10']);
    expect(balance(await userBalances(t.world.db, practice.userId, 'real'), 'stock', 'TRY')).toEqual({
      available: '1000',
      frozen: '0',
    });
    t.world.clock.set(start + 3 * HOUR);
    await runIpoPass(t.world.db, start + 3 * HOUR);
    const realApp = (await t.call.get<Page<IpoApplication>>('/stock/order/new/list', real.token)).data
      .list[0];
    const demoApp = (await t.call.get<Page<IpoApplication>>('/stock/order/new/list', practice.demo)).data
      .list[0];
    expect(realApp).toMatchObject({ ipoId: id, allottedLots: '4', status: 'won' });
    expect(demoApp).toMatchObject({ ipoId: id, allottedLots: '4', status: 'won', charged: '80.08' });
    await expectCleanLedger(t.world.db);
  });

  it('auto-applies one lot for users with the switch on when a window opens, and tells them either way', async () => {
    const start = MONDAY_NOON + 10 * HOUR;
    t.world.clock.set(start - HOUR);
    // An earlier test's offering of SYMBOL has listed by now: a listed symbol is not offered again.
    const id = await newIpo(t.world, draft(start, { symbol: OTHER_SYMBOL }));
    const keen = await investor(t.world.db, '1000');
    const broke = await investor(t.world.db, '5');
    for (const u of [keen, broke])
      await t.world.db.update(users).set({ openAutoApply: 1 }).where(eq(users.id, u.userId));
    // The seeded IPOs open at the database's first start, so only this IPO's rows are counted.
    const applied = async (u: Investor) =>
      (await t.call.get<Page<IpoApplication>>('/stock/order/new/list', u.token)).data.list.filter(
        (a) => a.ipoId === id,
      );
    await runIpoPass(t.world.db, start - HOUR);
    expect(await applied(keen)).toEqual([]);
    t.world.clock.set(start);
    await runIpoPass(t.world.db, start);
    expect(await applied(keen)).toMatchObject([{ lots: '1', auto: true, held: '20.02', status: 'applying' }]);
    expect(await applied(broke)).toEqual([]);
    const told = async (token: string) =>
      JSON.stringify((await t.call.post('/user/message/list', token, {}, 'en-US')).data);
    expect(await told(keen.token)).toContain(
      `Because automatic IPO subscription is on, 1 lots of ${OTHER_SYMBOL} were applied for`,
    );
    expect(await told(broke.token)).toContain(
      `${OTHER_SYMBOL} could not be applied for automatically: Account insufficient for subscription: 5 available, 20.02 needed.`,
    );
    // Once per IPO.
    await runIpoPass(t.world.db, start + 1);
    expect(await applied(keen)).toHaveLength(1);
    await expectCleanLedger(t.world.db);
  });
});
