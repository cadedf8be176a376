import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { IcoCommitment } from '../../domain/protocol/ico';
import type { IpoApplication } from '../../domain/protocol/ipo';
import type { Db } from '../../server/db/client';
import { users } from '../../server/db/schema/users';
import { userBalances } from '../../server/ledger/balances';
import { runIcoPass } from '../../server/primary/ico/pass';
import { runIpoPass } from '../../server/primary/ipo/pass';
import { runOfflinePass } from '../../server/primary/bulk/offline-pass';
import { dbTargets } from '../support/server';
import { icoDraft, icoWorld, newIco, sharedIcoWorld } from './ico-support';
import {
  HOUR,
  PIN,
  draft,
  investor,
  ipoWorld,
  newIpo,
  sharedIpoWorld,
  type Investor,
  type IpoWorld,
  operatorCall,
} from './ipo-support';
import { lockWaiter } from './lock-waiter';
import { api, balance, expectCleanLedger, MONDAY_NOON } from './spot-support';

type Page<T> = { list: T[]; total: number };

/**
 * An application (or a commitment) in flight while the operator closes the window early and the
 * pass allocates at once. The application read the offering before the close; it waited for its
 * user row (another request of the same user, held here by a transaction of the test); it then
 * inserted its row and its hold after the pool was allocated — a row no pass ever allocates or
 * refunds, its money frozen for good. Either it is allocated with the others or refused with
 * nothing held. PostgreSQL only: PGlite runs one transaction at a time.
 */
async function waiters(db: Db, n: number, done: { settled: boolean }): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!done.settled) {
    const r = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`,
    );
    if ((r as unknown as { rows: { n: number }[] }).rows[0]!.n >= n) return;
    if (Date.now() > deadline) throw new Error(`fewer than ${n} connections came to wait for a lock`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Holds the user's row (as a request of theirs would) until `release` is called. */
function holdUserRow(db: Db, userId: bigint): { release(): void; done: Promise<void> } {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const done = db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    await gate;
  });
  return { release, done };
}

/**
 * The interleaving: `apply` waits for the user row; `closeAndAllocate` then runs — to its end (the
 * defect) or until it waits on the application (the offering row it allocates under). The user
 * row is let go, and everything finishes.
 */
async function race<T>(
  db: Db,
  userId: bigint,
  apply: () => Promise<T>,
  closeAndAllocate: () => Promise<void>,
): Promise<T> {
  const held = holdUserRow(db, userId);
  const applying = apply();
  let closing: Promise<void> = Promise.resolve();
  try {
    await lockWaiter(db);
    closing = closeAndAllocate();
    // Whichever comes first; the other stops looking.
    const seen = { settled: false };
    await Promise.race([closing, waiters(db, 2, seen)]).finally(() => (seen.settled = true));
  } finally {
    held.release();
    await held.done;
  }
  const [answer] = await Promise.all([applying, closing]);
  return answer;
}

for (const target of dbTargets().filter((t) => t === 'postgres')) {
  describe(`an IPO closed early while an application waits, on ${target}`, () => {
    const t = sharedIpoWorld(target);
    const op = (path: string, fields: Record<string, string> = {}) => operatorCall(t.world, path, fields);

    it('allocates the application with the others, or refuses it holding nothing', async () => {
      const now = Date.now();
      t.world.clock.set(now);
      const id = await newIpo(
        t.world,
        draft(now - HOUR, {
          subscribeEnd: now + 10 * HOUR,
          allocationAt: now + 11 * HOUR,
          refundAt: now + 12 * HOUR,
          listingAt: now + 13 * HOUR,
        }),
      );
      const [a, b] = [await investor(t.world.db, '1000'), await investor(t.world.db, '1000')];
      expect(
        (await t.call.post('/stock/order/new/apply', b.token, { id, lots: '2', tradePassword: PIN })).code,
      ).toBe(0);

      const answer = await race(
        t.world.db,
        a.userId,
        () =>
          t.call.post<IpoApplication>('/stock/order/new/apply', a.token, {
            id,
            lots: '3',
            tradePassword: PIN,
          }),
        async () => {
          expect((await op('ipo-close', { id })).code).toBe(0);
          await runIpoPass(t.world.db, now);
        },
      );
      // The refund date passes: whatever was held and not charged is back.
      const later = now + 12 * HOUR;
      t.world.clock.set(later);
      await runIpoPass(t.world.db, later);

      const mine = (await t.call.get<Page<IpoApplication>>('/stock/order/new/list', a.token)).data.list;
      if (answer.code === 0) {
        expect(mine).toEqual([expect.objectContaining({ status: 'won', allottedLots: '3' })]);
        expect(balance(await userBalances(t.world.db, a.userId, 'real'), 'stock', 'TRY').frozen).toBe('0');
      } else {
        expect(answer.key).toBe('IPO_NOT_SUBSCRIBING');
        expect(mine).toEqual([]);
        expect(balance(await userBalances(t.world.db, a.userId, 'real'), 'stock', 'TRY')).toEqual({
          available: '1000',
          frozen: '0',
        });
      }
      await expectCleanLedger(t.world.db);
    });
  });

  describe(`a coin sale closed early while a commitment waits, on ${target}`, () => {
    const t = sharedIcoWorld(target);
    const op = (path: string, fields: Record<string, string> = {}) => operatorCall(t.world, path, fields);

    it('allocates the commitment with the others, or refuses it holding nothing', async () => {
      const now = Date.now();
      t.world.clock.set(now);
      const id = await newIco(
        t.world,
        icoDraft(now - HOUR, {
          subscribeEnd: now + 10 * HOUR,
          allocationAt: now + 11 * HOUR,
          refundAt: now + 12 * HOUR,
          listingAt: now + 13 * HOUR,
        }),
      );
      const [a, b] = [
        await investor(t.world.db, '0', PIN, '1000'),
        await investor(t.world.db, '0', PIN, '1000'),
      ];
      expect(
        (await t.call.post('/coin/order/new/apply', b.token, { id, amount: '50', tradePassword: PIN })).code,
      ).toBe(0);

      const answer = await race(
        t.world.db,
        a.userId,
        () =>
          t.call.post<IcoCommitment>('/coin/order/new/apply', a.token, {
            id,
            amount: '20',
            tradePassword: PIN,
          }),
        async () => {
          expect((await op('ico-close', { id })).code).toBe(0);
          await runIcoPass(t.world.db, now);
        },
      );
      const later = now + 12 * HOUR;
      t.world.clock.set(later);
      await runIcoPass(t.world.db, later);

      const mine = (await t.call.post<Page<IcoCommitment>>('/coin/order/new/list', a.token)).data.list;
      if (answer.code === 0) {
        expect(mine).toEqual([expect.objectContaining({ spent: '20', tokens: '200' })]);
        expect(balance(await userBalances(t.world.db, a.userId, 'real'), 'coin', 'USDT')).toEqual({
          available: '980',
          frozen: '0',
        });
      } else {
        expect(answer.key).toBe('ICO_NOT_SUBSCRIBING');
        expect(mine).toEqual([]);
        expect(balance(await userBalances(t.world.db, a.userId, 'real'), 'coin', 'USDT')).toEqual({
          available: '1000',
          frozen: '0',
        });
      }
      await expectCleanLedger(t.world.db);
    });
  });
}

/**
 * The same race seen from the request's clock: it read the time before the operator's close and
 * is answered after the pool was allocated. By its clock the window is open; by the pool it is not.
 */
describe.each(dbTargets())(
  'a request stamped before an early close, answered after allocation, on %s',
  (target) => {
    const op = (world: IpoWorld, path: string, fields: Record<string, string> = {}) =>
      operatorCall(world, path, fields);
    const window = (now: number) => ({
      subscribeEnd: now + 10 * HOUR,
      allocationAt: now + 11 * HOUR,
      refundAt: now + 12 * HOUR,
      listingAt: now + 13 * HOUR,
    });

    // A fresh broker for each case, built in the hooks: on a loaded machine building one can take
    // much of a test's own time limit.
    describe('an IPO', () => {
      let world: IpoWorld;
      beforeEach(async () => {
        world = await ipoWorld(target);
      });
      afterEach(async () => world?.close());

      it('refuses an IPO application holding nothing', async () => {
        const call = api(world as never);
        const now = Date.now();
        world.clock.set(now);
        const id = await newIpo(world, draft(now - HOUR, window(now)));
        const a = await investor(world.db, '1000');
        expect((await op(world, 'ipo-close', { id })).code).toBe(0);
        await runIpoPass(world.db, now);
        world.clock.set(now - 1);
        const late = await call.post('/stock/order/new/apply', a.token, {
          id,
          lots: '3',
          tradePassword: PIN,
        });
        expect(late.key).toBe('IPO_NOT_SUBSCRIBING');
        expect((await call.get<Page<IpoApplication>>('/stock/order/new/list', a.token)).data.list).toEqual(
          [],
        );
        expect(balance(await userBalances(world.db, a.userId, 'real'), 'stock', 'TRY')).toEqual({
          available: '1000',
          frozen: '0',
        });
        await expectCleanLedger(world.db);
      });

      it('refuses an offline application once its pool is allotted, holding nothing', async () => {
        // The offline tranche closes when the retail window opens (an `ipo advance` may bring that to
        // now) and is allotted at the allocation; one allotted after that took the whole tranche again.
        const call = api(world as never);
        const now = Date.now();
        world.clock.set(now);
        const start = now + 2 * 24 * HOUR;
        const id = await newIpo(
          world,
          draft(start, { costs: null, lotsInstitutional: '1000', lotsRetail: '10' }),
        );
        const [a, b] = [await investor(world.db, '5000'), await investor(world.db, '5000')];
        const apply = (u: Investor) =>
          call.post('/stock/order/offline/apply', u.token, { id, lots: '100', tradePassword: PIN });
        expect((await apply(b)).code).toBe(0);
        world.clock.set(start + 3 * HOUR);
        expect(await runOfflinePass(world.db, start + 3 * HOUR)).toMatchObject({ allocated: 1 });
        world.clock.set(now);
        expect((await apply(a)).key).toBe('IPO_NOT_SUBSCRIBING');
        expect(balance(await userBalances(world.db, a.userId, 'real'), 'stock', 'TRY')).toEqual({
          available: '5000',
          frozen: '0',
        });
        await expectCleanLedger(world.db);
      });

      it('refuses to charge a pay-after allotment the pass has told lapsed', async () => {
        // The deadline's lapse and the user's payment, by the request's clock the payment is in time.
        const call = api(world as never);
        const start = MONDAY_NOON + HOUR;
        const id = await newIpo(world, draft(start, { paymentMode: 'pay_after' }));
        const a = await investor(world.db, '1000');
        world.clock.set(start);
        await runIpoPass(world.db, start);
        expect(
          (await call.post('/stock/order/new/apply', a.token, { id, lots: '3', tradePassword: PIN })).code,
        ).toBe(0);
        await runIpoPass(world.db, start + 3 * HOUR);
        const payBy = start + 4 * HOUR;
        expect(await runIpoPass(world.db, payBy)).toMatchObject({ lapsed: 1 });
        world.clock.set(payBy - 1);
        const late = await call.post('/stock/order/new/apply', a.token, {
          id,
          action: 'pay',
          tradePassword: PIN,
        });
        expect(late.key).toBe('IPO_PAYMENT_CLOSED');
        expect(balance(await userBalances(world.db, a.userId, 'real'), 'stock', 'TRY')).toEqual({
          available: '1000',
          frozen: '0',
        });
        await expectCleanLedger(world.db);
      });
    });

    describe('a coin sale', () => {
      let world: IpoWorld;
      beforeEach(async () => {
        world = await icoWorld(target);
      });
      afterEach(async () => world?.close());

      it('refuses a coin sale commitment holding nothing', async () => {
        const call = api(world as never);
        const now = Date.now();
        world.clock.set(now);
        const id = await newIco(world, icoDraft(now - HOUR, window(now)));
        const a = await investor(world.db, '0', PIN, '1000');
        expect((await op(world, 'ico-close', { id })).code).toBe(0);
        await runIcoPass(world.db, now);
        world.clock.set(now - 1);
        const late = await call.post('/coin/order/new/apply', a.token, {
          id,
          amount: '20',
          tradePassword: PIN,
        });
        expect(late.key).toBe('ICO_NOT_SUBSCRIBING');
        expect((await call.post<Page<IcoCommitment>>('/coin/order/new/list', a.token)).data.list).toEqual([]);
        expect(balance(await userBalances(world.db, a.userId, 'real'), 'coin', 'USDT')).toEqual({
          available: '1000',
          frozen: '0',
        });
        await expectCleanLedger(world.db);
      });
    });
  },
);
