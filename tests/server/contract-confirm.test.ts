import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectCleanLedger } from './spot-support';
import { sharedWorld } from '../support/shared-world';
import type { ContractPosition } from '../../domain/protocol/contracts';
import { hashPassword } from '../../server/accounts/password';
import { users } from '../../server/db/schema/users';
import { dbTargets } from '../support/server';
import { contractWorld, EN, ok, SYMBOL, TR, type Trader } from './contract-support';

const PIN = '135790';
const ORDER = { symbol: SYMBOL, side: 'long', leverage: '10', margin: '100', acceptRisk: '1' };

/**
 * "Confirm orders with trade password" (DECISIONS §3, off by default) covers contract openings as
 * it covers stock and coin orders: on, an opening without the right PIN is refused with nothing
 * written and nothing sent to the market; off, no PIN is asked.
 */
describe.each(dbTargets())('contract openings and the trade password on %s', (target) => {
  const t = sharedWorld(
    () => contractWorld(target),
    async (world) => {
      await world.tick(50_000);
    },
    (world) => expectCleanLedger(world.db),
  );

  async function confirming(): Promise<Trader> {
    const user = await t.world.trader('1000');
    await t.world.db
      .update(users)
      .set({ tradePasswordHash: await hashPassword(PIN, 2 ** 10), confirmOrdersWithTradePassword: true })
      .where(eq(users.id, user.id));
    return user;
  }

  it('refuses an opening without the PIN or with a wrong one, in both languages, writing nothing', async () => {
    const user = await confirming();
    const before = await t.world.counts();
    const book = t.world.source.book(SYMBOL, 20);
    const refusals = [
      [{}, EN, 'TRADE_PASSWORD_REQUIRED', 'Please enter your transaction password to confirm.'],
      [{ tradePassword: '' }, TR, 'TRADE_PASSWORD_REQUIRED', 'Onaylamak için işlem şifrenizi girin.'],
      [
        { tradePassword: '000000' },
        EN,
        'TRADE_PASSWORD_INCORRECT',
        'Incorrect transaction password. 4 tries left.',
      ],
      [
        { tradePassword: '000000' },
        TR,
        'TRADE_PASSWORD_INCORRECT',
        'İşlem şifresi hatalı. 3 deneme hakkınız kaldı.',
      ],
    ] as const;
    for (const [extra, lang, key, msg] of refusals) {
      const answer = await t.world.call('/coin/contract/order/add', user.real, { ...ORDER, ...extra }, lang);
      expect(answer).toMatchObject({ code: -1001, key, msg });
    }
    expect(await t.world.counts()).toEqual(before);
    // The book is as it was: nothing reached the market.
    expect(t.world.source.book(SYMBOL, 20)).toEqual(book);
  });

  it('opens with the right PIN, and asks none once confirmation is off', async () => {
    const user = await confirming();
    const p = ok<ContractPosition>(
      await t.world.call('/coin/contract/order/add', user.real, { ...ORDER, tradePassword: PIN }),
    );
    expect(p.status).toBe('open');
    // Closing is never held back behind a PIN: it only ever reduces risk.
    ok(await t.world.call('/coin/contract/order/close', user.real, { id: p.id }));
    await t.world.db
      .update(users)
      .set({ confirmOrdersWithTradePassword: false })
      .where(eq(users.id, user.id));
    const again = ok<ContractPosition>(await t.world.call('/coin/contract/order/add', user.real, ORDER));
    expect(again.status).toBe('open');
  });
});
