import { describe, expect, it } from 'vitest';
import type { OfflineApplication, OfflineIpo } from '../../domain/protocol/bulk';
import type { Holding } from '../../domain/protocol/trading';
import { userBalances } from '../../server/ledger/balances';
import { runOfflinePass } from '../../server/primary/bulk/offline-pass';
import { dbTargets } from '../support/server';
import { DAY, untouchedByBlock } from './bulk-support';
import { HOUR, PIN, SYMBOL, draft, investor, sharedIpoWorld, newIpo, type Investor } from './ipo-support';
import { balance, expectCleanLedger, MONDAY_NOON, type Lang } from './spot-support';

type Page<T> = { list: T[]; total: number };

/**
 * An offline tranche of 1 000 lots at 20.00 TRY (no costs), retail minimum 1 → offline minimum
 * 100, open the 5 days before the retail window (Wednesday noon). Worked by hand:
 *   A asks 600, B 900, C 100 (in that order): demand 1 600 > 1 000, pro rata
 *   A 600 000 / 1 600 = 375 r 0;  B 900 000 / 1 600 = 562 r 800;  C 100 000 / 1 600 = 62 r 800.
 *   Floors 999; the one lot left goes to the largest remainder, B and C tie, B applied first → 563.
 *   Charged A 7 500, B 11 260, C 1 240; released A 4 500, B 6 740, C 760.
 */
describe.each(dbTargets())('offline subscription on %s', (target) => {
  const t = sharedIpoWorld(target);

  const start = MONDAY_NOON + 2 * DAY;
  const cash = async (u: Investor) =>
    balance(await userBalances(t.world.db, u.userId, 'real'), 'stock', 'TRY');
  const apply = (
    u: Investor,
    id: string,
    lots: string,
    extra: Record<string, string> = {},
    lang: Lang = 'en-US',
  ) =>
    t.call.post<OfflineApplication>(
      '/stock/order/offline/apply',
      u.token,
      { id, lots, tradePassword: PIN, ...extra },
      lang,
    );
  const mine = async (u: Investor) =>
    (await t.call.get<Page<OfflineApplication>>('/stock/order/offline/list', u.token)).data.list[0];

  it('holds applications, allots the tranche pro rata, releases the rest and lists the shares', async () => {
    t.world.clock.set(MONDAY_NOON);
    const id = await newIpo(
      t.world,
      draft(start, { costs: null, lotsInstitutional: '1000', lotsRetail: '10', maxLots: '50' }),
    );
    const today = await t.call.get<Page<OfflineIpo>>('/stock/index/offline/today', '');
    expect(today.data.list.find((i) => i.id === id)?.offline).toMatchObject({
      status: 'open',
      opensAt: start - 5 * DAY,
      closesAt: start,
      lots: '1000',
      minLots: '100',
      maxLots: '1000',
      applicants: 0,
      applied: null,
    });
    const [a, b, c] = [
      await investor(t.world.db, '20000'),
      await investor(t.world.db, '20000'),
      await investor(t.world.db, '20000'),
    ];
    for (const [u, lots] of [
      [a, '600'],
      [b, '900'],
      [c, '100'],
    ] as const) {
      t.world.clock.set(t.world.clock.now() + 60_000);
      const res = await apply(u, id, lots);
      expect(res.data, JSON.stringify(res)).toMatchObject({ status: 'applying', lots, allottedLots: null });
    }
    expect(await cash(a)).toEqual({ available: '8000', frozen: '12000' });
    const listed = await t.call.get<Page<OfflineIpo>>('/stock/index/offline/list', a.token);
    expect(listed.data.list.find((i) => i.id === id)?.offline).toMatchObject({
      applicants: 3,
      requestedLots: '1600',
      applied: true,
    });
    await expectCleanLedger(t.world.db);

    // The retail window opens: the offline one has closed; allocation waits for its date.
    t.world.clock.set(start);
    expect((await apply(await investor(t.world.db, '20000'), id, '100')).key).toBe('IPO_NOT_SUBSCRIBING');
    expect(await mine(a)).toMatchObject({ status: 'to_be_allocated', refundAt: start + 3 * HOUR });
    expect(await runOfflinePass(t.world.db, start + 2 * HOUR)).toEqual({ allocated: 0, listed: 0 });

    t.world.clock.set(start + 3 * HOUR);
    expect(await runOfflinePass(t.world.db, start + 3 * HOUR)).toEqual({ allocated: 3, listed: 0 });
    // The rest came back with the allotment, and the answer says so (not the retail refund date).
    expect(await mine(a)).toMatchObject({
      status: 'won',
      allottedLots: '375',
      charged: '7500',
      refunded: '4500',
      refundAt: start + 3 * HOUR,
    });
    expect(await mine(b)).toMatchObject({ allottedLots: '563', charged: '11260', refunded: '6740' });
    expect(await mine(c)).toMatchObject({ allottedLots: '62', charged: '1240', refunded: '760' });
    expect(await cash(a)).toEqual({ available: '12500', frozen: '0' });
    expect(await cash(c)).toEqual({ available: '18760', frozen: '0' });
    await expectCleanLedger(t.world.db);
    // Paid for, the shares are B's at once: held, locked to the session after the listing, with
    // its date, at the issue price (before, the money was gone and the shares nowhere till listing).
    const before = await t.call.get<{ list: Holding[] }>('/stock/hold/list', b.token);
    expect(before.data.list.find((h) => h.symbol === SYMBOL)).toMatchObject({
      quantity: '563',
      sellable: '0',
      locked: '563',
      unlockAt: Date.parse('2026-11-26T07:00:00Z'),
      listingAt: start + 5 * HOUR,
      price: '20',
      marketValue: '11260',
      cost: '11260',
    });
    expect(await runOfflinePass(t.world.db, start + 3 * HOUR)).toEqual({ allocated: 0, listed: 0 });

    // Listing (Wednesday 17:00 in Istanbul): the same shares, T+1 locked to Thursday's open.
    t.world.clock.set(start + 5 * HOUR);
    expect(await runOfflinePass(t.world.db, start + 5 * HOUR)).toEqual({ allocated: 0, listed: 3 });
    const hold = await t.call.get<{ list: Holding[] }>('/stock/hold/list', b.token);
    expect(hold.data.list.find((h) => h.symbol === SYMBOL)).toMatchObject({
      quantity: '563',
      locked: '563',
      unlockAt: Date.parse('2026-11-26T07:00:00Z'),
      cost: '11260',
    });
    await expectCleanLedger(t.world.db);
  });

  it('refuses bad applications with localized errors and changes nothing; demo has its own tranche', async () => {
    t.world.clock.set(MONDAY_NOON);
    // Symbols of their own: one offering of a symbol at a time, and the first test's is under way.
    const id = await newIpo(
      t.world,
      draft(start, { symbol: 'OFFLB', costs: null, lotsInstitutional: '1000', maxLots: '50' }),
    );
    const later = await newIpo(
      t.world,
      draft(start + 10 * DAY, { symbol: 'OFFLC', costs: null, lotsInstitutional: '1000' }),
    );
    const rich = await investor(t.world.db, '50000');
    const poor = await investor(t.world.db, '1000');
    const noPin = await investor(t.world.db, '50000', null);
    expect((await apply(rich, id, '100')).code).toBe(0);
    const cases: [string, Investor, string, Record<string, string>, Lang, string, string | null][] = [
      ['twice', rich, '100', {}, 'en-US', 'IPO_ALREADY_APPLIED', 'You have already applied for this IPO.'],
      ['not open yet', poor, '100', { id: later }, 'tr-TR', 'IPO_NOT_SUBSCRIBING', null],
      ['below min', poor, '99', {}, 'tr-TR', 'IPO_LOTS_BELOW_MINIMUM', 'En az 100 lot talep edin.'],
      [
        'above max',
        poor,
        '1001',
        {},
        'en-US',
        'IPO_LOTS_ABOVE_MAXIMUM',
        'You can apply for at most 1,000 lots.',
      ],
      [
        'insufficient',
        poor,
        '100',
        {},
        'en-US',
        'IPO_INSUFFICIENT_BALANCE',
        'Account insufficient for subscription: 1,000 available, 2,000 needed.',
      ],
      ['wrong password', poor, '100', { tradePassword: '135791' }, 'en-US', 'TRADE_PASSWORD_INCORRECT', null],
      ['password not set', noPin, '100', { tradePassword: '' }, 'en-US', 'TRADE_PASSWORD_NOT_SET', null],
      ['unknown IPO', poor, '100', { id: '999999' }, 'en-US', 'IPO_NOT_FOUND', null],
    ];
    for (const [name, who, lots, extra, lang, key, msg] of cases) {
      const before = await untouchedByBlock(t.world.db, who.userId);
      const res = await apply(who, id, lots, extra, lang);
      expect([name, res.code, res.key], JSON.stringify(res)).toEqual([name, -1001, key]);
      if (msg) expect(res.msg).toBe(msg);
      else expect(res.msg.length).toBeGreaterThan(0);
      expect(await untouchedByBlock(t.world.db, who.userId), name).toEqual(before);
    }
    // Demo money applies into a demo tranche: the real pool's demand does not move.
    const practice = await t.call.post('/stock/order/offline/apply', rich.demo, {
      id,
      lots: '1000',
      tradePassword: PIN,
    });
    expect(practice.code, JSON.stringify(practice)).toBe(0);
    const real = await t.call.get<Page<OfflineIpo>>('/stock/index/offline/list', rich.token);
    expect(real.data.list.find((i) => i.id === id)?.offline).toMatchObject({
      applicants: 1,
      requestedLots: '100',
    });
    await expectCleanLedger(t.world.db);
  });
});
