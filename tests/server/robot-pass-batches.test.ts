import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { RobotOrder, RobotOrderInfo } from '../../domain/protocol/robots';
import { robotOrders } from '../../server/db/schema/robots';
import { runRobotPass } from '../../server/robots/pass';
import { dbTargets } from '../support/server';
import { api } from './spot-support';
import { DAY, holder, PIN, robotWorld, T0, type RobotWorld } from './robots-support';

/**
 * The robot clock read the first 200 running orders (by id) on every pass and stopped there: a
 * running order stays running until its lock-in ends, so with more than 200 running, every later
 * order was never stepped nor released at its end, its capital held in it for good. A pass walks
 * them all.
 */
describe.each(dbTargets())('the robot pass with more orders running than one batch on %s', (target) => {
  let world: RobotWorld;
  beforeAll(async () => {
    world = await robotWorld(target);
  });
  afterAll(async () => world?.close());

  it('releases at the end of its lock-in the order after the first 200', async () => {
    const call = api(world as never);
    const u = await holder(world.db, '10000');
    const buy = async (days: string) => {
      const answer = await call.post<RobotOrder>('/robot/buy', u.token, {
        action: 'buy',
        robotId: '1',
        tradePassword: PIN,
        amount: '100',
        days,
      });
      expect(answer.code, JSON.stringify(answer)).toBe(0);
      return answer.data.id;
    };
    const first = await buy('3');
    // 200 more running ahead of the next (on a symbol this market does not list: passed over).
    const [template] = await world.db
      .select()
      .from(robotOrders)
      .where(eq(robotOrders.id, BigInt(first)));
    const { id: _, ...row } = template!;
    await world.db
      .insert(robotOrders)
      .values(Array.from({ length: 200 }, () => ({ ...row, symbol: 'NOPE' })));
    const last = await buy('1');
    world.clock.set(T0 + DAY);
    await runRobotPass(world.db, world.source, T0 + DAY);
    const info = await call.post<RobotOrderInfo>('/robot/order/info', u.token, { id: last });
    expect(info.data.order).toMatchObject({ status: 'finished', returned: '100' });
  });
});
