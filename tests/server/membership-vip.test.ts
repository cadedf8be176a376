import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sharedWorld } from '../support/shared-world';
import type { BlockOrder } from '../../domain/protocol/bulk';
import type { VipStatus } from '../../domain/protocol/membership';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../../server/db/schema/ledger';
import { userBalances } from '../../server/ledger/balances';
import { dbTargets } from '../support/server';
import { blockDraft, newBlock, untouchedByBlock } from './bulk-support';
import { HOUR, PIN, investor, ipoWorld, type Investor } from './ipo-support';
import { DAY, untouchedMembership } from './membership-support';
import { api, balance, expectCleanLedger, MONDAY_NOON, type Lang } from './spot-support';

const N = MONDAY_NOON;

/**
 * VIP on a virtual clock with the default terms (7 days' trial, 499 TRY for 30 days), worked by
 * hand: A starts the trial Monday 12:00 (ends +7 d), buys a VIP-only block of 10 lots at 95.00
 * (951.00 with costs, see bulk-flow), lets the trial expire, buys VIP on day 8 (valid to day 38)
 * and again on day 10 (extended to day 68): 2000 − 951 − 499 − 499 = 51 TRY left; system:vip
 * holds 998.
 */
describe.each(dbTargets())('VIP membership on %s', (target) => {
  const t = sharedWorld(
    () => ipoWorld(target),
    async (world) => ({ call: api(world as never), a: await investor(world.db, '2000') }),
  );

  const vip = (u: Investor, lang: Lang = 'en-US', token = u.token) =>
    t.call.get<VipStatus>('/user/vip/get', token, {}, lang);
  const buy = (token: string, fields: Record<string, string>, lang: Lang = 'en-US') =>
    t.call.post<VipStatus>('/user/vip/buy', token, fields, lang);
  const cash = async (u: Investor) =>
    balance(await userBalances(t.world.db, u.userId, 'real'), 'stock', 'TRY').available;

  it('answers the disclosed terms before anything is taken', async () => {
    t.world.clock.set(N);
    const status = await vip(t.a);
    expect(status.code).toBe(0);
    expect(status.data).toEqual({
      state: 'none',
      active: false,
      activeUntil: null,
      trialDays: 7,
      trialAvailable: true,
      trialStartedAt: null,
      trialEndsAt: null,
      paidUntil: null,
      price: '499',
      currency: 'TRY',
      validityDays: 30,
      purchases: [],
    });
  });

  it('refuses a VIP-only block to a non-member; the trial makes the same buyer a member', async () => {
    t.world.clock.set(N);
    const id = await newBlock(t.world, blockDraft(N - HOUR, { vipOnly: true }));
    const order = { id, lots: '10', price: '95', tradePassword: PIN };
    const before = await untouchedByBlock(t.world.db, t.a.userId);
    const refused = await t.call.post('/stock/bulk/apply', t.a.token, order);
    expect(refused).toMatchObject({ code: -1001, key: 'BLOCK_VIP_ONLY' });
    expect(await untouchedByBlock(t.world.db, t.a.userId)).toEqual(before);

    const trial = await buy(t.a.token, { plan: 'trial' });
    expect(trial.code, JSON.stringify(trial)).toBe(0);
    expect(trial.data).toMatchObject({
      state: 'trial',
      active: true,
      activeUntil: N + 7 * DAY,
      trialAvailable: false,
      trialStartedAt: N,
      trialEndsAt: N + 7 * DAY,
    });
    const bought = await t.call.post<BlockOrder>('/stock/bulk/apply', t.a.token, order);
    expect(bought.code, JSON.stringify(bought)).toBe(0);
    expect(bought.data).toMatchObject({ lots: '10', price: '95', total: '951' });
    expect(await cash(t.a)).toBe('1049');

    // Another user, never VIP, is still refused, with nothing changed.
    const b = await investor(t.world.db, '5000');
    const untouched = await untouchedByBlock(t.world.db, b.userId);
    expect(await t.call.post('/stock/bulk/apply', b.token, order, 'tr-TR')).toMatchObject({
      code: -1001,
      key: 'BLOCK_VIP_ONLY',
      msg: 'Bu toptan satış yalnızca VIP üyelere açık.',
    });
    expect(await untouchedByBlock(t.world.db, b.userId)).toEqual(untouched);
    await expectCleanLedger(t.world.db);
  });

  it('refuses a second trial, the demo account, bad passwords, a moved price and a short balance', async () => {
    t.world.clock.set(N + DAY);
    const poor = await investor(t.world.db, '100');
    const unset = await investor(t.world.db, '5000', null);
    const cases: [string, Investor, string, Record<string, string>, Lang, string, string][] = [
      [
        'trial twice',
        t.a,
        t.a.token,
        { plan: 'trial' },
        'en-US',
        'VIP_TRIAL_USED',
        'You have already used your free VIP trial.',
      ],
      [
        'demo',
        t.a,
        t.a.demo,
        { plan: 'paid', price: '499', paidUntil: '0', tradePassword: PIN },
        'tr-TR',
        'VIP_REAL_ACCOUNT_ONLY',
        'VIP gerçek hesabınızla başlatılır ve satın alınır; önce gerçek hesaba geçin.',
      ],
      [
        'demo trial',
        unset,
        unset.demo,
        { plan: 'trial' },
        'en-US',
        'VIP_REAL_ACCOUNT_ONLY',
        'VIP is started and bought with your real account; switch to it first.',
      ],
      [
        'wrong password',
        t.a,
        t.a.token,
        { plan: 'paid', price: '499', tradePassword: '135790' },
        'tr-TR',
        'TRADE_PASSWORD_INCORRECT',
        'İşlem şifresi hatalı. 4 deneme hakkınız kaldı.',
      ],
      [
        'no password',
        t.a,
        t.a.token,
        { plan: 'paid', price: '499' },
        'en-US',
        'TRADE_PASSWORD_REQUIRED',
        'Please enter your transaction password to confirm.',
      ],
      [
        'unset password',
        unset,
        unset.token,
        { plan: 'paid', price: '499', paidUntil: '0', tradePassword: PIN },
        'en-US',
        'TRADE_PASSWORD_NOT_SET',
        'Please set a transaction password first.',
      ],
      [
        'moved price',
        t.a,
        t.a.token,
        { plan: 'paid', price: '399', tradePassword: PIN },
        'en-US',
        'VIP_PRICE_CHANGED',
        'The VIP price changed (499 TRY now); check it and try again.',
      ],
      [
        'short balance',
        poor,
        poor.token,
        { plan: 'paid', price: '499', paidUntil: '0', tradePassword: PIN },
        'tr-TR',
        'INSUFFICIENT_BALANCE',
        'Yetersiz bakiye.',
      ],
      ['bad plan', t.a, t.a.token, { plan: 'gold' }, 'en-US', 'FIELD_INVALID', ''],
    ];
    for (const [name, u, token, query, lang, key, msg] of cases) {
      const before = await untouchedMembership(t.world.db, u.userId);
      const answer = await buy(token, query, lang);
      expect(answer, name).toMatchObject({ code: -1001, key });
      if (msg) expect(answer.msg, name).toBe(msg);
      expect(await untouchedMembership(t.world.db, u.userId), name).toEqual(before);
    }
  });

  it('expires the trial, then sells validity with one ledgered charge each, extending it', async () => {
    t.world.clock.set(N + 7 * DAY);
    expect((await vip(t.a)).data).toMatchObject({ state: 'expired', active: false, activeUntil: null });

    t.world.clock.set(N + 8 * DAY);
    const first = await buy(t.a.token, { plan: 'paid', price: '499', paidUntil: '0', tradePassword: PIN });
    expect(first.code, JSON.stringify(first)).toBe(0);
    expect(first.data).toMatchObject({
      state: 'purchased',
      active: true,
      activeUntil: N + 38 * DAY,
      paidUntil: N + 38 * DAY,
    });
    expect(await cash(t.a)).toBe('550');

    t.world.clock.set(N + 10 * DAY);
    const second = await buy(t.a.token, {
      plan: 'paid',
      price: '499.00',
      paidUntil: String(N + 38 * DAY),
      tradePassword: PIN,
    });
    expect(second.data).toMatchObject({ state: 'purchased', paidUntil: N + 68 * DAY });
    expect(second.data.purchases).toEqual([
      expect.objectContaining({
        price: '499',
        days: 30,
        startsAt: N + 38 * DAY,
        endsAt: N + 68 * DAY,
        boughtAt: N + 10 * DAY,
      }),
      expect.objectContaining({
        price: '499',
        days: 30,
        startsAt: N + 8 * DAY,
        endsAt: N + 38 * DAY,
        boughtAt: N + 8 * DAY,
      }),
    ]);
    expect(await cash(t.a)).toBe('51');

    // Each purchase is one transaction: −499 from the stock account, +499 to system:vip:TRY.
    const lines = await t.world.db
      .select({ code: ledgerAccounts.code, amount: ledgerEntries.amount })
      .from(ledgerEntries)
      .innerJoin(ledgerTransactions, eq(ledgerEntries.transactionId, ledgerTransactions.id))
      .innerJoin(ledgerAccounts, eq(ledgerEntries.accountId, ledgerAccounts.id))
      .where(eq(ledgerTransactions.reason, 'vip_purchase'));
    expect(lines.map((l) => [l.code, Number(l.amount)]).sort()).toEqual(
      [
        [`user:${t.a.userId}:real:stock:TRY:available`, -499],
        [`user:${t.a.userId}:real:stock:TRY:available`, -499],
        ['system:vip:TRY', 499],
        ['system:vip:TRY', 499],
      ].sort(),
    );
    await expectCleanLedger(t.world.db);

    t.world.clock.set(N + 68 * DAY);
    expect((await vip(t.a)).data).toMatchObject({ state: 'expired', active: false });
  });

  it('charges a repeated purchase (a double tap, a retried POST) once', async () => {
    t.world.clock.set(N + 100 * DAY);
    const e = await investor(t.world.db, '5000');
    const shown = { plan: 'paid', price: '499', paidUntil: '0', tradePassword: PIN };
    const answers = await Promise.all(Array.from({ length: 10 }, () => buy(e.token, shown)));
    const keys = answers.map((r) => r.key ?? 'ok');
    expect(keys.filter((k) => k === 'ok')).toHaveLength(1);
    expect(keys.filter((k) => k !== 'ok')).toEqual(Array(9).fill('VIP_STATE_CHANGED'));
    expect(await cash(e)).toBe('4501');
    // Said plainly, in the user's language; a purchase against what is now shown goes through.
    const stale = await buy(e.token, shown, 'tr-TR');
    expect(stale.msg).toContain('ücret alınmadı');
    const until = (await vip(e)).data.paidUntil as number;
    expect((await buy(e.token, { ...shown, paidUntil: String(until) })).code).toBe(0);
    expect(await cash(e)).toBe('4002');
    // Without the paid-until shown, nothing is charged either.
    const bare = await buy(e.token, { plan: 'paid', price: '499', tradePassword: PIN });
    expect(bare.key).toBe('FIELD_REQUIRED');
    expect(await cash(e)).toBe('4002');
    await expectCleanLedger(t.world.db);
  });

  it('starts a purchase made during the trial where the trial ends', async () => {
    t.world.clock.set(N);
    const d = await investor(t.world.db, '1000');
    expect((await buy(d.token, { plan: 'trial' })).code).toBe(0);
    t.world.clock.set(N + 2 * DAY);
    const paid = await buy(d.token, { plan: 'paid', price: '499', paidUntil: '0', tradePassword: PIN });
    expect(paid.data).toMatchObject({
      state: 'purchased',
      activeUntil: N + 37 * DAY,
      paidUntil: N + 37 * DAY,
    });
    await expectCleanLedger(t.world.db);
  });

  it('a GET buys nothing, even with the right PIN in its query: it answers USE_POST in both languages', async () => {
    t.world.clock.set(N + 200 * DAY);
    const g = await investor(t.world.db, '3000');
    const paid = { plan: 'paid', price: '499', paidUntil: '0', tradePassword: PIN };
    for (const [query, lang, msg] of [
      [paid, 'en-US', /as a POST, with the transaction password in the form body/],
      [{ plan: 'trial' }, 'tr-TR', /POST olarak/],
      [{}, 'en-US', /POST/],
    ] as const) {
      const before = await untouchedMembership(t.world.db, g.userId);
      const answer = await t.call.get<VipStatus>('/user/vip/buy', g.token, query, lang);
      expect(answer).toMatchObject({ code: -1001, key: 'USE_POST', data: {} });
      expect(answer.msg).toMatch(msg);
      expect(await untouchedMembership(t.world.db, g.userId)).toEqual(before);
    }
    expect(await cash(g)).toBe('3000');
    expect((await vip(g)).data).toMatchObject({ state: 'none', active: false, trialAvailable: true });
    // The same fields as a POST body buy it.
    expect((await buy(g.token, paid)).data).toMatchObject({ state: 'purchased', active: true });
    expect(await cash(g)).toBe('2501');
    await expectCleanLedger(t.world.db);
  });
});
