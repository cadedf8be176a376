import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { seedLog, settings } from '../../server/db/schema/system';
import { seed } from '../../server/db/seed';
import { readSetting } from '../../server/settings';
import { acceptRisk, hasAcceptedRisk } from '../../server/trading/contracts/rules';
import { dbTargets, freshDatabase } from '../support/server';
import { userWithSession } from '../support/session';

/**
 * The risk disclosure's text changed materially (it states the liquidation fee's rate, and that
 * liquidation reserves it), so its version rose to 2: a database seeded before gets the new
 * version without losing the rates an operator tuned, and an acceptance of version 1 no longer counts.
 */
describe.each(dbTargets())('contract risk disclosure version on %s', (target) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
  });

  it('raises a stored version 1 to 2, keeps tuned rates, and asks users who accepted 1 again', async () => {
    const { database, dispose } = await freshDatabase(target);
    cleanups.push(dispose);
    const db = database.db;
    expect((await readSetting(db, 'contracts')).riskVersion).toBe(2);
    // A database from before: version 1, a tuned liquidation fee, the new step not yet run.
    const old = { ...(await readSetting(db, 'contracts')), riskVersion: 1, liquidationFeeRate: '0.004' };
    await db.update(settings).set({ value: old }).where(eq(settings.key, 'contracts'));
    await db.delete(seedLog).where(eq(seedLog.step, '0005-risk-disclosure-v2'));
    const user = await userWithSession(db);
    const id = BigInt(user.userId);
    await acceptRisk(db, id, 1);
    expect(await hasAcceptedRisk(db, id, 1)).toBe(true);

    expect(await seed(db)).toEqual(['0005-risk-disclosure-v2']);
    const now = await readSetting(db, 'contracts');
    expect(now).toEqual({ ...old, riskVersion: 2 });
    expect(await hasAcceptedRisk(db, id, now.riskVersion)).toBe(false);
    await acceptRisk(db, id, now.riskVersion);
    expect(await hasAcceptedRisk(db, id, now.riskVersion)).toBe(true);

    // A version an operator already raised further is left alone.
    await db
      .update(settings)
      .set({ value: { ...now, riskVersion: 7 } })
      .where(eq(settings.key, 'contracts'));
    await db.delete(seedLog).where(eq(seedLog.step, '0005-risk-disclosure-v2'));
    await seed(db);
    expect((await readSetting(db, 'contracts')).riskVersion).toBe(7);
  }, 180_000);
});
