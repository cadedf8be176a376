import { describe, expect, it, vi } from 'vitest';
import { sharedWorld } from '../support/shared-world';
import type { AssetsAnswer } from '../../domain/protocol/account';
import { userWithSession, demoSession } from '../support/session';
import { dbTargets } from '../support/server';
import { api, spotWorld } from './spot-support';

/**
 * A demo reset starts the demo account again: its balances go back to the start, and the paper
 * and realistic P&L beside them (/user/assets `realistic`) count only the fills made since.
 */
describe.each(dbTargets())('the realistic P&L of a demo account across a reset on %s', (target) => {
  const t = sharedWorld(
    () => spotWorld(target),
    (world) => ({ call: api(world) }),
  );

  it('leaves out the fills made before the reset', async () => {
    const user = await userWithSession(t.world.db);
    const demo = await demoSession(t.world.db, BigInt(user.userId));
    const realistic = async () => (await t.call.post<AssetsAnswer>('/user/assets', demo)).data.realistic;
    // The demo's virtual balances, as a first reset gives them.
    expect(await t.call.post('/user/demo/reset', demo)).toMatchObject({ code: 0 });
    t.world.source.setBook('BTCUSDT', 1, [['49990.00', '1']], [['50010.00', '1']]);
    const buy = await t.call.post('/coin/order/add', demo, {
      symbol: 'BTCUSDT',
      side: 'buy',
      type: 'market',
      quantity: '0.01',
    });
    expect(buy, JSON.stringify(buy)).toMatchObject({ code: 0 });
    // 0.01 × 50,010 = 500.10: paper's fee 0.5001 and Binance's 0.5001 alike.
    await vi.waitFor(async () =>
      expect(await realistic()).toEqual([
        expect.objectContaining({ wallet: 'coin', paper: '0', realistic: '0', fills: 1, priced: 1 }),
      ]),
    );

    expect(await t.call.post('/user/demo/reset', demo)).toMatchObject({ code: 0 });
    // Nothing traded since the reset: nothing to compare, left out as before the first fill.
    expect(await realistic()).toBeUndefined();
  });
});
