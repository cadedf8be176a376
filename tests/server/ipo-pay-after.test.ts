import { describe, expect, it } from 'vitest';
import type { Holding } from '../../domain/protocol/trading';
import type { IpoApplication } from '../../domain/protocol/ipo';
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
 * A pay-after IPO ("allocated pending payment → paid, or lapsed"), worked by hand: a
 * 10-lot pool at 20.00 TRY with 0.1% commission and 5% BSMV (kuruş half up). A asks 8, B 3, C 1:
 * ⌊10/3⌋ = 3, so C gets 1, B 3 and A the 6 left. Nothing is held at application. A pays 6 lots:
 * 120 + 0.12 + 0.01 = 120.13. C (10 TRY) owes 1 lot, 20 + 0.02 + 0 = 20.02 (BSMV 0.001 rounds to
 * 0), and is refused for the balance. B and C never pay: their lots lapse at the deadline (the
 * refund date, +4h) with nothing taken, and only A's 6 lots are delivered at listing.
 */
describe.each(dbTargets())('a pay-after IPO on %s', (target) => {
  const t = sharedIpoWorld(target);

  // The free TRY, when nothing is frozen (a pay-after IPO never holds): anything frozen shows.
  const cash = async (u: Investor) => {
    const b = balance(await userBalances(t.world.db, u.userId, 'real'), 'stock', 'TRY');
    return b.frozen === '0' ? b.available : `${b.available} (+${b.frozen} frozen)`;
  };
  const mine = async (u: Investor) =>
    (await t.call.get<Page<IpoApplication>>('/stock/order/new/list', u.token)).data.list[0];
  const pass = async (at: number) => {
    t.world.clock.set(at);
    return runIpoPass(t.world.db, at);
  };
  const pay = (u: Investor, id: string, tradePassword = PIN, token = u.token) =>
    t.call.post<IpoApplication>('/stock/order/new/apply', token, { id, action: 'pay', tradePassword });
  const refusedPay = async (u: Investor, id: string, key: string, tradePassword = PIN) => {
    const before = await untouched(t.world.db, u.userId);
    const res = await pay(u, id, tradePassword);
    expect(res.key).toBe(key);
    expect(await untouched(t.world.db, u.userId)).toEqual(before);
    return res.msg;
  };

  it('holds nothing, asks the lots won to be paid, delivers what was paid and lets the rest lapse', async () => {
    const start = MONDAY_NOON + HOUR;
    const id = await newIpo(t.world, draft(start, { paymentMode: 'pay_after' }));
    const [a, b, c] = [
      await investor(t.world.db, '1000'),
      await investor(t.world.db, '1000'),
      await investor(t.world.db, '10'),
    ];
    await pass(start);
    for (const [u, lots] of [
      [a, '8'],
      [b, '3'],
      [c, '1'],
    ] as const) {
      const res = await t.call.post<IpoApplication>('/stock/order/new/apply', u.token, {
        id,
        lots,
        tradePassword: PIN,
      });
      expect(res.code).toBe(0);
      // Nothing held: the application shows what it may cost, and the deadline.
      expect(res.data).toMatchObject({
        paymentMode: 'pay_after',
        held: '0',
        status: 'applying',
        due: '0',
        payBy: start + 4 * HOUR,
        paidAt: null,
      });
    }
    expect([await cash(a), await cash(b), await cash(c)]).toEqual(['1000', '1000', '10']);
    // More lots than the balance covers is allowed: nothing is held until the user pays.
    expect((await mine(a))?.total).toBe('160.17');

    // Paying before the allocation: nothing is due yet.
    expect(await refusedPay(a, id, 'IPO_PAYMENT_CLOSED')).toBe('This allotment cannot be paid now.');
    // A hold IPO is paid from its hold: asking to pay it is refused too, and nothing moves (its
    // window runs past this test's clock, so it never allocates here).
    const later = { subscribeEnd: start + 20 * HOUR, allocationAt: start + 21 * HOUR };
    const held = await newIpo(
      t.world,
      // A symbol of its own: SYMBOL's offering above is under way.
      draft(start, { ...later, symbol: 'HELDA', refundAt: start + 22 * HOUR, listingAt: start + 23 * HOUR }),
    );
    const d = await investor(t.world.db, '100');
    expect(
      (await t.call.post('/stock/order/new/apply', d.token, { id: held, lots: '1', tradePassword: PIN }))
        .code,
    ).toBe(0);
    await refusedPay(d, held, 'IPO_PAYMENT_CLOSED');

    await pass(start + 3 * HOUR);
    expect(await mine(a)).toMatchObject({
      status: 'allocated_pending_payment',
      allottedLots: '6',
      due: '120.13',
      charged: '0',
    });
    expect(await mine(b)).toMatchObject({ status: 'allocated_pending_payment', due: '60.06' });
    expect(await mine(c)).toMatchObject({ status: 'allocated_pending_payment', due: '20.02' });
    expect([await cash(a), await cash(b), await cash(c)]).toEqual(['1000', '1000', '10']);
    await expectCleanLedger(t.world.db);

    // Refusals change nothing: the wrong trade password, and the demo side (no application there).
    await refusedPay(a, id, 'TRADE_PASSWORD_INCORRECT', '000000');
    const demo = await pay(a, id, PIN, a.demo);
    expect(demo.key).toBe('IPO_PAYMENT_CLOSED');

    // A pays: one posting from the free cash; the status is paid.
    t.world.clock.set(start + 3 * HOUR + 60_000);
    const paid = await pay(a, id);
    expect(paid.code).toBe(0);
    expect(paid.data).toMatchObject({
      status: 'paid',
      due: '0',
      charged: '120.13',
      paidAt: start + 3 * HOUR + 60_000,
    });
    expect(await cash(a)).toBe('879.87');
    // Paid, so the shares are A's: on the IPO tab, locked until after the listing, with its date.
    const ipoTab = await t.call.get<{ list: Holding[] }>('/stock/hold/list', a.token, { tab: 'ipo' });
    expect(ipoTab.data.list).toEqual([
      expect.objectContaining({
        symbol: SYMBOL,
        quantity: '6',
        sellable: '0',
        locked: '6',
        listingAt: start + 5 * HOUR,
        cost: '120.13',
      }),
    ]);
    // Twice: closed, nothing changes.
    await refusedPay(a, id, 'IPO_PAYMENT_CLOSED');

    // C cannot cover 20.02: refused with the amount, nothing changes.
    expect(await refusedPay(c, id, 'IPO_INSUFFICIENT_BALANCE')).toBe(
      'Account insufficient for subscription: 10 available, 20.02 needed.',
    );
    await expectCleanLedger(t.world.db);

    // The deadline: B's lots lapse, nothing taken; paying now is closed. The pass tells B once.
    const atDeadline = await pass(start + 4 * HOUR);
    expect([atDeadline.refunded, atDeadline.lapsed]).toEqual([0, 2]);
    expect(await mine(b)).toMatchObject({ status: 'lapsed', due: '0', charged: '0' });
    expect([await cash(b), await cash(c)]).toEqual(['1000', '10']);
    await refusedPay(b, id, 'IPO_PAYMENT_CLOSED');
    expect((await pass(start + 4 * HOUR + 1)).lapsed).toBe(0);

    // Listing: only what was paid was delivered, T+1 locked.
    await pass(start + 5 * HOUR);
    const holding = async (u: Investor) =>
      (await t.call.get<{ list: Holding[] }>('/stock/hold/list', u.token)).data.list.find(
        (h) => h.symbol === SYMBOL,
      );
    expect(await holding(a)).toMatchObject({ quantity: '6', locked: '6', cost: '120.13' });
    expect(await holding(b)).toBeUndefined();
    expect((await mine(b))?.listedAt).toBeNull();
    await expectCleanLedger(t.world.db);
  });
});
