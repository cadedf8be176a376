import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { WalletBalance } from '../../domain/protocol/account';
import type { ContractPosition } from '../../domain/protocol/contracts';
import { ledgerTransactions } from '../../server/db/schema/ledger';
import { verifyLedger } from '../../server/ledger/verify';
import { dbTargets } from '../support/server';
import { bookAround, contractBalance, ok, openLong, sharedContractWorld } from './contract-support';

type Assets = { accountType: string; balances: WalletBalance[] };
const START = [
  { wallet: 'stock', currency: 'TRY', available: '1000000', frozen: '0', locked: '0', total: '1000000' },
  { wallet: 'coin', currency: 'USDT', available: '10000', frozen: '0', locked: '0', total: '10000' },
  { wallet: 'contract', currency: 'USDT', available: '0', frozen: '0', locked: '0', total: '0' },
];

/**
 * A demo reset first closes the demo account's positions at market (ledgered like any close),
 * then posts the account back to its starting balance; the real account's positions and money
 * are untouched. A demo position the book cannot take refuses the reset rather than leaving a
 * position open whose margin the reset would take away.
 */
describe.each(dbTargets())('demo reset with contract positions on %s', (target) => {
  const t = sharedContractWorld(target);

  const query = async (token: string, id: string) =>
    ok<ContractPosition>(await t.world.call('/coin/contract/order/query', token, { id }));
  const resets = async (userId: bigint) =>
    (
      await t.world.db
        .select()
        .from(ledgerTransactions)
        .where(
          and(
            eq(ledgerTransactions.reason, 'demo_reset'),
            eq(ledgerTransactions.referenceId, String(userId)),
          ),
        )
    ).length;

  it('closes the demo positions at market, leaves the real one alone, and the ledger balances', async () => {
    await t.world.tick(50_000);
    const user = await t.world.trader('1000');
    await t.world.fundDemoContract(user, '2000');
    const real = await openLong(t.world, user.real);
    const demoLong = await openLong(t.world, user.demo, { leverage: '20' });
    const demoShort = await openLong(t.world, user.demo, { symbol: 'ETHUSDT', side: 'short', margin: '50' });
    await t.world.tick(50_300);
    const realBefore = await contractBalance(t.world, user.real);

    const answer = ok<Assets>(await t.world.call('/user/demo/reset', user.demo));
    expect(answer).toEqual({ accountType: 'demo', balances: START });

    for (const p of [demoLong, demoShort]) {
      const closed = await query(user.demo, p.id);
      expect(closed).toMatchObject({ status: 'closed', closeReason: 'all' });
      expect(closed.closePrice).not.toBeNull();
    }
    // The long closed at a bid the book showed after the move.
    expect(Number((await query(user.demo, demoLong.id)).closePrice)).toBeGreaterThan(50_000);
    expect(
      ok<{ list: unknown[] }>(await t.world.call('/coin/contract/order/list/active', user.demo)).list,
    ).toEqual([]);
    expect(await query(user.real, real.id)).toMatchObject({ status: 'open', margin: real.margin });
    const realAfter = await contractBalance(t.world, user.real);
    expect({ available: realAfter.available, frozen: realAfter.frozen }).toEqual({
      available: realBefore.available,
      frozen: realBefore.frozen,
    });
    expect(await resets(user.id)).toBe(1);
    expect(await verifyLedger(t.world.db)).toEqual([]);
  });

  it('refuses the reset while a demo position cannot be closed, and resets once it can', async () => {
    await t.world.tick(50_000);
    const user = await t.world.trader('0');
    await t.world.fundDemoContract(user, '500');
    const p = await openLong(t.world, user.demo, { symbol: 'ETHUSDT' });
    const before = await contractBalance(t.world, user.demo);
    // Nobody bids for ETH: the long has no one to sell to.
    t.world.source.setBook('ETHUSDT', 10_000, [], bookAround(3_000).asks);
    expect(await t.world.call('/user/demo/reset', user.demo)).toMatchObject({
      code: -1001,
      key: 'NO_LIQUIDITY',
      msg: 'There is no one on the other side of the book right now.',
    });
    expect(await query(user.demo, p.id)).toMatchObject({ status: 'open', margin: p.margin });
    const still = await contractBalance(t.world, user.demo);
    expect({ available: still.available, frozen: still.frozen }).toEqual({
      available: before.available,
      frozen: before.frozen,
    });
    expect(await resets(user.id)).toBe(0);

    t.world.source.setBook('ETHUSDT', 10_001, bookAround(3_000).bids, bookAround(3_000).asks);
    expect(ok<Assets>(await t.world.call('/user/demo/reset', user.demo)).balances).toEqual(START);
    expect((await query(user.demo, p.id)).status).toBe('closed');
    expect(await resets(user.id)).toBe(1);
  });

  it('is refused to a real token', async () => {
    const user = await t.world.trader('1000');
    expect(await t.world.call('/user/demo/reset', user.real)).toMatchObject({
      code: -1001,
      key: 'DEMO_ONLY',
    });
  });
});
