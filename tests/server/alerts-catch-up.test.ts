import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlertRow } from '../../domain/protocol/alerts';
import type { Trade } from '../../domain/protocol/market';
import { buildApp } from '../../server/app';
import { appStateOf } from '../../server/app-state';
import { alerts } from '../../server/db/schema/alerts';
import { dbTargets, testConfig } from '../support/server';
import { alertWorld, ok, watchAlerts, type AlertWorld } from './alerts-support';
import { until } from './conditional-support';

/**
 * A restart, or a takeover of the partition: the alert engine starts on a market whose tape holds
 * prints no engine saw (a killed owner's last ones, whose fire it never wrote). A line the price
 * crossed and left again meanwhile fires on the print that crossed it, once; an alert whose fire
 * was written and told does not fire again; the live feed goes on from there.
 */
describe.each(dbTargets())('price alerts after a restart on %s', (target) => {
  let world: AlertWorld;
  beforeAll(async () => {
    world = await alertWorld(target);
  });
  afterAll(async () => world?.close());

  const print = (id: string, price: string, t: number): Trade => ({ id, t, price, qty: '1', side: 'buy' });
  const stored = async (ids: string[]) => {
    const rows = await world.server.database.db
      .select()
      .from(alerts)
      .where(
        inArray(
          alerts.id,
          ids.map((id) => BigInt(id)),
        ),
      );
    return new Map(rows.map((r) => [String(r.id), r]));
  };

  it('fires once a line crossed while no engine watched, and not one already told', async () => {
    const db = world.server.database.db;
    await world.price('THYAO', '310.00');
    const user = await world.user();
    const add = async (kind: string, threshold: string) =>
      ok<AlertRow>(await world.call('/user/alert/add', user.token, { symbol: 'THYAO', kind, threshold })).id;
    const told = await add('above', '311');
    const near = await add('above', '312');
    const far = await add('above', '320');
    const dip = await add('below', '305');
    // Told live before the engines stop: stored fired.
    world.clock.t += 1_000;
    world.source.emitTrades('THYAO', [print('TOLD', '311.50', world.clock.t)]);
    await world.price('THYAO', '311.50');
    expect((await stored([told])).get(told)).toMatchObject({ armed: false, firedCount: 1 });

    // The engines stop (the owner is gone); the price crosses 312 and falls back meanwhile, not
    // as far as 311's re-arm level (311 × 0.995 = 309.445).
    await world.server.app.close();
    world.clock.t += 1_000;
    const crossedAt = world.clock.t;
    world.source.emitTrades('THYAO', [
      print('CROSS', '312.50', crossedAt),
      print('BACK', '311.00', crossedAt + 100),
    ]);
    world.source.setTicker('THYAO', { last: '311.00' });

    const app = await buildApp({ config: testConfig(), db, market: world.source, clock: world.clock });
    try {
      const rows = await until(
        () => stored([told, near, far, dip]),
        (r) => r.get(near)?.firedCount === 1,
        20_000,
      );
      await appStateOf(db).alerts.settled();
      expect(rows.get(near)).toMatchObject({ armed: false, firedCount: 1, lastFiredAt: crossedAt });
      expect(rows.get(told)).toMatchObject({ armed: false, firedCount: 1 });
      expect(rows.get(far)).toMatchObject({ armed: true, firedCount: 0 });
      expect(rows.get(dip)).toMatchObject({ armed: true, firedCount: 0 });

      // The live feed goes on from the last price: 311 → 320.50 fires the far line only.
      const live = watchAlerts(db, user.id);
      world.clock.t += 1_000;
      world.source.emitTicker('THYAO', { last: '320.50' });
      await appStateOf(db).alerts.settled();
      live.off();
      expect(live.seen.map((f) => f.id)).toEqual([far]);
      const after = await stored([told, near, far]);
      expect([after.get(told)?.firedCount, after.get(near)?.firedCount, after.get(far)?.firedCount]).toEqual([
        1, 1, 1,
      ]);
    } finally {
      await app.close();
    }
  });
});
