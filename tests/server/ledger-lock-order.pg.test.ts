import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemAccount, userAccount } from '../../server/ledger/account-ref';
import { postTransaction } from '../../server/ledger/post';
import { verifyLedger } from '../../server/ledger/verify';
import { createWriter } from '../../server/trading/writer';
import { dbTargets } from '../support/server';
import { mondayAiWorld, type AiWorld } from './ai-products-support';
import { lockWaiter } from './lock-waiter';
import { holder } from './options-support';
import { api, requireTradePassword } from './spot-support';

const PIN = '246810';

/**
 * docs/partitions.md, "Lock order": work outside the trading writer that posts in rounds takes the
 * system accounts first, as every writer batch does. An AI product buy moves the user's cash into
 * the order, then buys the basket (fees and the market's accounts): taken in that order, it held
 * the user's cash while waiting for system:fees:TRY, which a batch held while waiting for that
 * user — PostgreSQL ended one of them with 40P01 after a second. PostgreSQL only: PGlite runs one
 * transaction at a time.
 */
for (const target of dbTargets().filter((t) => t === 'postgres'))
  describe(`an AI product buy beside a trading batch on one user, on ${target}`, () => {
    let world: AiWorld;
    beforeAll(async () => {
      world = await mondayAiWorld(target);
    });
    afterAll(async () => world?.close());

    it("queue: the buy waits for the batch before it holds the user's cash, and both go through", async () => {
      const u = await holder(world.db, '20000');
      await requireTradePassword(world.db, u.userId, PIN);
      const cash = userAccount(u.userId, 'real', 'stock', 'TRY', 'available');
      const frozen = userAccount(u.userId, 'real', 'stock', 'TRY', 'frozen');
      const writer = createWriter(world.db);

      // Job 1 holds a batch open with system:fees:TRY locked in its first round...
      let started!: () => void;
      const running = new Promise<void>((resolve) => (started = resolve));
      let open!: () => void;
      const gate = new Promise<void>((resolve) => (open = resolve));
      const first = writer.run(
        async () => {
          started();
          await gate;
        },
        { prefetch: (batch) => batch.ledger.want([systemAccount('fees', 'TRY')]) },
      );
      // ...and job 2 then holds 1 TRY of the user's cash: a user's account in a later round.
      const second = writer.run(async ({ tx }) =>
        postTransaction(tx, {
          reason: 'order_freeze',
          referenceType: 'test',
          referenceId: 'lock-order',
          lines: [
            { account: cash, amount: '-1' },
            { account: frozen, amount: '1' },
          ],
        }),
      );
      await running;
      const buy = api(world as never).post<{ id: string }>('/stock/ai/buy', u.token, {
        action: 'buy',
        id: 'mom-2',
        amount: '10000',
        tradePassword: PIN,
      });
      await lockWaiter(world.db);
      open();

      const outcomes = await Promise.allSettled([first, second, buy]);
      expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
      const answer = (outcomes[2] as PromiseFulfilledResult<{ code: number; key?: string }>).value;
      expect(answer, JSON.stringify(answer)).toMatchObject({ code: 0 });
      expect(await verifyLedger(world.db)).toEqual([]);
    });
  });
