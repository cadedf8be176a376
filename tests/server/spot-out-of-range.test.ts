import { describe, expect, it } from 'vitest';
import { sharedWorld } from '../support/shared-world';
import type { SpotOrder } from '../../domain/protocol/trading';
import { fundFromSandbox } from '../../server/ledger/moves';
import { userBalances } from '../../server/ledger/balances';
import { dbTargets, postForm } from '../support/server';
import { balance, coinBook, expectCleanLedger, spotWorld, trader, type Envelope } from './spot-support';

/**
 * A coin limit price (or a quantity) past what the order book's NUMERIC(38,18) columns hold —
 * 21 digits, where a coin has no price band to stop it — passed every rule and failed the
 * writer's whole batch at its flush: a 500 for that order and for every other order that shared
 * its batch, other users' included (found by the money attack). It is refused on its own now,
 * and the orders beside it are placed.
 */
describe.each(dbTargets())('coin orders past the books’ range on %s', (target) => {
  const t = sharedWorld(
    () => spotWorld(target),
    (world) => {
      coinBook(world.source);
    },
  );

  const send = async (token: string, fields: Record<string, string>) => {
    const res = await postForm(t.world.server.api('/coin/order/add'), fields, {
      accesstoken: token,
      'Accept-Language': 'en-US',
    });
    return { status: res.status, body: (await res.json()) as Envelope<{ order: SpotOrder }> };
  };

  it('refuses the order alone; the orders batched with it are placed', async () => {
    const attacker = await trader(t.world.db, { TRY: '0', USDT: '10000' });
    await fundFromSandbox(t.world.db, {
      reason: 'sandbox_funding',
      referenceType: 'operator',
      referenceId: 'test',
      userId: attacker.userId,
      accountType: 'real',
      wallet: 'coin',
      currency: 'BTC',
      amount: '1',
    });
    const other = await trader(t.world.db, { TRY: '0', USDT: '10000' });
    const huge = '1' + '0'.repeat(20);
    const bad = [
      [{ side: 'sell', type: 'limit', price: huge, quantity: '0.001' }, 'NUMBER_OUT_OF_RANGE'],
      [{ side: 'sell', type: 'limit', price: '9'.repeat(39), quantity: '0.001' }, 'NUMBER_OUT_OF_RANGE'],
      [{ side: 'buy', type: 'limit', price: huge, quantity: '0.00001' }, 'NUMBER_OUT_OF_RANGE'],
      [{ side: 'sell', type: 'market', quantity: huge }, 'NUMBER_OUT_OF_RANGE'],
    ] as const;
    for (const [fields, key] of bad) {
      // The other user's orders go first, so the writer's batch that takes the refused one has them.
      const answers = await Promise.all([
        ...Array.from({ length: 5 }, () =>
          send(other.token, {
            symbol: 'BTCUSDT',
            side: 'buy',
            type: 'limit',
            price: '40000.00',
            quantity: '0.001',
            timeInForce: 'gtc',
          }),
        ),
        send(attacker.token, { symbol: 'BTCUSDT', timeInForce: 'gtc', ...fields }),
      ]);
      expect(answers.map((a) => a.status)).toEqual(new Array(6).fill(200));
      const placed = answers.map((a) => a.body);
      const refused = placed.pop();
      expect(refused, JSON.stringify(fields)).toMatchObject({ code: -1001, key });
      for (const p of placed) expect(p.code, JSON.stringify(p)).toBe(0);
    }
    // The attacker's wallets are as funded: nothing held or spent by the refusals.
    const rows = await userBalances(t.world.db, attacker.userId, 'real');
    expect(balance(rows, 'coin', 'BTC')).toEqual({ available: '1', frozen: '0' });
    expect(balance(rows, 'coin', 'USDT')).toEqual({ available: '10000', frozen: '0' });
    // 20 buys of 0.001 at 40,000 (40 USDT and its fee each) rest for the other user.
    expect(balance(await userBalances(t.world.db, other.userId, 'real'), 'coin', 'USDT').frozen).not.toBe(
      '0',
    );
    await expectCleanLedger(t.world.db);
  });
});
