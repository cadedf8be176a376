import { describe, expect, it } from 'vitest';
import type { Ipo, IpoApplication, IpoDetail } from '../../domain/protocol/ipo';
import { portfolioValue } from '../../domain/portfolio/value';
import type { AssetsAnswer } from '../../domain/protocol/account';
import type { Holding, SpotFill, SpotOrder } from '../../domain/protocol/trading';
import { userBalances } from '../../server/ledger/balances';
import { runIpoPass } from '../../server/primary/ipo/pass';
import { dbTargets } from '../support/server';
import {
  HOUR,
  PIN,
  SYMBOL,
  draft,
  investor,
  sharedIpoWorld,
  newIpo,
  untouched,
  type Investor,
} from './ipo-support';
import { balance, expectCleanLedger, MONDAY_NOON } from './spot-support';

type Page<T> = { list: T[]; total: number };

/**
 * A whole stock IPO on a virtual clock, three investors, equal distribution of a 10-lot pool at
 * 20.00 TRY a lot with 0.1% commission and 5% BSMV (kuruş half up), worked by hand:
 *   A asks 8 → holds 160 + 0.16 + 0.01 = 160.17;  B asks 3 → 60.06;  C asks 1 → 20.02.
 *   ⌊10/3⌋ = 3: C (1) and B (3) are satisfied, the 6 left go to A.
 *   A is charged 120 + 0.12 + 0.01 = 120.13 and refunded 40.04; B and C are charged their hold.
 */
describe.each(dbTargets())('a stock IPO from window to sale on %s', (target) => {
  const t = sharedIpoWorld(target);

  const cash = async (u: Investor) =>
    balance(await userBalances(t.world.db, u.userId, 'real'), 'stock', 'TRY');
  const mine = async (u: Investor) =>
    (await t.call.get<Page<IpoApplication>>('/stock/order/new/list', u.token)).data.list[0];
  const pass = async (at: number) => {
    t.world.clock.set(at);
    return runIpoPass(t.world.db, at);
  };

  it('applies, allocates, refunds, lists and sells, every balance equal to the ledger at each step', async () => {
    const start = MONDAY_NOON + HOUR;
    const id = await newIpo(t.world, draft(start));
    const [a, b, c] = [
      await investor(t.world.db, '1000'),
      await investor(t.world.db, '1000'),
      await investor(t.world.db, '1000'),
    ];

    // Upcoming: shown as coming, applications refused with nothing changed.
    const coming = await t.call.get<Page<Ipo>>('/stock/index/new/list/coming', '');
    expect(coming.data.list.find((i) => i.id === id)).toMatchObject({
      status: 'upcoming',
      countdownUntil: start,
    });
    const before = await untouched(t.world.db, a.userId);
    const early = await t.call.post('/stock/order/new/apply', a.token, { id, lots: '8', tradePassword: PIN });
    expect([early.key, early.msg]).toEqual([
      'IPO_NOT_SUBSCRIBING',
      'This IPO is not accepting subscriptions now.',
    ]);
    expect(await untouched(t.world.db, a.userId)).toEqual(before);

    // The window opens: three applications, each one ledgered hold.
    await pass(start);
    for (const [u, lots, held] of [
      [a, '8', '160.17'],
      [b, '3', '60.06'],
      [c, '1', '20.02'],
    ] as const) {
      const res = await t.call.post<IpoApplication>('/stock/order/new/apply', u.token, {
        id,
        lots,
        tradePassword: PIN,
      });
      expect(res.data).toMatchObject({ status: 'applying', lots, held, total: held, allottedLots: null });
    }
    expect(await cash(a)).toEqual({ available: '839.83', frozen: '160.17' });
    expect(await cash(b)).toEqual({ available: '939.94', frozen: '60.06' });
    await expectCleanLedger(t.world.db);

    const info = await t.call.get<IpoDetail>('/stock/index/new/info', a.token, { id });
    expect(info.data).toMatchObject({
      status: 'subscribing',
      applicants: 3,
      requestedLots: '12',
      applied: true,
    });
    expect(info.data.demand).toEqual([
      { lots: '1', applicants: '1' },
      { lots: '3', applicants: '1' },
      { lots: '8', applicants: '1' },
    ]);
    const today = await t.call.get<Page<Ipo>>('/stock/index/new/today', '');
    expect(today.data.list.find((i) => i.id === id)?.applied).toBeNull();

    // Before listing the stock takes no orders.
    const buy = await t.call.post('/stock/order/buy', a.token, {
      symbol: SYMBOL,
      type: 'market',
      quantity: '1',
    });
    expect(buy.key).toBe('NOT_TRADABLE');

    // The window closes; allocation at its date charges the allotted lots from the hold.
    await pass(start + 2 * HOUR);
    expect((await mine(a))?.status).toBe('to_be_allocated');
    const allocated = await pass(start + 3 * HOUR);
    expect(allocated.allocated).toBe(3);
    expect(await mine(a)).toMatchObject({
      status: 'won',
      allottedLots: '6',
      charged: '120.13',
      refunded: '0',
    });
    expect(await mine(b)).toMatchObject({ status: 'won', allottedLots: '3', charged: '60.06' });
    expect(await mine(c)).toMatchObject({ status: 'won', allottedLots: '1', charged: '20.02' });
    expect(await cash(a)).toEqual({ available: '839.83', frozen: '40.04' });
    expect(await cash(b)).toEqual({ available: '939.94', frozen: '0' });
    await expectCleanLedger(t.world.db);

    // The shares are the user's from allocation (otherwise the payment leaves and they are
    // counted nowhere until the listing): delivered at once, on the IPO tab locked until the first session
    // after the listing, with its date, valued at the issue price while the stock has no market.
    const listingAt = start + 5 * HOUR;
    const tuesdayOpen = Date.parse('2026-11-24T07:00:00Z');
    const ipoTab = async () =>
      (await t.call.get<{ list: Holding[] }>('/stock/hold/list', a.token, { tab: 'ipo' })).data.list;
    const pending = await ipoTab();
    expect(pending).toEqual([
      expect.objectContaining({
        symbol: SYMBOL,
        quantity: '6',
        sellable: '0',
        locked: '6',
        unlockAt: tuesdayOpen,
        listingAt,
        price: '20',
        marketValue: '120',
        cost: '120.13',
      }),
    ]);
    // /user/assets counts them (locked, not available), so the portfolio falls only by the costs.
    const assets = await t.call.post<AssetsAnswer>('/user/assets', a.token);
    expect(assets.data.balances.find((row) => row.currency === SYMBOL)).toEqual({
      wallet: 'stock',
      currency: SYMBOL,
      available: '0',
      frozen: '0',
      locked: '6',
      total: '6',
    });
    const issue = { last: pending[0]!.price, prev: pending[0]!.price };
    expect(
      portfolioValue({
        balances: assets.data.balances,
        prices: { [SYMBOL]: issue },
        usdtTry: { last: '34', prev: '34' },
        contractPnls: [],
      }).parts.stock,
    ).toBe('999.87');
    const messages = await t.call.post<{ list: { title: string; body: string }[] }>(
      '/user/message/list',
      a.token,
    );
    expect(JSON.stringify(messages.data)).toContain(
      `You were allotted 6 lots of ${SYMBOL}; ₺120.13 was charged.`,
    );
    // A second pass does nothing again.
    expect(await runIpoPass(t.world.db, start + 3 * HOUR)).toMatchObject({
      allocated: 0,
      refunded: 0,
      listed: 0,
    });

    // Refund date: the rest of the hold is released.
    expect((await pass(start + 4 * HOUR)).refunded).toBe(3);
    expect(await mine(a)).toMatchObject({ status: 'won', refunded: '40.04' });
    expect(await cash(a)).toEqual({ available: '879.87', frozen: '0' });
    expect(await cash(c)).toEqual({ available: '979.98', frozen: '0' });
    await expectCleanLedger(t.world.db);

    // Listing day (Monday 18:00 in Istanbul): the same shares, still T+1 locked to Tuesday's open.
    expect((await pass(listingAt)).listed).toBe(3);
    const hold = await t.call.get<{ list: Holding[] }>('/stock/hold/list', a.token);
    expect(hold.data.list.find((h) => h.symbol === SYMBOL)).toMatchObject({
      quantity: '6',
      locked: '6',
      sellable: '0',
      unlockAt: tuesdayOpen,
      cost: '120.13',
    });
    // The IPO tab lists the allotted stock (and nothing the user did not get in an IPO).
    expect((await ipoTab()).map((h) => [h.symbol, h.quantity])).toEqual([[SYMBOL, '6']]);
    const locked = await t.call.post('/stock/order/sell', a.token, {
      symbol: SYMBOL,
      type: 'market',
      quantity: '6',
    });
    expect(locked.key).toBe('T1_LOCKED');
    await expectCleanLedger(t.world.db);

    // Tuesday: sellable, and sold on the market at the book's price.
    t.world.clock.set(tuesdayOpen + HOUR);
    t.world.source.setBook(
      SYMBOL,
      1,
      [
        ['19.90', '50'],
        ['19.80', '100'],
      ],
      [
        ['20.10', '50'],
        ['20.20', '100'],
      ],
    );
    const sold = await t.call.post<{ order: SpotOrder; fills: SpotFill[] }>('/stock/order/sell', a.token, {
      symbol: SYMBOL,
      type: 'market',
      quantity: '6',
    });
    expect(sold.data.order).toMatchObject({ status: 'closed', filledQty: '6' });
    expect(sold.data.fills.map((f) => [f.price, f.qty])).toEqual([['19.9', '6']]);
    const after = await t.call.get<{ list: Holding[] }>('/stock/hold/list', a.token);
    expect(after.data.list.find((h) => h.symbol === SYMBOL)).toBeUndefined();
    await expectCleanLedger(t.world.db);
  });
});
