import { eq, like } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sharedWorld } from '../support/shared-world';
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
  const t = sharedWorld(() => spotWorld(target));

  const print = (id: string, price: string, at = t.world.clock.now()): Trade => ({
    id,
    t: at,
    price,
    qty: '1',
    side: 'buy',
  });
  const rowOf = async (id: string) =>
    (
      await t.world.db
        .select()
        .from(conditionalOrders)
        .where(eq(conditionalOrders.id, BigInt(id)))
    )[0]!;

  it('fires a stop on the print it missed, though the last print is back below it', async () => {
    stockBook(t.world.source);
    t.world.source.setTicker('THYAO', { last: '100.00', prev: '100.00' });
    // Through 105 before any stop is placed: no reason to fire one placed later.
    t.world.source.emitTrades('THYAO', [print('EARLY', '106.00')]);
    t.world.source.setTicker('THYAO', { last: '100.00' });
    t.world.clock.advance(1_000);
    const me = await trader(t.world.db);
    const cond = conditionalApi(t.world);
    const stop = { symbol: 'THYAO', side: 'buy', kind: 'stop', quantity: '10' };
    const near = await cond.add(me, { ...stop, trigger: '105.00' });
    const far = await cond.add(me, { ...stop, trigger: '108.00' });
    expect([near.code, far.code]).toEqual([0, 0]);
    const nearId = near.data.list[0]!.id;
    const farId = far.data.list[0]!.id;

    // The engines stop (the owner is gone); the price crosses 105 and falls back meanwhile.
    await t.world.server.app.close();
    t.world.clock.advance(1_000);
    t.world.source.emitTrades('THYAO', [
      print('CROSS', '105.50'),
      print('BACK', '104.00', t.world.clock.now() + 100),
    ]);
    t.world.source.setTicker('THYAO', { last: '104.00' });

    const app = await buildApp({
      config: testConfig(),
      db: t.world.db,
      market: t.world.source,
      clock: t.world.clock,
    });
    try {
      await until(
        async () => (await rowOf(nearId)).state,
        (state) => state !== 'pending',
        // A firing is a transaction and an order on a database a loaded machine may share.
        20_000,
      );
      const fired = await rowOf(nearId);
      expect(fired).toMatchObject({ state: 'fired', firedTradeId: 'CROSS', firedAt: t.world.clock.now() });
      expect(canonical(fired.firedPrice!)).toBe('105.5');
      // One order for it, filled at the book's ask.
      const orders = await t.world.db
        .select()
        .from(spotOrders)
        .where(like(spotOrders.clientOrderId, `cond-${nearId}`));
      expect(orders.map((o) => o.id)).toEqual([fired.placedOrderId]);
      expect(orders[0]).toMatchObject({ type: 'market', status: 'closed' });
      // The stop nothing crossed still waits, and the live feed fires it.
      expect((await rowOf(farId)).state).toBe('pending');
      t.world.clock.advance(1_000);
      t.world.source.emitTrades('THYAO', [print('LIVE', '108.00')]);
      await until(
        async () => (await rowOf(farId)).state,
        (state) => state !== 'pending',
        // A firing is a transaction and an order on a database a loaded machine may share.
        20_000,
      );
      expect(await rowOf(farId)).toMatchObject({ state: 'fired', firedTradeId: 'LIVE' });
      expect((await rowOf(nearId)).firedTradeId).toBe('CROSS');
      await expectCleanLedger(t.world.db);
    } finally {
      await app.close();
    }
  });
});

/** The stops' other ways of waiting across a restart: a trailing stop's moved trigger, an expiry. */
describe.each(dbTargets())('conditional orders after a restart on %s, trailing and expiring', (target) => {
  let world: SpotWorld;
  beforeEach(async () => {
    world = await spotWorld(target);
    stockBook(world.source);
  });
  afterEach(async () => world?.close());

  const print = (id: string, price: string, at: number): Trade => ({
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
  /** The engines on the same database and market, as a restart (or a new owner) starts them. */
  const engines = () =>
    buildApp({ config: testConfig(), db: world.db, market: world.source, clock: world.clock });

  it('replays a trailing stop from the print that moved it, not from when that was written', async () => {
    const me = await trader(world.db);
    const placed = await conditionalApi(world).add(me, {
      symbol: 'THYAO',
      side: 'buy',
      kind: 'trailing',
      quantity: '10',
      trailBy: 'amount',
      trailValue: '2.00',
    });
    expect(placed.code).toBe(0);
    const id = placed.data.list[0]!.id;
    world.clock.advance(1_000);
    // Printed half a second before the engines' clock (the market stamps its tick's time): the
    // best falls to 97, the trigger to 99, written with the print's time.
    const movedAt = world.clock.now() - 500;
    world.source.setTicker('THYAO', { last: '97.00' });
    world.source.emitTrades('THYAO', [print('LOW', '97.00', movedAt)]);
    await until(
      async () => canonical((await rowOf(id)).triggerPrice),
      (trigger) => trigger === '99',
      20_000,
    );
    expect((await rowOf(id)).updatedAt).toBe(movedAt);

    // A print through 99 after that move, whose firing died with the owner, then back below.
    await world.server.app.close();
    world.source.emitTrades('THYAO', [
      print('CROSS', '99.50', movedAt + 200),
      print('BACK', '98.00', world.clock.now() + 100),
    ]);
    world.source.setTicker('THYAO', { last: '98.00' });
    const app = await engines();
    try {
      const fired = await until(
        () => rowOf(id),
        (row) => row.state !== 'pending',
        20_000,
      );
      expect(fired).toMatchObject({ state: 'fired', firedTradeId: 'CROSS' });
      await expectCleanLedger(world.db);
    } finally {
      await app.close();
    }
  });

  it('leaves a stop whose expiry passed meanwhile to expire, not to fire on a later print', async () => {
    const me = await trader(world.db);
    const placed = await conditionalApi(world).add(me, {
      symbol: 'THYAO',
      side: 'buy',
      kind: 'stop',
      quantity: '10',
      trigger: '105.00',
      expiresAt: String(world.clock.now() + 60_000),
    });
    expect(placed.code).toBe(0);
    const id = placed.data.list[0]!.id;
    await world.server.app.close();
    // Down past its expiry; the price crosses 105 after it.
    world.clock.advance(61_000);
    world.source.emitTrades('THYAO', [print('LATE', '105.50', world.clock.now())]);
    world.source.setTicker('THYAO', { last: '105.50' });
    const app = await engines();
    try {
      const ended = await until(
        () => rowOf(id),
        (row) => row.state !== 'pending',
        20_000,
      );
      expect(ended).toMatchObject({ state: 'expired', firedTradeId: null });
      await expectCleanLedger(world.db);
    } finally {
      await app.close();
    }
  });
});
