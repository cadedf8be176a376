import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SpotOrder } from '../../domain/protocol/trading';
import { api, spotWorld, stockBook, trader, type SpotWorld } from './spot-support';

type Scans = { seq: number; idx: number };

/**
 * The order batch's statements run as generic plans on PGlite (server/trading/prepared.ts).
 * They must find orders through an index however many there are: a plan that scans the table
 * costs every order a little more than the one before (1.7 ms a batch at 10,000 orders).
 */
describe('order batches on a table of many orders (PGlite)', () => {
  let world: SpotWorld;
  let call: ReturnType<typeof api>;
  beforeAll(async () => {
    world = await spotWorld('pglite');
    call = api(world);
    stockBook(world.source);
  });
  afterAll(async () => world?.close());

  const scans = async (): Promise<Scans> => {
    await world.db.execute(sql`select pg_stat_force_next_flush()`);
    const result = await world.db.execute(sql`select seq_scan::int as seq, idx_scan::int as idx
      from pg_stat_user_tables where relname = 'spot_orders'`);
    return (result as unknown as { rows: Scans[] }).rows[0]!;
  };

  it('places with a client order id and cancels without scanning spot_orders', async () => {
    const me = await trader(world.db);
    const order = { symbol: 'THYAO', type: 'limit', price: '98.00', quantity: '1' };
    const first = await call.post<{ order: SpotOrder }>('/stock/order/buy', me.token, {
      ...order,
      clientOrderId: 'plans-1',
    });
    expect(first.code).toBe(0);
    // 5,000 finished orders of the past, copies of the first without its client id.
    await world.db.execute(sql`insert into spot_orders (user_id, account_type, wallet, symbol, side, type,
        time_in_force, price, quantity, status, trading_day, created_at, updated_at)
      select user_id, account_type, wallet, symbol, side, type, time_in_force, price, quantity,
        'cancelled', trading_day, created_at, updated_at
      from spot_orders, generate_series(1, 5000) where id = ${first.data.order.id}`);

    const before = await scans();
    const second = await call.post<{ order: SpotOrder }>('/stock/order/buy', me.token, {
      ...order,
      clientOrderId: 'plans-2',
    });
    expect(second.code).toBe(0);
    const retry = await call.post<{ order: SpotOrder }>('/stock/order/buy', me.token, {
      ...order,
      clientOrderId: 'plans-2',
    });
    expect(retry.data.order.id).toBe(second.data.order.id);
    const cancelled = await call.get('/stock/order/cancel', me.token, { id: first.data.order.id });
    expect(cancelled).toMatchObject({ code: 0 });
    const after = await scans();

    expect(after.seq - before.seq).toBe(0);
    expect(after.idx).toBeGreaterThan(before.idx);
  });
});
