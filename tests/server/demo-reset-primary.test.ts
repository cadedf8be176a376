import { describe, expect, it } from 'vitest';
import type { IcoCommitment } from '../../domain/protocol/ico';
import type { IpoApplication } from '../../domain/protocol/ipo';
import { userBalances } from '../../server/ledger/balances';
import { resetDemo } from '../../server/ledger/demo';
import { demoHoldsOutstanding } from '../../server/primary/demo-reset';
import { runOfflinePass } from '../../server/primary/bulk/offline-pass';
import { runIcoPass } from '../../server/primary/ico/pass';
import { runIpoPass } from '../../server/primary/ipo/pass';
import { dbTargets } from '../support/server';
import { icoDraft, newIco, sharedIcoWorld } from './ico-support';
import { HOUR, PIN, draft, investor, newIpo, type Investor, sharedIpoWorld } from './ipo-support';
import { balance, expectCleanLedger, MONDAY_NOON } from './spot-support';

type Page<T> = { list: T[]; total: number };
const DAY = 24 * HOUR;
/** The demo starting balances (settings `demoStartingBalances`). */
const DEMO_TRY = { available: '1000000', frozen: '0' };
const DEMO_USDT = { available: '10000', frozen: '0' };

/**
 * A demo reset zeroes frozen balances. A demo subscription's hold it took away left the pass that
 * later charges or releases it short: INSUFFICIENT_BALANCE on every run, the demo pool never
 * allocated and every step after it — refunds, listings, other offerings — stopped for real
 * investors too. The reset now withdraws what is not allocated and releases the rest of a hold
 * that is, before it posts; the passes then run through.
 */
describe.each(dbTargets())('a demo reset beside demo subscriptions on %s', (target) => {
  describe('stock IPO', () => {
    const t = sharedIpoWorld(target);
    const demoTry = async (u: Investor) =>
      balance(await userBalances(t.world.db, u.userId, 'demo'), 'stock', 'TRY');
    const mine = async (u: Investor) =>
      (await t.call.get<Page<IpoApplication>>('/stock/order/new/list', u.demo)).data.list;

    it('withdraws an application not allocated, releases the rest of one allocated, and the passes run on', async () => {
      const start = MONDAY_NOON + HOUR;
      const id = await newIpo(t.world, draft(start));
      const [a, b, c, d] = [
        await investor(t.world.db, '1000'),
        await investor(t.world.db, '1000'),
        await investor(t.world.db, '1000'),
        await investor(t.world.db, '1000'),
      ];
      t.world.clock.set(start);
      await runIpoPass(t.world.db, start);
      const apply = (token: string, lots: string) =>
        t.call.post('/stock/order/new/apply', token, { id, lots, tradePassword: PIN });
      expect((await apply(a.demo, '3')).code).toBe(0);
      expect((await apply(b.token, '3')).code).toBe(0);
      expect((await apply(c.demo, '8')).code).toBe(0);
      expect((await apply(d.demo, '8')).code).toBe(0);

      // A resets before the allocation: the application is withdrawn with its hold.
      expect((await t.call.post('/user/demo/reset', a.demo)).code).toBe(0);
      expect(await demoTry(a)).toEqual(DEMO_TRY);
      expect(await mine(a)).toEqual([]);

      // C and D share the demo pool (5 lots each of 10); B is alone in the real one.
      const allocation = start + 3 * HOUR;
      t.world.clock.set(allocation);
      expect(await runIpoPass(t.world.db, allocation)).toMatchObject({ allocated: 3 });
      expect(await mine(c)).toEqual([expect.objectContaining({ status: 'won', allottedLots: '5' })]);

      // C resets after it: what was charged stays charged, the rest of the hold comes back now.
      expect((await t.call.post('/user/demo/reset', c.demo)).code).toBe(0);
      expect(await demoTry(c)).toEqual(DEMO_TRY);
      expect(await mine(c)).toEqual([
        expect.objectContaining({ allottedLots: '5', charged: '100.11', refunded: '60.06' }),
      ]);

      // The refund date and the listing: the passes run through for everyone.
      const refund = start + 4 * HOUR;
      t.world.clock.set(refund);
      expect(await runIpoPass(t.world.db, refund)).toMatchObject({ refunded: 2 });
      expect(await demoTry(d)).toEqual({ available: '999899.89', frozen: '0' });
      const listing = start + 5 * HOUR;
      t.world.clock.set(listing);
      expect(await runIpoPass(t.world.db, listing)).toMatchObject({ listed: 3 });
      expect((await t.call.get<Page<IpoApplication>>('/stock/order/new/list', b.token)).data.list).toEqual([
        expect.objectContaining({ status: 'won', allottedLots: '3' }),
      ]);
      await expectCleanLedger(t.world.db);
    });

    it('keeps the hold of an application that arrived after the withdrawal, and the pass charges it', async () => {
      // The route gives back what it finds, then resets; an application posted in between (the
      // user's own request racing the reset) is held through the reset rather than zeroed.
      t.world.clock.set(MONDAY_NOON);
      const start = MONDAY_NOON + HOUR;
      // A symbol of its own: the first test's offering of SYMBOL is under way (one at a time).
      const id = await newIpo(t.world, draft(start, { symbol: 'RACEA' }));
      const a = await investor(t.world.db, '1000');
      t.world.clock.set(start);
      await runIpoPass(t.world.db, start);
      expect(
        (await t.call.post('/stock/order/new/apply', a.demo, { id, lots: '3', tradePassword: PIN })).code,
      ).toBe(0);
      await resetDemo(t.world.db, a.userId, (tx) => demoHoldsOutstanding(tx, a.userId));
      expect(await demoTry(a)).toEqual({ available: '1000000', frozen: '60.06' });
      const allocation = start + 3 * HOUR;
      t.world.clock.set(allocation);
      expect(await runIpoPass(t.world.db, allocation)).toMatchObject({ allocated: 1 });
      expect(await demoTry(a)).toEqual({ available: '1000000', frozen: '0' });
      expect(await mine(a)).toEqual([expect.objectContaining({ status: 'won', allottedLots: '3' })]);
      await expectCleanLedger(t.world.db);
    });

    it('withdraws an offline application not allotted; the offline pass runs on', async () => {
      t.world.clock.set(MONDAY_NOON);
      const start = MONDAY_NOON + 2 * DAY;
      const id = await newIpo(
        t.world,
        draft(start, { symbol: 'OFFLA', costs: null, lotsInstitutional: '1000', lotsRetail: '10' }),
      );
      const [a, b] = [await investor(t.world.db, '1000'), await investor(t.world.db, '5000')];
      const apply = (token: string) =>
        t.call.post('/stock/order/offline/apply', token, { id, lots: '100', tradePassword: PIN });
      expect((await apply(a.demo)).code).toBe(0);
      expect((await apply(b.demo)).code).toBe(0);
      expect((await t.call.post('/user/demo/reset', a.demo)).code).toBe(0);
      expect(await demoTry(a)).toEqual(DEMO_TRY);
      const allocation = start + 3 * HOUR;
      t.world.clock.set(allocation);
      expect(await runOfflinePass(t.world.db, allocation)).toMatchObject({ allocated: 1 });
      await expectCleanLedger(t.world.db);
    });
  });

  describe('coin sale', () => {
    const t = sharedIcoWorld(target);
    const demoUsdt = async (u: Investor) =>
      balance(await userBalances(t.world.db, u.userId, 'demo'), 'coin', 'USDT');
    const mine = async (u: Investor) =>
      (await t.call.post<Page<IcoCommitment>>('/coin/order/new/list', u.demo)).data.list;

    it('withdraws a commitment not allocated, releases the rest of one allocated, and the pass runs on', async () => {
      const start = MONDAY_NOON + HOUR;
      const id = await newIco(t.world, icoDraft(start));
      const [a, c, d] = [
        await investor(t.world.db, '0', PIN, '100'),
        await investor(t.world.db, '0', PIN, '100'),
        await investor(t.world.db, '0', PIN, '100'),
      ];
      t.world.clock.set(start);
      const commit = (token: string, amount: string) =>
        t.call.post('/coin/order/new/apply', token, { id, amount, tradePassword: PIN });
      expect((await commit(a.demo, '50')).code).toBe(0);
      expect((await commit(c.demo, '150')).code).toBe(0);
      expect((await commit(d.demo, '50')).code).toBe(0);
      expect((await t.call.post('/user/demo/reset', a.demo)).code).toBe(0);
      expect(await demoUsdt(a)).toEqual(DEMO_USDT);
      expect(await mine(a)).toEqual([]);

      // 200 committed for 100 on sale: C spends 75 of 150, D 25 of 50.
      const allocation = start + 3 * HOUR;
      t.world.clock.set(allocation);
      expect(await runIcoPass(t.world.db, allocation)).toMatchObject({ allocated: 2 });
      expect((await t.call.post('/user/demo/reset', c.demo)).code).toBe(0);
      expect(await demoUsdt(c)).toEqual(DEMO_USDT);
      expect(await mine(c)).toEqual([expect.objectContaining({ spent: '75', refunded: '75' })]);

      const refund = start + 4 * HOUR;
      t.world.clock.set(refund);
      expect(await runIcoPass(t.world.db, refund)).toMatchObject({ refunded: 1 });
      expect(await demoUsdt(d)).toEqual({ available: '9975', frozen: '0' });
      const listing = start + 5 * HOUR;
      t.world.clock.set(listing);
      expect(await runIcoPass(t.world.db, listing)).toMatchObject({ credited: 2 });
      await expectCleanLedger(t.world.db);
    });
  });
});
