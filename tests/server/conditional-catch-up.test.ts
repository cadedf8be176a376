import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Trade } from '../../domain/protocol/market';
import { buildApp } from '../../server/app';
import { conditionalOrders } from '../../server/db/schema/conditional';
import { spotOrders } from '../../server/db/schema/trading';
import { canonical } from '../../server/ledger/decimal';
import { dbTargets, testConfig } from '../support/server';
import { conditionalApi, until } from './conditional-support';
import { expectCleanLedger, spotWorld, stockBook, trader, type SpotWorld } from './spot-support';

/**
 * A restart, or a takeover of the trading partition: the engines that follow conditional orders
 * start on a market whose tape holds prints no trigger watch saw (a killed owner's last ones,
 * whose firings were lost with it). A stop the price crossed and left again meanwhile fires on
 * the print that crossed it, once; a print from before it was placed fires nothing.
 */
describe.each(dbTargets())('conditional orders after a restart on %s', (target) => {
  let world: SpotWorld;

  beforeAll(async () => {
    world = await spotWorld(target);
  });
  afterAll(async () => world?.close());

  const print = (id: string, price: string, at = world.clock.now()): Trade => ({
    id,
    t: at,
    price,
    qty: '1',
    side: 'buy',
  });
  const rowOf = async (id: string) =>
    (
      await world.db
        .select()
        .from(conditionalOrders)
        .where(eq(conditionalOrders.id, BigInt(id)))
    )[0]!;

  it('fires a stop on the print it missed, though the last print is back below it', async () => {
    stockBook(world.source);
    world.source.setTicker('THYAO', { last: '100.00', prev: '100.00' });
    // Through 105 before any stop is placed: no reason to fire one placed later.
    world.source.emitTrades('THYAO', [print('EARLY', '106.00')]);
    world.source.setTicker('THYAO', { last: '100.00' });
    world.clock.advance(1_000);
    const me = await trader(world.db);
    const cond = conditionalApi(world);
    const stop = { symbol: 'THYAO', side: 'buy', kind: 'stop', quantity: '10' };
    const near = await cond.add(me, { ...stop, trigger: '105.00' });
    const far = await cond.add(me, { ...stop, trigger: '108.00' });
    expect([near.code, far.code]).toEqual([0, 0]);
    const nearId = near.data.list[0]!.id;
    const farId = far.data.list[0]!.id;

    // The engines stop (the owner is gone); the price crosses 105 and falls back meanwhile.
    await world.server.app.close();
    world.clock.advance(1_000);
    world.source.emitTrades('THYAO', [
      print('CROSS', '105.50'),
      print('BACK', '104.00', world.clock.now() + 100),
    ]);
    world.source.setTicker('THYAO', { last: '104.00' });

    const app = await buildApp({
      config: testConfig(),
      db: world.db,
      market: world.source,
      clock: world.clock,
    });
    try {
      await until(
        async () => (await rowOf(nearId)).state,
        (state) => state !== 'pending',
      );
      const fired = await rowOf(nearId);
      expect(fired).toMatchObject({ state: 'fired', firedTradeId: 'CROSS', firedAt: world.clock.now() });
      expect(canonical(fired.firedPrice!)).toBe('105.5');
      // One order for it, filled at the book's ask.
      const orders = await world.db
        .select()
        .from(spotOrders)
        .where(like(spotOrders.clientOrderId, `cond-${nearId}`));
      expect(orders.map((o) => o.id)).toEqual([fired.placedOrderId]);
      expect(orders[0]).toMatchObject({ type: 'market', status: 'closed' });
      // The stop nothing crossed still waits, and the live feed fires it.
      expect((await rowOf(farId)).state).toBe('pending');
      world.clock.advance(1_000);
      world.source.emitTrades('THYAO', [print('LIVE', '108.00')]);
      await until(
        async () => (await rowOf(farId)).state,
        (state) => state !== 'pending',
      );
      expect(await rowOf(farId)).toMatchObject({ state: 'fired', firedTradeId: 'LIVE' });
      expect((await rowOf(nearId)).firedTradeId).toBe('CROSS');
      await expectCleanLedger(world.db);
    } finally {
      await app.close();
    }
  });
});
