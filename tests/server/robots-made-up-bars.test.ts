import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RobotOrder } from '../../domain/protocol/robots';
import type { PrintedSince } from '../../server/market/source';
import { runRobotPass } from '../../server/robots/pass';
import { dbTargets } from '../support/server';
import { api } from './spot-support';
import { holder, HOUR, hourly, PIN, robotWorld, T0, type RobotWorld } from './robots-support';

/**
 * After a restart (or a takeover) the simulator's bars before it went on are generated to fill
 * the charts, not printed. The robot clock fed every bar closed since a robot's last one, so a
 * robot running across the restart stepped on the made-up bars of the downtime, and its
 * decisions went to the live book: real fills on a path the market never took. It now steps on
 * printed bars only.
 */
describe.each(dbTargets())('the robot pass across a restart on %s', (target) => {
  let world: RobotWorld;
  beforeAll(async () => {
    world = await robotWorld(target);
  });
  afterAll(async () => world?.close());

  it('steps a running robot on the bars printed since, none of the generated ones', async () => {
    const call = api(world as never);
    const u = await holder(world.db, '10000');
    const bought = await call.post<RobotOrder>('/robot/buy', u.token, {
      action: 'buy',
      robotId: '1',
      tradePassword: PIN,
      amount: '100',
      days: '3',
    });
    expect(bought.code, JSON.stringify(bought)).toBe(0);
    world.source.setCandles(
      'BTCUSDT',
      '1h',
      hourly(['50000.00', '51000.00', '52000.00', '53000.00', '54000.00', '55000.00']),
    );
    // The broker went on at T0 + 3 h: the bars before were generated when it started.
    const record: PrintedSince = { since: T0 + 3 * HOUR, price: '53000.00' };
    Object.assign(world.source, { printedSince: () => record });
    world.clock.set(T0 + 6 * HOUR);
    const { stepped } = await runRobotPass(world.db, world.source, T0 + 6 * HOUR);
    // Closed by then: the bars of T0 … T0 + 5 h; printed: T0 + 3 h, 4 h, 5 h.
    expect(stepped).toBe(3);
  });
});
