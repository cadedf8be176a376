import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { sharedWorld } from '../support/shared-world';
import type { SpotFill, SpotOrder } from '../../domain/protocol/trading';
import { realisticOf, type Realistic } from '../../server/costs/store';
import { spotFills } from '../../server/db/schema/trading';
import { fillToWire } from '../../server/trading/spot/rows';
import { dbTargets } from '../support/server';
import { api, spotWorld, trader } from './spot-support';

type Result = { order: SpotOrder; fills: SpotFill[] };

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
    t.world.source.setBook('BTCUSDT', 1, [['49990.00', '0.5']], [['50010.00', '0.5']]);
    const placed = await t.call.post<Result>('/coin/order/add', t.me.token, {
      symbol: 'BTCUSDT',
      side: 'buy',
      type: 'limit',
      price: '49990',
      quantity: '0.3',
    });
    expect(placed.data.fills).toEqual([]);
    t.world.clock.advance(1_000);
    // The 0.5 ahead of it trades: it would be first at 49,990 now.
    t.world.source.emitTrades('BTCUSDT', [
      { id: 'M1', t: t.world.clock.now(), price: '49990.00', qty: '0.5', side: 'sell' },
    ]);
    t.world.clock.advance(1_000);
    // More lots at the same price: a later turn, behind the 0.5 the book shows at 49,990.
    const grown = await t.call.post<Result>('/coin/order/modify', t.me.token, {
      id: placed.data.order.id,
      quantity: '0.4',
    });
    expect(grown, JSON.stringify(grown)).toMatchObject({ code: 0 });
    expect(grown.data.fills).toEqual([]);
    t.world.clock.advance(1_000);
    // A seller offers 0.3 at the bid: paper takes it all.
    t.world.source.emitBook('BTCUSDT', [], [['49990.00', '0.3']]);
    let fills: SpotFill[] = [];
    await vi.waitFor(async () => {
      const rows = await t.world.db
        .select()
        .from(spotFills)
        .where(eq(spotFills.orderId, BigInt(placed.data.order.id)));
      fills = rows.map(fillToWire);
      expect(fills).toHaveLength(1);
    });
    expect(fills.map((f) => [f.price, f.qty])).toEqual([['49990', '0.3']]);
    // Real: 0.3 offered − 0.5 ahead since the modify: nothing reached (0.3 had it kept its first place).
    let real = new Map<string, Realistic>();
    await vi.waitFor(async () => {
      real = await realisticOf(t.world.db, [fills[0]!.id]);
      expect(real.size).toBe(1);
    });
    expect(real.get(fills[0]!.id)).toMatchObject({ role: 'maker', qty: '0', queueKnown: true });
  });
});
