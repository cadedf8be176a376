import { describe, expect, it } from 'vitest';
import type { Ico, IcoCommitment } from '../../domain/protocol/ico';
import type { SpotFill, SpotOrder } from '../../domain/protocol/trading';
import { userBalances } from '../../server/ledger/balances';
import { runIcoPass } from '../../server/primary/ico/pass';
import { dbTargets } from '../support/server';
import type { AssetsAnswer } from '../../domain/protocol/account';
import { PAIR, TOKEN, icoDraft, newIco, unchanged, sharedIcoWorld } from './ico-support';
import { HOUR, PIN, investor, type Investor } from './ipo-support';
import { balance, expectCleanLedger, MONDAY_NOON } from './spot-support';

type Page<T> = { list: T[]; total: number };

/**
 * A whole coin sale on a virtual clock, three investors, oversubscribed (domain/ipo/ico's vector):
 * 1000 TOKN at 0.1 USDT (100 USDT offered, 2 decimals); A commits 300, B 100, C 0.5 = 400.5.
 *   A: 300 × 1000 / 400.5 = 749.0636… → 749.06 TOKN, spent 74.906, refund 225.094;
 *   B: 249.68 TOKN, spent 24.968, refund 75.032;  C: 1.24 TOKN, spent 0.124, refund 0.376.
 * 999.98 sold, 0.02 left unsold; the issuer receives 74.906 + 24.968 + 0.124 = 99.998 USDT.
 */
describe.each(dbTargets())('a coin ICO from window to trade on %s', (target) => {
  const tw = sharedIcoWorld(target);

  const usdt = async (u: Investor) =>
    balance(await userBalances(tw.world.db, u.userId, 'real'), 'coin', 'USDT');
  const tokens = async (u: Investor) =>
    balance(await userBalances(tw.world.db, u.userId, 'real'), 'coin', TOKEN);
  const mine = async (u: Investor) =>
    (await tw.call.post<Page<IcoCommitment>>('/coin/order/new/list', u.token)).data.list[0];
  /** The sale's tokens as /user/assets counts them before delivery (a product of their own). */
  const pendingSale = async (u: Investor) =>
    (await tw.call.post<AssetsAnswer>('/user/assets', u.token)).data.products?.find(
      (p) => p.product === 'ico',
    );
  // The server's own ICO job runs on the same clock, so a step may be done by it rather than by
  // this call: the steps are checked by their effects, and only idle passes by their report.
  const pass = async (at: number) => {
    tw.world.clock.set(at);
    return runIcoPass(tw.world.db, at);
  };

  it('commits, allocates pro rata, refunds the excess and credits a tradable token, balances == ledger', async () => {
    const start = MONDAY_NOON + HOUR;
    const id = await newIco(tw.world, icoDraft(start));
    const [a, b, c] = [
      await investor(tw.world.db, '0', PIN, '1000'),
      await investor(tw.world.db, '0', PIN, '1000'),
      await investor(tw.world.db, '0', PIN, '1000'),
    ];

    // Upcoming: listed as coming, commitments refused with nothing changed.
    const coming = await tw.call.post<Page<Ico>>('/coin/new/list/coming', '');
    expect(coming.data.list.find((i) => i.id === id)).toMatchObject({
      status: 'upcoming',
      countdownUntil: start,
      offeredValue: '100',
      pair: PAIR,
    });
    const before = await unchanged(tw.world.db, a.userId);
    const early = await tw.call.post('/coin/order/new/apply', a.token, {
      id,
      amount: '300',
      tradePassword: PIN,
    });
    expect([early.key, early.msg]).toEqual([
      'ICO_NOT_SUBSCRIBING',
      'This coin sale is not accepting subscriptions now.',
    ]);
    expect(await unchanged(tw.world.db, a.userId)).toEqual(before);

    // The window opens: three commitments, each one ledgered hold on the coin account.
    await pass(start);
    for (const [u, amount] of [
      [a, '300'],
      [b, '100'],
      [c, '0.5'],
    ] as const) {
      const res = await tw.call.post<IcoCommitment>('/coin/order/new/apply', u.token, {
        id,
        amount,
        tradePassword: PIN,
      });
      expect(res.code, JSON.stringify(res)).toBe(0);
      expect(res.data).toMatchObject({ status: 'committed', committed: amount, spent: '0', tokens: null });
      expect(await usdt(u)).toEqual({
        available: String(1000 - Number(amount)),
        frozen: amount,
      });
    }
    await expectCleanLedger(tw.world.db);
    const live = await tw.call.post<Ico>('/coin/new/info', a.token, { id });
    expect(live.data).toMatchObject({
      status: 'subscribing',
      totalCommitted: '400.5',
      committers: 3,
      myCommitted: '300',
      tokensSold: null,
    });
    const today = await tw.call.post<Page<Ico>>('/coin/new/today', '');
    expect(today.data.list.map((i) => i.id)).toContain(id);

    // Not tradable before listing.
    const early_order = await tw.call.post('/coin/order/add', a.token, {
      symbol: PAIR,
      side: 'buy',
      type: 'market',
      quantity: '10',
    });
    expect(early_order.key).toBe('NOT_TRADABLE');
    // Nor converted into: the exchange said NO_LIQUIDITY, as if someone might sell it.
    const early_quote = await tw.call.post('/user/exchange', a.token, {
      from: 'USDT',
      to: TOKEN,
      amount: '10',
    });
    expect(early_quote.key).toBe('NOT_TRADABLE');

    // Nothing happens before the allocation time; then the pro rata.
    expect(await pass(start + 2 * HOUR + 1)).toEqual({ allocated: 0, refunded: 0, credited: 0 });
    await pass(start + 3 * HOUR);
    expect(await pass(start + 3 * HOUR + 1)).toEqual({ allocated: 0, refunded: 0, credited: 0 });
    const shares = [
      [a, '749.06', '74.906', '225.094'],
      [b, '249.68', '24.968', '75.032'],
      [c, '1.24', '0.124', '0.376'],
    ] as const;
    for (const [u, t, spent, refund] of shares) {
      expect(await mine(u)).toMatchObject({ status: 'allocated', tokens: t, spent, refunded: '0' });
      // The spent part left the hold; the refund is still held until the refund date.
      expect((await usdt(u)).frozen).toBe(refund);
      // Paid for and not yet delivered: counted in the account's value at what was paid.
      expect(await pendingSale(u)).toEqual({ product: 'ico', currency: 'USDT', value: spent, count: 1 });
    }
    await expectCleanLedger(tw.world.db);
    expect((await tw.call.post<Ico>('/coin/new/info', '', { id })).data).toMatchObject({
      status: 'allocating',
      tokensSold: '999.98',
    });

    // Refund date: the excess goes back.
    await pass(start + 4 * HOUR);
    expect(await usdt(a)).toEqual({ available: '925.094', frozen: '0' });
    expect(await usdt(b)).toEqual({ available: '975.032', frozen: '0' });
    expect(await usdt(c)).toEqual({ available: '999.876', frozen: '0' });
    expect(await mine(a)).toMatchObject({ status: 'allocated', refunded: '225.094' });
    await expectCleanLedger(tw.world.db);

    // Listing: the tokens are credited to the coin account and trade.
    await pass(start + 5 * HOUR);
    expect(await pass(start + 5 * HOUR + 1)).toEqual({ allocated: 0, refunded: 0, credited: 0 });
    for (const [u, t] of shares) {
      expect(await tokens(u)).toEqual({ available: t, frozen: '0' });
      expect(await mine(u)).toMatchObject({ status: 'completed', tokens: t });
      // Delivered: in the wallet now, no longer a pending product.
      expect(await pendingSale(u)).toBeUndefined();
    }
    await expectCleanLedger(tw.world.db);
    const sold = await tw.call.post<{ order: SpotOrder; fills: SpotFill[] }>('/coin/order/add', a.token, {
      symbol: PAIR,
      side: 'sell',
      type: 'market',
      quantity: '100',
    });
    expect(sold.code, JSON.stringify(sold)).toBe(0);
    expect(sold.data.fills.map((f) => [f.price, f.qty])).toEqual([['0.099', '100']]);
    expect((await tokens(a)).available).toBe('649.06');
    await expectCleanLedger(tw.world.db);
    expect((await tw.call.post<Ico>('/coin/new/info', '', { id })).data.status).toBe('listed');
  });
});
