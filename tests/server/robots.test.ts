import { and, eq } from 'drizzle-orm';
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Robot, RobotInfo, RobotOrder, RobotOrderInfo } from '../../domain/protocol/robots';
import { trackRecord } from '../../domain/robots/track';
import { messages } from '../../server/db/schema/content';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../../server/db/schema/ledger';
import { userBalances } from '../../server/ledger/balances';
import { runRobotPass } from '../../server/robots/pass';
import { operatorAudit } from '../../server/db/schema/system';
import { parseCommand } from '../../server/operator/cli-commands';
import { dbTargets, postForm } from '../support/server';
import { api, balance, expectCleanLedger, type Lang } from './spot-support';
import {
  DAY,
  holder,
  hourly,
  HOUR,
  PIN,
  robotWorld,
  T0,
  OPERATOR_KEY,
  untouched,
  type Holder,
  sharedRobotWorld,
  type RobotWorld,
} from './robots-support';

type Page<T> = { list: T[]; total: number };

/**
 * A trend robot (SMA 2 / SMA 3, hourly BTCUSDT) bought at T0 with 1000 USDT for 1 day, worked by
 * hand with the 0.1% coin spot fee, the 20% withholding and a 1% early-stop penalty:
 *  bars 50000, 50000, 50000, 60000 → SMA(2) 50000/55000 crosses SMA(3) 50000/53333: buy all.
 *    At the book (ask 60000.00) with the 1% limit 60600.00: qty = 1000 ÷ (60600 × 1.001) → 0.016485;
 *    cost 989.10, fee 0.98910, cash 9.9109.
 *  bars 70000, 45000 → SMA(2) 65000/57500 crosses below SMA(3) 60000/58333: sell all at the book
 *    (bid 66000.00): 1088.01, fee 1.08801, cash 1096.83289; realised 96.83289 (a win).
 *  lock-in ends at T0 + 1 day: result 96.83289, tax 19.366578, returned 1077.466312.
 *  Coin wallet: 10000 − 1000 + 1077.466312 = 10077.466312.
 */
describe.each(dbTargets())('a robot bought, run on a virtual clock and released on %s', (target) => {
  let world: RobotWorld;
  let call: ReturnType<typeof api>;
  let u: Holder;
  let orderId = '';
  beforeAll(async () => {
    world = await robotWorld(target);
    call = api(world as never);
    u = await holder(world.db, '10000');
  });
  afterAll(async () => world?.close());

  const usdt = async (kind: 'real' | 'demo' = 'real') =>
    balance(await userBalances(world.db, u.userId, kind), 'coin', 'USDT').available;
  const buy = (fields: Record<string, string>, token = u.token, lang: Lang = 'en-US') =>
    call.post<RobotOrder>(
      '/robot/buy',
      token,
      { action: 'buy', robotId: '1', tradePassword: PIN, ...fields },
      lang,
    );

  it('lists the robot with its terms and an empty record, for guests too', async () => {
    const list = await call.post<{ list: Robot[] }>('/robot/list', '');
    expect(list.code).toBe(0);
    expect(list.data.list[0]).toMatchObject({
      id: '1',
      strategy: 'trend',
      params: { fast: 2, slow: 3 },
      minCapital: '100',
      maxCapital: '1000',
      lockDaysMin: 1,
      lockDaysMax: 3,
      feeRate: '0.001',
      taxRate: '0.2',
      penaltyRate: '0.01',
      paused: false,
      track: { runs: 0, finished: 0, returnRate: null, dailyRate: null, maxDrawdown: null, winRate: null },
    });
  });

  it('refuses bad purchases with a localized error and changes nothing', async () => {
    const poor = await holder(world.db, '500');
    const before = await untouched(world.db, u.userId);
    const cases: [Record<string, string>, string][] = [
      [{ robotId: '77', amount: '500', days: '1' }, 'ROBOT_NOT_FOUND'],
      [{ amount: '99.99', days: '1' }, 'ROBOT_BELOW_STARTUP_CAPITAL'],
      [{ amount: '1000.01', days: '1' }, 'ROBOT_ABOVE_SINGLE_LIMIT'],
      [{ amount: '500', days: '4' }, 'ROBOT_DAYS_OUT_OF_RANGE'],
      [{ amount: '500', days: '1', tradePassword: '000000' }, 'TRADE_PASSWORD_INCORRECT'],
      [{ amount: '500', days: '1', tradePassword: '' }, 'TRADE_PASSWORD_REQUIRED'],
      [{ amount: '1,5', days: '1' }, 'NUMBER_FORMAT'],
      // USDT to 8 decimals: 9 were accepted (a balance no screen shows), 19+ a 500 from the ledger.
      [{ amount: '500.000000001', days: '1' }, 'AMOUNT_PRECISION'],
      [{ amount: '100.0000000000000000000001', days: '1' }, 'AMOUNT_PRECISION'],
    ];
    for (const [fields, key] of cases) {
      const tr = await buy(fields, u.token, 'tr-TR');
      expect([tr.code, tr.key]).toEqual([-1001, key]);
      const en = await buy(fields);
      expect(en.key).toBe(key);
      expect(tr.msg).not.toBe(en.msg);
    }
    const below = await buy({ amount: '99.99', days: '1' }, u.token, 'tr-TR');
    expect(below.msg).toContain('100 USDT');
    const poorBefore = await untouched(world.db, poor.userId);
    const short = await buy({ amount: '600', days: '1' }, poor.token);
    expect([short.code, short.key]).toEqual([-1001, 'INSUFFICIENT_BALANCE']);
    expect(await untouched(world.db, poor.userId)).toEqual(poorBefore);
    expect(await untouched(world.db, u.userId)).toEqual(before);
  });

  it('buys: the capital leaves the coin wallet into the robot pool, ledgered', async () => {
    const bought = await buy({ amount: '1000', days: '1' });
    expect(bought.code).toBe(0);
    orderId = bought.data.id;
    expect(bought.data).toMatchObject({
      status: 'running',
      capital: '1000',
      cash: '1000',
      qty: '0',
      value: '1000',
      pnl: '0',
      days: 1,
      daysLeft: 1,
      endsAt: T0 + DAY,
      taxRate: '0.2',
      penaltyRate: '0.01',
    });
    expect(await usdt()).toBe('9000');
    // The account's assets count the running robot at its value (the portfolio total stays whole).
    const assets = await call.post<{ products: unknown[] }>('/user/assets', u.token, {});
    expect(assets.data.products).toEqual([{ product: 'robot', currency: 'USDT', value: '1000', count: 1 }]);
  });

  it('trades on closed bars only, at the book, fees charged', async () => {
    world.source.setBook('BTCUSDT', 10, [['59990.00', '1']], [['60000.00', '1']]);
    world.source.setCandles('BTCUSDT', '1h', hourly(['50000', '50000', '50000', '60000', '61000']));
    world.clock.set(T0 + 4 * HOUR);
    await runRobotPass(world.db, world.source, T0 + 4 * HOUR);
    const info = await call.post<RobotOrderInfo>('/robot/order/info', u.token, { id: orderId });
    // Bar 4 (61000) has not closed: only bar 3's cross traded.
    expect(info.data.fills).toEqual([
      {
        t: T0 + 4 * HOUR,
        side: 'buy',
        price: '60000',
        qty: '0.016485',
        amount: '989.1',
        fee: '0.9891',
        realized: null,
      },
    ]);
    expect(info.data.order).toMatchObject({ cash: '9.9109', qty: '0.016485', trades: 1 });

    world.source.setBook('BTCUSDT', 11, [['66000.00', '1']], [['66010.00', '1']]);
    world.source.setCandles('BTCUSDT', '1h', hourly(['50000', '50000', '50000', '60000', '70000', '45000']));
    world.clock.set(T0 + 6 * HOUR);
    await runRobotPass(world.db, world.source, T0 + 6 * HOUR);
    const after = await call.post<RobotOrderInfo>('/robot/order/info', u.token, { id: orderId });
    expect(after.data.fills[0]).toEqual({
      t: T0 + 6 * HOUR,
      side: 'sell',
      price: '66000',
      qty: '0.016485',
      amount: '1088.01',
      fee: '1.08801',
      realized: '96.83289',
    });
    expect(after.data.order).toMatchObject({ cash: '1096.83289', qty: '0', status: 'running' });
  });

  it('releases at the end of the lock-in: capital + result − the withholding, each its own line', async () => {
    world.clock.set(T0 + DAY);
    await runRobotPass(world.db, world.source, T0 + DAY);
    const info = await call.post<RobotOrderInfo>('/robot/order/info', u.token, { id: orderId });
    expect(info.data.order).toMatchObject({
      status: 'finished',
      result: '96.83289',
      tax: '19.366578',
      penalty: '0',
      returned: '1077.466312',
      pnl: '77.466312',
      daysLeft: 0,
      closedAt: T0 + DAY,
    });
    expect(await usdt()).toBe('10077.466312');
    const lines = await world.db
      .select({ reason: ledgerTransactions.reason, code: ledgerAccounts.code, amount: ledgerEntries.amount })
      .from(ledgerEntries)
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
      .where(
        and(eq(ledgerTransactions.referenceType, 'robot_order'), eq(ledgerTransactions.referenceId, orderId)),
      );
    const sum = (code: string) =>
      lines
        .filter((l) => l.code === code)
        .reduce((s, l) => s.plus(l.amount), new Decimal(0))
        .toFixed();
    // The order's share of the pool is empty again; tax and fees went where they were disclosed.
    expect(sum('system:robots:USDT')).toBe('0');
    expect(sum('system:robots:BTC')).toBe('0');
    expect(sum('system:robot_tax:USDT')).toBe('19.366578');
    expect(sum('system:fees:USDT')).toBe('2.07711');
    expect(sum(`user:${u.userId}:real:coin:USDT:available`)).toBe('77.466312');
    expect(lines.filter((l) => l.code === 'system:robot_tax:USDT').map((l) => l.reason)).toEqual([
      'robot_release',
    ]);
    // The message states the figures as the robot screens do, in each reader's number format.
    const told = await world.db.select().from(messages).where(eq(messages.userId, u.userId));
    const ended = told.find((m) => m.title['en-US'] === `Your robot order #${orderId} ended`);
    expect(ended?.body['tr-TR']).toContain(
      'gerçekleşen sonuç 96,83289\u00a0USDT, kâr stopajı 19,366578\u00a0USDT, erken durdurma cezası 0,00\u00a0USDT; coin hesabınıza 1.077,466312\u00a0USDT iade edildi.',
    );
    expect(ended?.body['en-US']).toContain(
      'realized result 96.83289\u00a0USDT, withholding on profit 19.366578\u00a0USDT, early-stop penalty 0.00\u00a0USDT; 1,077.466312\u00a0USDT was returned',
    );
    await expectCleanLedger(world.db);
  });

  it('shows a track record recomputed from the fills, its drawdown marked at every bar', async () => {
    const info = await call.post<RobotInfo>('/robot/info', '', { id: '1' });
    const order = await call.post<RobotOrderInfo>('/robot/order/info', u.token, { id: orderId });
    // Marked at every bar's close and every fill: 1000 through bars 0–3, 999.0109 after the buy
    // at 60000, 9.9109 + 0.016485 × 70000 = 1163.8609 at bar 4's close (the peak), 9.9109 +
    // 0.016485 × 45000 = 751.7359 at bar 5's: 412.125 ÷ 1163.8609 = 0.354101594… Its fills alone
    // (1000 → 999.0109 → 1096.83289) would have shown 0.0009891.
    const drawdown = new Decimal(412.125).div('1163.8609');
    const again = trackRecord([
      {
        capital: order.data.order.capital,
        days: order.data.order.days,
        fills: [...order.data.fills].reverse(),
        ended: order.data.order.status !== 'running',
        tax: order.data.order.tax ?? '0',
        drawdown,
      },
    ]);
    expect(info.data.robot.track).toEqual({
      runs: 1,
      finished: 1,
      returnRate: again.returnRate?.toDecimalPlaces(8, Decimal.ROUND_DOWN).toFixed(),
      dailyRate: again.dailyRate?.toDecimalPlaces(8, Decimal.ROUND_DOWN).toFixed(),
      maxDrawdown: again.maxDrawdown?.toDecimalPlaces(8, Decimal.ROUND_DOWN).toFixed(),
      fillsOnly: 0,
      wins: 1,
      sells: 1,
      winRate: '1',
    });
    // By hand: 77.466312 ÷ 1000 over 1 day.
    expect(info.data.robot.track.returnRate).toBe('0.07746631');
    expect(info.data.robot.track.maxDrawdown).toBe('0.35410159');
    // The backtest runs on the source's closed bars beside buy-and-hold: bar 3's cross buys at
    // bar 4's open, bar 5's cross has no next bar to sell at.
    expect(info.data.backtest).toMatchObject({ capital: '100', bars: 6, trades: 1, wins: 0, sells: 0 });
  });

  it('stops early with the disclosed penalty; a demo order spends demo money and is no record', async () => {
    world.clock.set(T0 + DAY + HOUR);
    const bought = await buy({ amount: '500', days: '2' });
    const stopped = await call.post<RobotOrder>('/robot/buy', u.token, {
      action: 'stop',
      id: bought.data.id,
      tradePassword: PIN,
    });
    expect(stopped.data).toMatchObject({
      status: 'stopped',
      result: '0',
      tax: '0',
      penalty: '5',
      returned: '495',
    });
    expect(await usdt()).toBe('10072.466312');
    const again = await call.post('/robot/buy', u.token, {
      action: 'stop',
      id: bought.data.id,
      tradePassword: PIN,
    });
    expect(again.key).toBe('ROBOT_ORDER_NOT_RUNNING');

    const realBefore = await usdt();
    const demoBefore = await usdt('demo');
    const demo = await buy({ amount: '200', days: '1' }, u.demo);
    expect(demo.code).toBe(0);
    expect(await usdt()).toBe(realBefore);
    expect(new Decimal(demoBefore).minus(await usdt('demo')).toFixed()).toBe('200');
    const real = await call.post<Page<RobotOrder>>('/robot/order/list', u.token, {});
    expect(real.data.list.map((o) => o.id)).not.toContain(demo.data.id);
    const demos = await call.post<Page<RobotOrder>>('/robot/order/list', u.demo, {});
    expect(demos.data.list.map((o) => o.id)).toEqual([demo.data.id]);
    const other = await call.post('/robot/order/info', u.demo, { id: orderId });
    expect(other.key).toBe('ROBOT_ORDER_NOT_FOUND');
    const info = await call.post<RobotInfo>('/robot/info', '', { id: '1' });
    // The stopped run made 0: it weighs in the record as 0, and its 5 USDT penalty is the user's,
    // on the user's order above, not the strategy's. By hand: 77.466312 ÷ (1000 + 500); per day
    // ÷ (1000 × 1 + 500 × 0), as the stop came the moment it was bought (no day at work, not
    // the 2 days it was bought for); the drawdown is still the first run's.
    expect(info.data.robot.track).toMatchObject({
      runs: 2,
      finished: 2,
      returnRate: '0.0516442',
      dailyRate: '0.07746631',
      maxDrawdown: '0.35410159',
    });
    // A demo reset ends the running demo robot first (no penalty), then resets the wallet.
    const reset = await call.post('/user/demo/reset', u.demo, {});
    expect(reset.code).toBe(0);
    const after = await call.post<RobotOrderInfo>('/robot/order/info', u.demo, { id: demo.data.id });
    expect(after.data.order).toMatchObject({ status: 'stopped', penalty: '0', returned: '200' });
    expect(await usdt('demo')).toBe('10000');
    expect(await usdt()).toBe(realBefore);
    await expectCleanLedger(world.db);
  });

  it('lets the operator list robot orders and pause a robot, audited; a paused robot is not sold', async () => {
    const operator = async (command: string[]) => {
      const parsed = parseCommand(command);
      if ('error' in parsed) throw new Error(parsed.error);
      const answer = await postForm(`${world.server.url}/operator/${parsed.path}`, parsed.fields, {
        'x-operator-key': OPERATOR_KEY,
      });
      return (await answer.json()) as { code: number; data: unknown };
    };
    const orders = await operator(['robot', 'orders', '--status', 'finished']);
    expect(orders.data).toEqual([
      expect.objectContaining({ id: orderId, returned: '1077.466312', tax: '19.366578' }),
    ]);
    expect((await operator(['robot', 'pause', '1'])).data).toEqual({ id: '1', paused: true });
    const before = await untouched(world.db, u.userId);
    const refused = await buy({ amount: '500', days: '1' }, u.token, 'tr-TR');
    expect([refused.code, refused.key]).toEqual([-1001, 'ROBOT_PAUSED']);
    expect(await untouched(world.db, u.userId)).toEqual(before);
    const list = await call.post<{ list: Robot[] }>('/robot/list', '');
    expect(list.data.list[0]?.paused).toBe(true);
    await operator(['robot', 'resume', '1']);
    expect((await buy({ amount: '100', days: '1' })).code).toBe(0);
    const audit = await world.db.select().from(operatorAudit).where(eq(operatorAudit.action, 'robot.pause'));
    expect(audit.map((a) => [a.target, a.result])).toEqual([
      ['robot:1:pause', 'ok'],
      ['robot:1:resume', 'ok'],
    ]);
    expect(parseCommand(['robot', 'halt', '1'])).toEqual({ error: 'unknown command: robot halt' });
    expect(parseCommand(['robot', 'pause'])).toEqual({ error: 'missing <robotId>' });
  });
});

/**
 * A robot that never traded, stopped early by its only user. The user paid the
 * disclosed penalty (1% of 1000); the robot's published record reads 0, not −1%, and its return
 * and drawdown agree.
 */
describe.each(dbTargets())('a run stopped early without a trade on %s', (target) => {
  const rw = sharedRobotWorld(target);

  it("publishes the strategy's 0 while the user's order shows the penalty", async () => {
    const u = await holder(rw.world.db, '2000');
    const bought = await rw.call.post<RobotOrder>('/robot/buy', u.token, {
      action: 'buy',
      robotId: '1',
      tradePassword: PIN,
      amount: '1000',
      days: '3',
    });
    expect(bought.code).toBe(0);
    const before = await rw.call.post<RobotInfo>('/robot/info', '', { id: '1' });
    // Running, nothing finished: nothing measured yet, the drawdown included.
    expect(before.data.robot.track).toMatchObject({
      runs: 1,
      finished: 0,
      returnRate: null,
      maxDrawdown: null,
    });
    rw.world.clock.set(T0 + 12 * 60_000);
    const stopped = await rw.call.post<RobotOrder>('/robot/buy', u.token, {
      action: 'stop',
      id: bought.data.id,
      tradePassword: PIN,
    });
    expect(stopped.data).toMatchObject({ status: 'stopped', result: '0', penalty: '10', returned: '990' });
    const mine = await rw.call.post<RobotOrderInfo>('/robot/order/info', u.token, { id: bought.data.id });
    expect(mine.data.order).toMatchObject({ penalty: '10', returned: '990', pnl: '-10' });
    expect(mine.data.fills).toEqual([]);
    const expected = {
      runs: 1,
      finished: 1,
      returnRate: '0',
      dailyRate: '0',
      maxDrawdown: '0',
      fillsOnly: 0,
      wins: 0,
      sells: 0,
      winRate: null,
    };
    const info = await rw.call.post<RobotInfo>('/robot/info', '', { id: '1' });
    expect(info.data.robot.track).toEqual(expected);
    const list = await rw.call.post<{ list: Robot[] }>('/robot/list', '');
    expect(list.data.list[0]?.track).toEqual(expected);
    await expectCleanLedger(rw.world.db);
  });
});
