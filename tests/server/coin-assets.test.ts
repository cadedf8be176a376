import Decimal from 'decimal.js';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ContractPosition } from '../../domain/protocol/contracts';
import type { CoinAssets } from '../../domain/protocol/coin-wallet';
import { settings } from '../../server/db/schema/system';
import { systemAccount, userAccount } from '../../server/ledger/account-ref';
import { postTransaction } from '../../server/ledger/post';
import { DEFAULT_SETTINGS } from '../../server/settings';
import { dbTargets } from '../support/server';
import { ok, openLong, sharedContractWorld } from './contract-support';

describe.each(dbTargets())('coin assets on %s', (target) => {
  const t = sharedContractWorld(target);

  async function give(userId: bigint, currency: string, amount: string) {
    await postTransaction(t.world.db, {
      reason: 'test',
      referenceType: 'test',
      referenceId: 'assets',
      lines: [
        { account: systemAccount('market', currency), amount: `-${amount}` },
        { account: userAccount(userId, 'real', 'coin', currency), amount },
      ],
    });
  }

  it('values each coin at its last price and the contract wallet with unrealised PnL at the mark', async () => {
    await t.world.tick(50_000);
    const user = await t.world.trader('1000', '250');
    await give(user.id, 'BTC', '0.5');
    await give(user.id, 'ETH', '2');
    // A coin without a USDT market has no value to show.
    await give(user.id, 'XYZ', '7');
    const p = await openLong(t.world, user.real);
    await t.world.tick(50_500);
    const assets = ok<CoinAssets>(await t.world.call('/coin/assets', user.real));
    expect(assets.coin).toEqual([
      { currency: 'USDT', available: '250', frozen: '0', total: '250', valueUsdt: '250' },
      { currency: 'BTC', available: '0.5', frozen: '0', total: '0.5', valueUsdt: '25000' },
      { currency: 'ETH', available: '2', frozen: '0', total: '2', valueUsdt: '6000' },
      { currency: 'XYZ', available: '7', frozen: '0', total: '7', valueUsdt: null },
    ]);
    const live = ok<ContractPosition>(
      await t.world.call('/coin/contract/order/query', user.real, { id: p.id }),
    );
    expect(assets.contract).toEqual({
      available: new Decimal(1000).minus(p.margin).minus(p.openFee).toFixed(),
      frozen: p.margin,
      total: new Decimal(1000).minus(p.openFee).toFixed(),
      unrealizedPnl: new Decimal(live.unrealizedPnl).toFixed(),
    });
    expect(new Decimal(live.unrealizedPnl).gt(0)).toBe(true);
    expect(assets.totalUsdt).toBe(
      new Decimal(250 + 25_000 + 6_000).plus(assets.contract.total).plus(live.unrealizedPnl).toFixed(),
    );
  });

  it('shows the demo account to a demo token', async () => {
    const user = await t.world.trader('1000');
    const demo = ok<CoinAssets>(await t.world.call('/coin/assets', user.demo));
    expect(demo.coin).toEqual([
      { currency: 'USDT', available: '10000', frozen: '0', total: '10000', valueUsdt: '10000' },
    ]);
    expect(demo.contract).toEqual({ available: '0', frozen: '0', total: '0', unrealizedPnl: '0' });
    expect(demo.totalUsdt).toBe('10000');
    expect(await t.world.call('/coin/assets', undefined)).toMatchObject({ code: -1000 });
  });

  it("answers the coinSpot setting the spot engine books with, and an operator's change within 10 s", async () => {
    const user = await t.world.trader('0', '10');
    const first = ok<CoinAssets>(await t.world.call('/coin/assets', user.real));
    expect(first.spot).toEqual(DEFAULT_SETTINGS.coinSpot);
    await t.world.db
      .update(settings)
      .set({ value: { feeRate: '0.002', minAmount: '10' } })
      .where(eq(settings.key, 'coinSpot'));
    t.world.clock.t += 10_001;
    const changed = ok<CoinAssets>(await t.world.call('/coin/assets', user.demo));
    expect(changed.spot).toEqual({ feeRate: '0.002', minAmount: '10' });
    await t.world.db
      .update(settings)
      .set({ value: DEFAULT_SETTINGS.coinSpot })
      .where(eq(settings.key, 'coinSpot'));
    t.world.clock.t += 10_001;
  });
});
