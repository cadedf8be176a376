import { desc } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Ico, IcoCommitment } from '../../domain/protocol/ico';
import { operatorAudit } from '../../server/db/schema/system';
import { userBalances } from '../../server/ledger/balances';
import { runIcoPass } from '../../server/primary/ico/pass';
import { dbTargets } from '../support/server';
import { icoDraft, newIco, unchanged, sharedIcoWorld } from './ico-support';
import { HOUR, PIN, investor, operatorCall } from './ipo-support';
import { balance, expectCleanLedger, MONDAY_NOON, type Lang } from './spot-support';

type Page<T> = { list: T[]; total: number };

describe.each(dbTargets())('ICO refusals, demo pool and operator commands on %s', (target) => {
  const t = sharedIcoWorld(target);
  const op = (path: string, fields: Record<string, string> = {}) => operatorCall(t.world, path, fields);

  it('refuses bad commitments with localized errors and changes nothing', async () => {
    t.world.clock.set(MONDAY_NOON);
    const id = await newIco(t.world, icoDraft(MONDAY_NOON - HOUR, { minCommit: '10', maxCommit: '200' }));
    const rich = await investor(t.world.db, '0', PIN, '1000');
    const poor = await investor(t.world.db, '0', PIN, '50');
    const noPin = await investor(t.world.db, '0', null, '1000');
    const first = await t.call.post('/coin/order/new/apply', rich.token, {
      id,
      amount: '20',
      tradePassword: PIN,
    });
    expect(first.code).toBe(0);

    type Case = [string, { token: string; userId: bigint }, Record<string, string>, Lang, string, string];
    const cases: Case[] = [
      [
        'twice',
        rich,
        { amount: '30' },
        'en-US',
        'ICO_ALREADY_APPLIED',
        'You have already committed to this coin sale.',
      ],
      ['twice', rich, { amount: '30' }, 'tr-TR', 'ICO_ALREADY_APPLIED', 'Bu coin satışına zaten katıldınız.'],
      [
        'below min',
        poor,
        { amount: '9.99' },
        'en-US',
        'AMOUNT_BELOW_MINIMUM',
        'The minimum amount is 10 USDT.',
      ],
      ['below min', poor, { amount: '9.99' }, 'tr-TR', 'AMOUNT_BELOW_MINIMUM', 'En düşük tutar 10 USDT.'],
      [
        'above max',
        poor,
        { amount: '200.01' },
        'en-US',
        'AMOUNT_ABOVE_MAXIMUM',
        'The maximum amount is 200 USDT.',
      ],
      [
        'insufficient',
        poor,
        { amount: '60' },
        'en-US',
        'ICO_INSUFFICIENT_BALANCE',
        'Account insufficient for this coin sale commitment: 50 USDT available, 60 USDT needed.',
      ],
      [
        'insufficient',
        poor,
        { amount: '60' },
        'tr-TR',
        'ICO_INSUFFICIENT_BALANCE',
        'Hesap bakiyesi bu coin satışı taahhüdü için yetersiz: kullanılabilir 50 USDT, gereken 60 USDT.',
      ],
      ['wrong pin', poor, { amount: '20', tradePassword: '111111' }, 'en-US', 'TRADE_PASSWORD_INCORRECT', ''],
      ['no pin', noPin, { amount: '20', tradePassword: '' }, 'en-US', 'TRADE_PASSWORD_NOT_SET', ''],
      ['not a number', poor, { amount: '1e3' }, 'en-US', 'NUMBER_FORMAT', ''],
      ['too precise', poor, { amount: '10.000000001' }, 'en-US', 'AMOUNT_PRECISION', ''],
      [
        'unknown sale',
        poor,
        { id: '999999', amount: '20' },
        'en-US',
        'ICO_NOT_FOUND',
        'Coin sale not found.',
      ],
    ];
    for (const [what, who, fields, lang, key, msg] of cases) {
      const before = await unchanged(t.world.db, who.userId);
      const res = await t.call.post(
        '/coin/order/new/apply',
        who.token,
        { id, tradePassword: PIN, ...fields },
        lang,
      );
      expect([what, res.code, res.key], JSON.stringify(res)).toEqual([what, -1001, key]);
      if (msg) expect(res.msg).toBe(msg);
      expect(await unchanged(t.world.db, who.userId), what).toEqual(before);
    }

    // After the window (before the allocation, which the running ICO job would post): refused.
    t.world.clock.set(MONDAY_NOON + HOUR + 1);
    const before = await unchanged(t.world.db, poor.userId);
    const late = await t.call.post(
      '/coin/order/new/apply',
      poor.token,
      { id, amount: '20', tradePassword: PIN },
      'tr-TR',
    );
    expect([late.key, late.msg]).toEqual(['ICO_NOT_SUBSCRIBING', 'Bu coin satışı şu anda talep toplamıyor.']);
    expect(await unchanged(t.world.db, poor.userId)).toEqual(before);
    await expectCleanLedger(t.world.db);
  });

  it('keeps demo commitments in a pool of their own, with virtual USDT', async () => {
    t.world.clock.set(MONDAY_NOON);
    const start = MONDAY_NOON - HOUR;
    // A token of its own: the first test's sale of TOKEN is still under way, and a token is not
    // offered twice at once.
    const token = 'DEMT';
    const id = await newIco(t.world, icoDraft(start, { token }));
    const real = await investor(t.world.db, '0', PIN, '1000');
    const practice = await investor(t.world.db, '0', PIN, '0');
    expect(
      (await t.call.post('/coin/order/new/apply', real.token, { id, amount: '100', tradePassword: PIN }))
        .code,
    ).toBe(0);
    const demo = await t.call.post<IcoCommitment>('/coin/order/new/apply', practice.demo, {
      id,
      amount: '400',
      tradePassword: PIN,
    });
    expect(demo.code, JSON.stringify(demo)).toBe(0);
    // Each sees their own pool; the demo's 400 does not dilute the real 100.
    expect((await t.call.post<Ico>('/coin/new/info', real.token, { id })).data).toMatchObject({
      totalCommitted: '100',
      committers: 1,
    });
    expect((await t.call.post<Ico>('/coin/new/info', practice.demo, { id })).data).toMatchObject({
      totalCommitted: '400',
      myCommitted: '400',
    });
    expect(balance(await userBalances(t.world.db, practice.userId, 'real'), 'coin', 'USDT').frozen).toBe('0');

    t.world.clock.set(start + 5 * HOUR);
    await runIcoPass(t.world.db, start + 5 * HOUR);
    // Real pool exactly subscribed: 100 USDT buys all 1000. Demo pool 400 for 100: a quarter each.
    const realList = await t.call.post<Page<IcoCommitment>>('/coin/order/new/list', real.token);
    expect(realList.data.list[0]).toMatchObject({
      tokens: '1000',
      spent: '100',
      refunded: '0',
      status: 'completed',
    });
    const demoList = await t.call.post<Page<IcoCommitment>>('/coin/order/new/list', practice.demo);
    expect(demoList.data.list[0]).toMatchObject({
      tokens: '1000',
      spent: '100',
      refunded: '300',
      status: 'completed',
    });
    expect(balance(await userBalances(t.world.db, practice.userId, 'demo'), 'coin', token).available).toBe(
      '1000',
    );
    expect(balance(await userBalances(t.world.db, practice.userId, 'real'), 'coin', token).available).toBe(
      '0',
    );
    await expectCleanLedger(t.world.db);
  });

  it('lists, closes early and creates sales through audited operator commands', async () => {
    const now = Date.now();
    t.world.clock.set(now);
    // A token of its own: the earlier tests' sales of TOKEN have listed by the real clock, and a
    // token that trades is not sold again.
    const id = await newIco(
      t.world,
      icoDraft(now - HOUR, {
        token: 'OPRT',
        subscribeEnd: now + 10 * HOUR,
        allocationAt: now + 11 * HOUR,
        refundAt: now + 11 * HOUR,
        listingAt: now + 12 * HOUR,
      }),
    );
    const u = await investor(t.world.db, '0', PIN, '1000');
    expect(
      (await t.call.post('/coin/order/new/apply', u.token, { id, amount: '150', tradePassword: PIN })).code,
    ).toBe(0);
    const listed = (await op('icos')).data as { id: string; status: string; totalCommitted: string }[];
    expect(listed.find((r) => r.id === id)).toMatchObject({ status: 'subscribing', totalCommitted: '150' });
    const commitments = (await op('ico-commitments', { id })).data as { committed: string; status: string }[];
    expect(commitments).toEqual([expect.objectContaining({ committed: '150', status: 'committed' })]);

    const closed = await op('ico-close', { id });
    expect(closed.code).toBe(0);
    expect((await op('ico-close', { id })).key).toBe('ICO_NOT_SUBSCRIBING');
    // Closed: the pass allocates at once, and this sale refunds at allocation, so the excess comes
    // back at once too: 150 committed for 100 on sale buys all 1000 tokens, 50 USDT back.
    const at = Date.now() + 1;
    t.world.clock.set(at);
    await runIcoPass(t.world.db, at);
    const mine = (await t.call.post<Page<IcoCommitment>>('/coin/order/new/list', u.token)).data.list[0];
    expect(mine).toMatchObject({ status: 'allocated', tokens: '1000', spent: '100', refunded: '50' });
    expect(balance(await userBalances(t.world.db, u.userId, 'real'), 'coin', 'USDT')).toEqual({
      available: '900',
      frozen: '0',
    });

    const sale = {
      token: 'NEWT',
      name: 'New Token',
      tokenPrice: '0.25',
      tokensOffered: '400000',
      tokenScale: '2',
      minCommit: '5',
      subscribeStart: new Date(now + HOUR).toISOString(),
      subscribeEnd: new Date(now + 3 * HOUR).toISOString(),
      listingAt: String(now + 5 * HOUR),
    };
    const created = await op('ico-create', sale);
    expect(created.code, JSON.stringify(created)).toBe(0);
    const newId = (created.data as { id: string }).id;
    const fresh = await t.call.post<Ico>('/coin/new/info', '', { id: newId });
    expect(fresh.data).toMatchObject({
      token: 'NEWT',
      status: 'upcoming',
      offeredValue: '100000',
      maxCommit: null,
      allocationAt: fresh.data.subscribeEnd,
      refundAt: fresh.data.subscribeEnd,
    });
    const bad = await op('ico-create', {
      token: 'BADT',
      name: 'Bad',
      tokenPrice: '0',
      tokensOffered: '1',
      tokenScale: '0',
      minCommit: '1',
      subscribeStart: String(now),
      subscribeEnd: String(now + HOUR),
      listingAt: String(now + 2 * HOUR),
    });
    expect(bad.key).toBe('ICO_TERMS_INVALID');
    // A token that trades already (BTC, from the start) is not sold in a coin sale; nothing is created.
    const before = ((await op('icos', { limit: '500' })).data as unknown[]).length;
    expect(await op('ico-create', { ...sale, token: 'BTC', name: 'Bitcoin' })).toMatchObject({
      key: 'ICO_TOKEN_LISTED',
      msg: 'BTC zaten işlem görüyor; coin satışıyla satılamaz.',
    });
    // NEWT's sale is upcoming: a second sale of it beside that one is refused too.
    expect(await op('ico-create', sale)).toMatchObject({
      key: 'ICO_TOKEN_OFFERED',
      msg: `NEWT için süren bir coin satışı var (no. ${newId}); yanında ikincisi açılamaz.`,
    });
    expect(((await op('icos', { limit: '500' })).data as unknown[]).length).toBe(before);

    const audit = await t.world.db.select().from(operatorAudit).orderBy(desc(operatorAudit.id)).limit(10);
    expect(audit.map((r) => r.action)).toEqual(
      expect.arrayContaining(['ico.list', 'ico.commitments', 'ico.close', 'ico.create']),
    );
    expect(audit.map((r) => [r.target, r.result])).toEqual(
      expect.arrayContaining([
        ['ico:BTC', 'error:ICO_TOKEN_LISTED'],
        ['ico:NEWT', 'error:ICO_TOKEN_OFFERED'],
      ]),
    );
    await expectCleanLedger(t.world.db);
  });
});
