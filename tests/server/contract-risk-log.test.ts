import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ContractPosition } from '../../domain/protocol/contracts';
import { verifyLedger } from '../../server/ledger/verify';
import { dbTargets } from '../support/server';
import { contractBalance, contractWorld, ok, openLong, type ContractWorld } from './contract-support';

/**
 * A risk job the database refuses (here: a constraint that rejects closing a position) rolls back
 * alone and is logged on the app's logger with the position it was for, never silently dropped;
 * the next mark tick tries again and succeeds once the database accepts the write.
 */
describe.each(dbTargets())('failed contract risk jobs on %s', (target) => {
  let world: ContractWorld;
  beforeAll(async () => {
    world = await contractWorld(target);
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    if (world) expect(await verifyLedger(world.db)).toEqual([]);
    await world?.close();
  });

  const query = async (token: string, id: string) =>
    ok<ContractPosition>(await world.call('/coin/contract/order/query', token, { id }));

  it('logs the failure, writes nothing, and liquidates on a later tick', async () => {
    await world.tick(50_000);
    const user = await world.trader('1000');
    const p = await openLong(world, user.real, { leverage: '20' });
    const before = await contractBalance(world, user.real);
    const errors = vi.spyOn(world.server.app.log, 'error');

    await world.db.execute(
      sql`ALTER TABLE contract_positions ADD CONSTRAINT test_refuse_close CHECK (status = 'open') NOT VALID`,
    );
    const past = Math.floor(Number(p.liquidationPrice)) - 100;
    await world.tick(past);
    expect(errors).toHaveBeenCalledTimes(1);
    const [fields, message] = errors.mock.calls[0] as unknown as [Record<string, unknown>, string];
    expect(message).toBe('contract risk job failed');
    expect(fields).toMatchObject({ positionId: p.id, symbol: p.symbol });
    // Drizzle names the failed statement; its cause is the database's own refusal.
    const err = fields.err as Error;
    expect(err.message).toMatch(/update "contract_positions"/);
    expect(String(err.cause)).toMatch(/test_refuse_close/);
    expect((await query(user.real, p.id)).status).toBe('open');
    expect(await contractBalance(world, user.real)).toMatchObject({
      available: before.available,
      frozen: before.frozen,
    });
    expect(await verifyLedger(world.db)).toEqual([]);

    await world.db.execute(sql`ALTER TABLE contract_positions DROP CONSTRAINT test_refuse_close`);
    await world.tick(past);
    expect((await query(user.real, p.id)).status).toBe('liquidated');
    expect(errors).toHaveBeenCalledTimes(1);
  });
});
