import { count, eq } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { ledgerTransactions } from '../../server/db/schema/ledger';
import { robotOrders } from '../../server/db/schema/robots';
import { settings } from '../../server/db/schema/system';
import { userBalances } from '../../server/ledger/balances';
import { fundDemoStart } from '../../server/ledger/demo';
import type { RobotSettings } from '../../server/robots/settings-schema';
import { runRobotPass } from '../../server/robots/pass';
import type { Candle } from '../../domain/protocol/market';
import { instrument, scriptedSource, type ScriptedSource } from '../support/scripted-source';
import { startServer, type DbTarget, type TestServer } from '../support/server';
import type { RobotOrder } from '../../domain/protocol/robots';
import { api, MONDAY_NOON, requireTradePassword, trader } from './spot-support';
import { sharedWorld } from '../support/shared-world';
import { demoSession } from '../support/session';

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
export const T0 = MONDAY_NOON;
export const PIN = '246810';
/** The operator key the world's server accepts (43 characters, like DATA_DIR/operator.key). */
export const OPERATOR_KEY = 'r'.repeat(43);

/** One robot the tests can work by hand: SMA(2)/SMA(3) on BTCUSDT hourly, 100–1000 USDT, 1–3 days. */
export const TEST_ROBOTS: RobotSettings = {
  taxRate: '0.2',
  penaltyRate: '0.01',
  backtestBars: 50,
  robots: [
    {
      id: '1',
      level: 4,
      symbol: 'BTCUSDT',
      interval: '1h',
      strategy: { kind: 'trend', fast: 2, slow: 3 },
      lockDaysMin: 1,
      lockDaysMax: 3,
      minCapital: '100',
      maxCapital: '1000',
    },
  ],
};

export type RobotWorld = {
  server: TestServer;
  source: ScriptedSource;
  db: Db;
  clock: { now(): number; set(v: number): void };
  close(): Promise<void>;
};

export async function robotWorld(target: DbTarget): Promise<RobotWorld> {
  let t = T0;
  const clock = { now: () => t, set: (v: number) => void (t = v) };
  const source = scriptedSource([instrument('BTCUSDT', { name: 'Bitcoin' })], clock.now);
  source.setTicker('BTCUSDT', { last: '50000.00', prev: '50000.00' });
  const server = await startServer(target, { source, clock, operatorKey: OPERATOR_KEY });
  const db = server.database.db;
  await db.update(settings).set({ value: TEST_ROBOTS }).where(eq(settings.key, 'robots'));
  return { server, source, db, clock, close: () => server.close() };
}

/** Hourly bars from T0 with these closes. */
export function hourly(closes: string[]) {
  return closes.map((c, i) => ({ t: T0 + i * HOUR, o: c, h: c, l: c, c, v: '1' }));
}

export type Holder = { userId: bigint; token: string; demo: string };

/** A real account with `usdt` in the coin wallet and a trade password, plus a funded demo session. */
export async function holder(db: Db, usdt: string): Promise<Holder> {
  const { token, userId } = await trader(db, { TRY: '0', USDT: usdt });
  await requireTradePassword(db, userId, PIN);
  const demo = await demoSession(db, userId);
  await fundDemoStart(db, userId);
  return { userId, token, demo };
}

/** What a refusal must leave alone: both accounts' balances, the orders, the ledger. */
export async function untouched(db: Db, userId: bigint) {
  const [orders] = await db.select({ n: count() }).from(robotOrders).where(eq(robotOrders.userId, userId));
  const [txs] = await db.select({ n: count() }).from(ledgerTransactions);
  return {
    real: await userBalances(db, userId, 'real'),
    demo: await userBalances(db, userId, 'demo'),
    orders: orders?.n ?? 0,
    ledger: txs?.n ?? 0,
  };
}

/**
 * One series both robots-marked.test.ts and robots-remark.test.ts run the trend robot (SMA 2 /
 * SMA 3) on, hourly from T0: flat at 100000, bar 3 closes 101000 (a buy), bar 4 opens 100000 and
 * closes 70000 (a sell), bar 5 at 95000. Those files work the figures out.
 */
const seriesBar = (i: number, o: string, c: string): Candle => ({
  t: T0 + i * HOUR,
  o,
  h: o,
  l: c,
  c,
  v: '1',
});
export const TREND_BARS = [
  seriesBar(0, '100000', '100000'),
  seriesBar(1, '100000', '100000'),
  seriesBar(2, '100000', '100000'),
  seriesBar(3, '100000', '101000'),
  seriesBar(4, '100000', '70000'),
  seriesBar(5, '95000', '95000'),
];

/** Bars 0…n−1 of TREND_BARS have closed; the book shows the next bar's open; a robot pass runs. */
export async function closeTrendBars(world: RobotWorld, n: number, bid: string, ask: string): Promise<void> {
  world.source.setCandles('BTCUSDT', '1h', TREND_BARS.slice(0, n));
  world.source.setBook('BTCUSDT', 10 + n, [[bid, '1']], [[ask, '1']]);
  world.clock.set(T0 + n * HOUR);
  await runRobotPass(world.db, world.source, T0 + n * HOUR);
}

/**
 * The trend robot bought with 1000 USDT by a holder of 10000, then bars 4–6 of TREND_BARS
 * closed: it buys after bar 3 and sells after bar 4 (robots-marked.test.ts works the run by hand).
 */
export async function runTrendSeries(
  world: RobotWorld,
  call: ReturnType<typeof api>,
): Promise<{ holder: Holder; orderId: string }> {
  const u = await holder(world.db, '10000');
  const bought = await call.post<RobotOrder>('/robot/buy', u.token, {
    action: 'buy',
    robotId: '1',
    amount: '1000',
    days: '1',
    tradePassword: PIN,
  });
  if (bought.code !== 0) throw new Error(`the trend robot was not bought: ${JSON.stringify(bought)}`);
  await closeTrendBars(world, 4, '99990.00', '100000.00');
  await closeTrendBars(world, 5, '95000.00', '95010.00');
  await closeTrendBars(world, 6, '94990.00', '95000.00');
  return { holder: u, orderId: bought.data.id };
}

/** A describe block's robot world and its API client, built before its first test and closed after its last. */
export function sharedRobotWorld(target: DbTarget) {
  return sharedWorld(
    () => robotWorld(target),
    (world) => ({ call: api(world as never) }),
  );
}
