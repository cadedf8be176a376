import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { RobotInfo, RobotOrder, RobotOrderInfo } from '../../domain/protocol/robots';
import { robotOrders } from '../../server/db/schema/robots';
import { runRobotPass } from '../../server/robots/pass';
import { dbTargets } from '../support/server';
import { runTrendSeries, DAY, HOUR, sharedRobotWorld, T0, TREND_BARS } from './robots-support';

type Page<T> = { list: T[]; total: number };

/**
 * A run recorded before runs were marked (its row without marks), on robots-marked.test.ts's
 * series: the trend robot with 1000 USDT buys 0.009891 at 100000 after bar 3 and sells at 95000
 * after bar 4, whose close is 70000.
 *  Marked at its fills only: 1000, then 9.9109 + 989.1 = 999.0109, then 948.616255: the largest
 *    fall is (1000 − 948.616255) / 1000 = 0.051383745 → 0.05138374, and it says so.
 *  Marked again from its bars as the live run marked itself: bar 4's close holds 9.9109 +
 *    0.009891 × 70000 = 702.2809, a 0.2977191 fall from 1000 — what the live run recorded.
 *  With one of its bars gone from the source it cannot be marked, and keeps its fills' figure,
 *  on the order and, once it finished so, on the robot's record (fillsOnly).
 */

describe.each(dbTargets())('a run recorded before marking, marked again from its bars, on %s', (target) => {
  const rw = sharedRobotWorld(target);

  it('is marked from the bars it stepped on, and labelled fills-only while they are not all there', async () => {
    const { holder: u, orderId } = await runTrendSeries(rw.world, rw.call);
    const info = async () =>
      (await rw.call.post<RobotOrderInfo>('/robot/order/info', u.token, { id: orderId })).data.order;
    const listed = async () =>
      (await rw.call.post<Page<RobotOrder>>('/robot/order/list', u.token, { page: '1', size: '10' })).data
        .list[0];
    expect(await info()).toMatchObject({ maxDrawdown: '0.2977191', drawdownFrom: 'bars' });

    // As a row written before runs were marked: no marks.
    const id = BigInt(orderId);
    await rw.world.db
      .update(robotOrders)
      .set({ markPeak: null, markDrawdown: null })
      .where(eq(robotOrders.id, id));
    const unmarked = { maxDrawdown: '0.05138374', drawdownFrom: 'fills' };
    expect(await info()).toMatchObject(unmarked);
    expect(await listed()).toMatchObject(unmarked);

    // Bar 2 gone from the source: not marked, still from its fills; nothing else moved. Its
    // lock-in ends so: it finishes unmarked, and the robot's record counts it as fills-only.
    rw.world.source.setCandles('BTCUSDT', '1h', [...TREND_BARS.slice(0, 2), ...TREND_BARS.slice(3)]);
    await runRobotPass(rw.world.db, rw.world.source, T0 + 6 * HOUR);
    expect(await info()).toMatchObject({ ...unmarked, cash: '948.616255', qty: '0', status: 'running' });
    rw.world.clock.set(T0 + DAY);
    await runRobotPass(rw.world.db, rw.world.source, T0 + DAY);
    expect(await info()).toMatchObject({ ...unmarked, status: 'finished' });
    const track = async () =>
      (await rw.call.post<RobotInfo>('/robot/info', '', { id: '1' })).data.robot.track;
    expect(await track()).toMatchObject({ finished: 1, fillsOnly: 1, maxDrawdown: '0.05138374' });

    // Every bar there: an ended run is left to the robot clock's first look (a restart's)…
    rw.world.source.setCandles('BTCUSDT', '1h', TREND_BARS);
    await runRobotPass(rw.world.db, rw.world.source, T0 + DAY);
    expect(await info()).toMatchObject(unmarked);
    // …which marks it as the live run marked itself, on the wire, in the row and the record.
    await runRobotPass(rw.world.db, rw.world.source, T0 + DAY, true);
    expect(await info()).toMatchObject({ maxDrawdown: '0.2977191', drawdownFrom: 'bars' });
    expect(await listed()).toMatchObject({ maxDrawdown: '0.2977191', drawdownFrom: 'bars' });
    const [row] = await rw.world.db.select().from(robotOrders).where(eq(robotOrders.id, id));
    expect([row?.markPeak, row?.markDrawdown].map(Number)).toEqual([1000, 0.2977191]);
    expect(await track()).toMatchObject({ finished: 1, fillsOnly: 0, maxDrawdown: '0.2977191' });
  });
});
