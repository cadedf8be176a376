import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Ico } from '../../domain/protocol/ico';
import { icoOfferings } from '../../server/db/schema/ico';
import { runIcoPass } from '../../server/primary/ico/pass';
import { dbTargets } from '../support/server';
import { icoDraft, newIco, sharedIcoWorld } from './ico-support';
import { HOUR, PIN, investor } from './ipo-support';
import { MONDAY_NOON } from './spot-support';

/**
 * A sale closed early is allocated at once: its info says when (allocatedAt), so the detail
 * screen does not show the scheduled allocation date as still to come next to "allocated".
 */
describe.each(dbTargets())('ICO allocated after an early close on %s', (target) => {
  const t = sharedIcoWorld(target);

  it('answers allocatedAt: null before allocation, the pass time after, for the caller pool', async () => {
    const start = MONDAY_NOON - HOUR;
    t.world.clock.set(MONDAY_NOON);
    const id = await newIco(
      t.world,
      icoDraft(start, {
        subscribeEnd: start + 20 * HOUR,
        allocationAt: start + 21 * HOUR,
        refundAt: start + 22 * HOUR,
        listingAt: start + 23 * HOUR,
      }),
    );
    const u = await investor(t.world.db, '0', PIN, '1000');
    expect(
      (await t.call.post('/coin/order/new/apply', u.token, { id, amount: '50', tradePassword: PIN })).code,
    ).toBe(0);
    const info = async (token = u.token) => (await t.call.post<Ico>('/coin/new/info', token, { id })).data;
    expect(await info()).toMatchObject({ status: 'subscribing', allocatedAt: null, tokensSold: null });

    // Closed early (as `ico close` does), then the pass allocates at once.
    const closed = MONDAY_NOON + 1000;
    await t.world.db
      .update(icoOfferings)
      .set({ closedAt: closed })
      .where(eq(icoOfferings.id, BigInt(id)));
    t.world.clock.set(closed + 500);
    expect(await info()).toMatchObject({ status: 'allocating', allocatedAt: null });
    await runIcoPass(t.world.db, closed + 500);
    const after = await info();
    expect(after).toMatchObject({
      status: 'allocating',
      allocatedAt: closed + 500,
      allocationAt: start + 21 * HOUR,
    });
    // The demo pool is allocated on its own, by the same pass.
    expect((await t.call.post<Ico>('/coin/new/info', u.demo, { id })).data.allocatedAt).toBe(closed + 500);
  });

  it('says the refund comes at the early close when the sale refunds at allocation, as the job pays it', async () => {
    const start = MONDAY_NOON - HOUR;
    t.world.clock.set(MONDAY_NOON);
    const id = await newIco(
      t.world,
      icoDraft(start, {
        // A token of its own: the first test's sale is still under way.
        token: 'EARL',
        subscribeEnd: start + 20 * HOUR,
        allocationAt: start + 21 * HOUR,
        refundAt: start + 21 * HOUR,
        listingAt: start + 23 * HOUR,
      }),
    );
    const u = await investor(t.world.db, '0', PIN, '1000');
    const info = async () => (await t.call.post<Ico>('/coin/new/info', u.token, { id })).data;
    expect((await info()).refundAt).toBe(start + 21 * HOUR);
    const closed = MONDAY_NOON + 2000;
    await t.world.db
      .update(icoOfferings)
      .set({ closedAt: closed })
      .where(eq(icoOfferings.id, BigInt(id)));
    // Not 21 hours after the start: at the close, when the allocation (and its refund) runs.
    expect((await info()).refundAt).toBe(closed);
  });
});
