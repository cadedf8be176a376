import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAlertEngine } from '../../server/alerts/engine';
import { insertAlert } from '../../server/alerts/store';
import { conditionalOrders } from '../../server/db/schema/conditional';
import type { Database } from '../../server/db/client';
import { createConditionalTrading } from '../../server/trading/conditional/engine';
import { createTrading } from '../../server/trading/services';
import { createSpotTrading } from '../../server/trading/spot/engine';
import { createWriter } from '../../server/trading/writer';
import { instrument, scriptedSource } from '../support/scripted-source';
import { dbTargets, freshDatabase, testConfig } from '../support/server';
import { userWithSession } from '../support/session';

/**
 * A cluster partition's engines load their own symbols' rows only: the owner of THYAO's
 * partition holds no ASELS trigger or alert in memory, and a takeover of it loads none.
 */
describe.each(dbTargets())("a partition's engines load only its rows, on %s", (target) => {
  let database: Database;
  let dispose: () => Promise<void>;
  const clock = { now: () => Date.UTC(2026, 10, 27, 9) };
  const source = scriptedSource([instrument('THYAO'), instrument('ASELS')], clock.now);
  source.setTicker('THYAO', { last: '100.00' });
  source.setTicker('ASELS', { last: '50.00' });
  const thyaoOnly = (symbol: string) => symbol === 'THYAO';

  beforeAll(async () => {
    ({ database, dispose } = await freshDatabase(target));
    const user = await userWithSession(database.db);
    const owner = { userId: BigInt(user.userId), accountType: 'demo' as const };
    const now = clock.now();
    // A waiting buy stop and an alert on each symbol (rows as the routes write them).
    for (const [symbol, trigger] of [
      ['THYAO', '110'],
      ['ASELS', '60'],
    ] as const) {
      await database.db.insert(conditionalOrders).values({
        ...owner,
        wallet: 'stock',
        symbol,
        kind: 'stop',
        side: 'buy',
        quantity: '1',
        triggerPrice: trigger,
        state: 'pending',
        createdAt: now,
        updatedAt: now,
      });
      await insertAlert(
        database.db,
        owner,
        { symbol, kind: 'above', threshold: trigger, windowMinutes: null },
        now,
      );
    }
  });
  afterAll(async () => dispose?.());

  /** The conditional engine as a partition's owner starts it. */
  async function armedTriggers(holds?: (symbol: string) => boolean) {
    const deps = {
      db: database.db,
      market: source,
      config: testConfig(),
      clock,
      writer: createWriter(database.db),
      holds,
    };
    const engine = createConditionalTrading(deps, createSpotTrading(deps));
    await engine.start();
    try {
      return engine.armedCount();
    } finally {
      engine.stop();
    }
  }

  /** The alert engine as a partition's owner starts it. */
  async function watchedAlerts(holds?: (symbol: string) => boolean) {
    const trading = createTrading({ db: database.db, market: source, config: testConfig(), clock });
    const engine = createAlertEngine({
      db: database.db,
      market: source,
      trading,
      pushes: { send: () => Promise.reject(new Error('no push in this test')) },
      log: { error: () => undefined },
      holds,
    });
    await engine.start();
    try {
      return engine.size();
    } finally {
      await engine.stop();
    }
  }

  it('arms only the triggers of its symbols', async () => {
    expect(await armedTriggers(thyaoOnly)).toBe(1);
    expect(await armedTriggers((symbol) => symbol === 'NOSUCH')).toBe(0);
    // One process (or one partition): every waiting trigger.
    expect(await armedTriggers()).toBe(2);
  });

  it('watches only the alerts of its symbols', async () => {
    expect(await watchedAlerts(thyaoOnly)).toBe(1);
    expect(await watchedAlerts()).toBe(2);
  });
});
