import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import type { RobotInfo, RobotOrderInfo } from '../../domain/protocol/robots';
import { backtest } from '../../domain/robots/backtest';
import { worstFillPrice } from '../../domain/robots/fill';
import { runRobotPass } from '../../server/robots/pass';
import { dbTargets } from '../support/server';
import { runTrendSeries, DAY, HOUR, sharedRobotWorld, T0, TEST_ROBOTS, TREND_BARS } from './robots-support';

/**
 * One price series run both ways: the live robot on a real server (a scripted source on a
 * virtual clock, its book after each bar at the next bar's open) and the backtest of the same
 * bars. The trend robot (SMA 2 / SMA 3, 0.1% fee) with 1000 USDT:
 *  bars 0–2 close 100000, bar 3 closes 101000: SMA(2) 100000 → 100500 crosses SMA(3) 100000 →
 *    100333: buy. Bar 4 opens 100000 and closes 70000: 100500 ≥ 100333 → 85500 < 90333: sell.
 *    Bar 5 opens and closes 95000.
 *  Both size the buy at the worst price a live order accepts, 100000 × 1.01 = 101000:
 *    1000 ÷ (101000 × 1.001) → 0.009891 BTC. The live order fills at the book's 100000 (989.1, fee
 *    0.9891, cash 9.9109); the backtest at 101000 (998.991, fee 0.998991, cash 0.010009).
 *  The sell: live at the book's 95000 (939.645 less 0.939645 → 948.616255); the backtest at
 *    95000 × 0.99 = 94050 (930.24855 less 0.93024855 → 929.32831045).
 *  Marked at every bar, both bottom at bar 4's close 70000: live 9.9109 + 692.37 = 702.2809, a
 *    0.2977191 fall from 1000; the backtest 0.010009 + 692.37 = 692.380009, 0.307619991.
 *  They differ by the slippage allowance and its fee only: 0.009891 × 1000 × 1.001 = 9.900891 at
 *    the buy (every later mark), and 0.009891 × 950 × 0.999 = 9.38705355 at the sell.
 */

describe.each(dbTargets())('a robot run live and backtested on one series on %s', (target) => {
  const rw = sharedRobotWorld(target);

  it('marks both at every bar: a 30% fall between the trades, and they differ by the documented costs only', async () => {
    const { holder: u, orderId } = await runTrendSeries(rw.world, rw.call);
    const running = await rw.call.post<RobotOrderInfo>('/robot/order/info', u.token, { id: orderId });
    expect(running.data.order).toMatchObject({ cash: '948.616255', qty: '0', maxDrawdown: '0.2977191' });
    rw.world.clock.set(T0 + DAY);
    await runRobotPass(rw.world.db, rw.world.source, T0 + DAY);
    const live = await rw.call.post<RobotOrderInfo>('/robot/order/info', u.token, { id: orderId });
    expect(live.data.order).toMatchObject({
      status: 'finished',
      result: '-51.383745',
      returned: '948.616255',
    });
    const liveFills = [...live.data.fills].reverse();
    expect(liveFills.map((f) => [f.t, f.side, f.qty, f.price])).toEqual([
      [T0 + 4 * HOUR, 'buy', '0.009891', '100000'],
      [T0 + 5 * HOUR, 'sell', '0.009891', '95000'],
    ]);

    const test = backtest(
      TEST_ROBOTS.robots[0]!.strategy,
      TREND_BARS.map((b) => ({ t: b.t, open: b.o, close: b.c })),
      { capital: '1000', feeRate: '0.001', qtyScale: 6, priceScale: 2 },
    );
    // The same decisions on the same bars, filled at the bar after each, in the same size.
    expect(test.fills.map((f) => [f.t, f.side, f.qty, f.price])).toEqual([
      [T0 + 4 * HOUR, 'buy', '0.009891', '101000'],
      [T0 + 5 * HOUR, 'sell', '0.009891', '94050'],
    ]);
    // Each backtest price is the worst price the live order accepted at the book's next open.
    for (const [i, f] of test.fills.entries())
      expect(f.price).toBe(worstFillPrice(f.side, TREND_BARS[i + 4]!.o, 2).toFixed());
    expect(test.maxDrawdown.toFixed()).toBe('0.307619991');
    expect(test.final.toFixed()).toBe('929.32831045');
    // The live marks at every bar, rebuilt: before the buy 1000, then cash + qty × close.
    const liveValues = ['1000', '1000', '1000', '1000', '702.2809', '948.616255'];
    const costs = ['0', '0', '0', '0', '9.900891', '19.28794455'];
    expect(test.values.map((v, i) => new Decimal(liveValues[i]!).minus(v).toFixed())).toEqual(costs);
    expect(new Decimal(9.900891).plus('9.38705355').toFixed()).toBe(costs[5]);

    // The robot's published record and its backtest read the same marks.
    const info = await rw.call.post<RobotInfo>('/robot/info', '', { id: '1' });
    expect(info.data.robot.track).toMatchObject({ finished: 1, maxDrawdown: '0.2977191' });
    // The backtest on the page is the same series with the start-up capital, 100 USDT:
    // 100 ÷ 101101 → 0.000989 for 99.889, fee 0.099889, cash 0.011111; at 70000 69.241111.
    expect(info.data.backtest).toMatchObject({ trades: 2, maxDrawdown: '0.30758889' });
  });
});
