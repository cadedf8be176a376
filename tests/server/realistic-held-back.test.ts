import { describe, expect, it } from 'vitest';
import type { AssetsAnswer } from '../../domain/protocol/account';
import { dbTargets } from '../support/server';
import { sharedWorld } from '../support/shared-world';
import { counterparts, fillsOf, restingCoinBuy, type Placed } from './realistic-support';
import { api, spotWorld, trader } from './spot-support';

/**
 * A resting buy that paper filled while the queue ahead at its price let a real order have only
 * part of it, then the price rises and the holding is sold (docs/real-costs.md): paper P&L counts
 * the gain on every unit, realistic only on the units a real order bought. Paper's coin fee is the
 * sandbox default 0.1 %, Binance spot VIP 0's too.
 */
describe.each(dbTargets())('units the queue kept from a buy, sold after a rise, on %s', (target) => {
  const t = sharedWorld(
    () => spotWorld(target),
    async (world) => ({ call: api(world), me: await trader(world.db, { USDT: '30000' }) }),
  );

  const coinRow = async () =>
    (await t.call.post<AssetsAnswer>('/user/assets', t.me.token)).data.realistic?.find(
      (r) => r.wallet === 'coin',
    );

  it('paper P&L counts the gain on the 0.2 never bought for real, realistic does not', async () => {
    const placed = await restingCoinBuy(t.world, t.call, t.me.token, 1);
    t.world.clock.advance(1_000);
    // 0.5 ahead at 49,990; 0.3 prints there, then a seller offers 0.3 at the bid: paper buys 0.3
    // @ 49,990 (14,997, fee 14.997: average cost 15,011.997 / 0.3 = 50,039.99).
    t.world.source.emitTrades('BTCUSDT', [
      { id: 'H1', t: t.world.clock.now(), price: '49990.00', qty: '0.3', side: 'sell' },
    ]);
    t.world.source.emitBook('BTCUSDT', [], [['49990.00', '0.3']]);
    const [bought] = await fillsOf(t.world.db, placed.id, 1);
    expect([bought!.price, bought!.qty, bought!.commission]).toEqual(['49990', '0.3', '14.997']);
    // Real: 0.3 printed + 0.3 offered − 0.5 ahead = 0.1 bought (4,999, fee 4.999); 0.2 held back.
    expect((await counterparts(t.world.db, [bought!]))[0]).toMatchObject({
      role: 'maker',
      qty: '0.1',
      fees: '4.999',
      delta: '0',
    });

    // The price rises; the 0.3 are sold at market @ 51,000: 15,300, fee 15.3; gain
    // (51,000 − 50,039.99) × 0.3 = 288.003, realised 288.003 − 15.3 = 272.703.
    t.world.clock.advance(1_000);
    t.world.source.setBook('BTCUSDT', 2, [['51000.00', '1']], [['51010.00', '1']]);
    const sold = await t.call.post<Placed>('/coin/order/add', t.me.token, {
      symbol: 'BTCUSDT',
      side: 'sell',
      type: 'market',
      quantity: '0.3',
    });
    expect(sold).toMatchObject({ code: 0 });
    expect(sold.data.fills.map((f) => [f.price, f.qty, f.commission, f.realizedPnl])).toEqual([
      ['51000', '0.3', '15.3', '272.703'],
    ]);
    // Real: the account holds 0.1 and sells 0.1 @ 51,000 = 5,100, fee 5.1 (fees −10.2); the gain
    // on the 0.2 it never bought, 960.01 × 0.2 = 192.002, is not realised (the queue line).
    const [real] = await counterparts(t.world.db, sold.data.fills);
    expect(real).toMatchObject({ role: 'taker', qty: '0.1', avgPrice: '51000', fees: '5.1' });
    expect(real!.lines).toEqual({ slippage: '0', fees: '-10.2', taxes: '0', queue: '192.002' });
    expect(real!.delta).toBe('181.802');
    // Realistic 272.703 − 181.802 = 90.901: what the real 0.1 made, 5,100 − 5.1 − (4,999 + 4.999).
    expect(await coinRow()).toEqual({
      wallet: 'coin',
      currency: 'USDT',
      paper: '272.703',
      realistic: '90.901',
      slippage: '0',
      fees: '-10.2',
      taxes: '0',
      queue: '192.002',
      fills: 2,
      priced: 2,
    });
  });
});
