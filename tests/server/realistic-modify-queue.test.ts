import { describe, expect, it } from 'vitest';
import { sharedWorld } from '../support/shared-world';
import { dbTargets } from '../support/server';
import { counterparts, fillsOf, restingCoinBuy, type Placed } from './realistic-support';
import { api, spotWorld, trader } from './spot-support';

/**
 * A modify that gives a resting order more lots at its price sends it to the back of the queue on
 * paper (a later turn), as a real venue does: its realistic queue starts again behind what the
 * book shows then, not where the first placing stood.
 */
describe.each(dbTargets())('the realistic queue of a resting order given more lots on %s', (target) => {
  const t = sharedWorld(
    () => spotWorld(target),
    async (world) => ({ call: api(world), me: await trader(world.db, { USDT: '30000' }) }),
  );

  it('waits behind the volume at its price again', async () => {
    const placed = await restingCoinBuy(t.world, t.call, t.me.token, 1);
    t.world.clock.advance(1_000);
    // The 0.5 ahead of it trades: it would be first at 49,990 now.
    t.world.source.emitTrades('BTCUSDT', [
      { id: 'M1', t: t.world.clock.now(), price: '49990.00', qty: '0.5', side: 'sell' },
    ]);
    t.world.clock.advance(1_000);
    // More lots at the same price: a later turn, behind the 0.5 the book shows at 49,990.
    const grown = await t.call.post<Placed>('/coin/order/modify', t.me.token, {
      id: placed.id,
      quantity: '0.4',
    });
    expect(grown, JSON.stringify(grown)).toMatchObject({ code: 0 });
    expect(grown.data.fills).toEqual([]);
    t.world.clock.advance(1_000);
    // A seller offers 0.3 at the bid: paper takes it all.
    t.world.source.emitBook('BTCUSDT', [], [['49990.00', '0.3']]);
    const fills = await fillsOf(t.world.db, placed.id, 1);
    expect(fills.map((f) => [f.price, f.qty])).toEqual([['49990', '0.3']]);
    // Real: 0.3 offered − 0.5 ahead since the modify: nothing reached (0.3 had it kept its first place).
    const [real] = await counterparts(t.world.db, fills);
    expect(real).toMatchObject({ role: 'maker', qty: '0', queueKnown: true });
  });
});
