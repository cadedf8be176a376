import { describe, expect, it } from 'vitest';
import { sharedWorld } from '../support/shared-world';
import type { IpoApplication } from '../../domain/protocol/ipo';
import { runIpoPass } from '../../server/primary/ipo/pass';
import { dbTargets } from '../support/server';
import { HOUR, PIN, draft, investor, ipoWorld, newIpo, operatorCall } from './ipo-support';
import { api } from './spot-support';

type Advanced = { step: string; subscribeStart: string; closedAt: string | null; allocationAt: string };

/**
 * `ipo advance` steps through an IPO in order: an upcoming IPO opens first (it used to answer
 * "cannot change from upcoming to allocating"); a step out of order names the next one.
 */
describe.each(dbTargets())('ipo advance on an upcoming IPO on %s', (target) => {
  const t = sharedWorld(
    () => ipoWorld(target),
    (world) => {
      const call = api(world as never);
      return { call };
    },
  );
  const op = (path: string, fields: Record<string, string>, lang = 'en-US') =>
    operatorCall(t.world, path, fields, lang);

  it('opens an upcoming IPO, then steps on to allocation; out of order it says which step is next', async () => {
    const now = Date.now();
    t.world.clock.set(now);
    const id = await newIpo(t.world, draft(now + 5 * HOUR));

    const early = await op('ipo-advance', { id, to: 'allocation' });
    expect(early).toMatchObject({ key: 'IPO_ADVANCE_ORDER' });
    expect(early.msg).toBe(
      'The next step of this IPO is open, not allocation: advance it without --to, or with --to open.',
    );
    const tr = await op('ipo-advance', { id, to: 'listing' }, 'tr-TR');
    expect(tr.msg).toBe(
      'Bu halka arzın sıradaki adımı listing değil, open: --to olmadan ya da --to open ile ilerletin.',
    );

    const opened = await op('ipo-advance', { id });
    expect(opened).toMatchObject({ code: 0, data: { step: 'open', closedAt: null } });
    const at = Date.parse((opened.data as Advanced).subscribeStart);
    expect(at).toBeGreaterThanOrEqual(now);
    expect(at).toBeLessThanOrEqual(Date.now());
    // Open now: an investor can apply.
    t.world.clock.set(Date.now());
    const u = await investor(t.world.db, '1000');
    const applied = await t.call.post<IpoApplication>('/stock/order/new/apply', u.token, {
      id,
      lots: '2',
      tradePassword: PIN,
    });
    expect(applied.code, JSON.stringify(applied)).toBe(0);

    expect(await op('ipo-advance', { id, to: 'open' })).toMatchObject({ key: 'IPO_ADVANCE_ORDER' });
    const next = await op('ipo-advance', { id });
    expect(next).toMatchObject({ code: 0, data: { step: 'allocation' } });
    const pass = Date.now();
    t.world.clock.set(pass);
    expect(await runIpoPass(t.world.db, pass)).toMatchObject({ allocated: 1 });
  });
});
