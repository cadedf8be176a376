import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { dbTargets } from '../support/server';
import { api, expectCleanLedger, spotWorld, stockBook, trader, type SpotWorld } from './spot-support';

/**
 * A matching job the database refuses (here: a constraint that rejects every fill row) is
 * logged with its symbol, never silently dropped, and is not retried on every book event; once
 * the database accepts the write, the resting order fills on a later event.
 */
describe.each(dbTargets())('failed spot matching jobs on %s', (target) => {
  let world: SpotWorld;
  beforeAll(async () => {
    world = await spotWorld(target);
    stockBook(world.source);
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    if (world) await expectCleanLedger(world.db);
    await world?.close();
  });

  it('logs the failure, writes nothing, waits, and fills once the database accepts it', async () => {
    const call = api(world);
    const user = await trader(world.db);
    const placed = await call.post<{ order: { id: string; status: string } }>(
      '/stock/order/buy',
      user.token,
      {
        symbol: 'THYAO',
        type: 'limit',
        quantity: '10',
        price: '99.00',
      },
    );
    expect(placed.data.order.status).toBe('open');
    const errors = vi.spyOn(world.server.app.log, 'error');
    await world.db.execute(
      sql`ALTER TABLE spot_fills ADD CONSTRAINT test_refuse_fill CHECK (qty < 0) NOT VALID`,
    );

    // An ask at the order's price: the order is marketable and matching runs, and fails.
    world.source.emitBook('THYAO', [], [['99.00', '10']]);
    await vi.waitFor(() => expect(errors).toHaveBeenCalledTimes(1));
    const [fields, message] = errors.mock.calls[0] as unknown as [Record<string, unknown>, string];
    expect(message).toBe('spot matching job failed');
    expect(fields).toMatchObject({ symbol: 'THYAO' });
    // More book events at once: no retry storm while the symbol waits.
    for (let i = 0; i < 5; i++) world.source.emitBook('THYAO', [], [['99.00', '10']]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(errors).toHaveBeenCalledTimes(1);
    const info = async () =>
      (
        await call.get<{ order: { status: string; filledQty: string } }>('/stock/order/info', user.token, {
          id: placed.data.order.id,
        })
      ).data.order;
    expect(await info()).toMatchObject({ status: 'open', filledQty: '0' });

    await world.db.execute(sql`ALTER TABLE spot_fills DROP CONSTRAINT test_refuse_fill`);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    world.source.emitBook('THYAO', [], [['99.00', '10']]);
    await vi.waitFor(async () => expect(await info()).toMatchObject({ status: 'closed', filledQty: '10' }), {
      timeout: 5_000,
    });
    expect(errors).toHaveBeenCalledTimes(1);
  });
});
