import Decimal from 'decimal.js';
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import { INTERVAL_MS } from '../../domain/market/instrument';
import type {
  Robot,
  RobotBacktest,
  RobotInfo,
  RobotOrder,
  RobotOrderInfo,
  RobotOrderStatus,
  RobotTrack,
} from '../../domain/protocol/robots';
import { backtest } from '../../domain/robots/backtest';
import { daysAtWork, trackRecord, type Run } from '../../domain/robots/track';
import type { Session } from '../auth/session';
import type { Db } from '../db/client';
import { robotFills, robotOrders } from '../db/schema/robots';
import { ApiError } from '../http/errors';
import type { MarketSource } from '../market/source';
import type { RobotTerms } from './settings-schema';
import { paramsOf, robotCatalogue, robotOf, type RobotCatalogue } from './terms';
import { bookFillOf, fillOnWire, orderOnWire, type RobotOrderRow } from './wire';
import { fillsDrawdown } from '../../domain/robots/remark';
import { ownedBy } from '../db/owned';
import { newestPage } from '../db/newest-page';

const fixed = (d: Decimal | null) => (d === null ? null : d.toDecimalPlaces(8, Decimal.ROUND_DOWN).toFixed());
/** Points of the backtest curve sent to the chart. */
const CURVE_POINTS = 60;

/**
 * The track records of robots, measured over their real-account runs only (demo money is not a
 * record), recomputed from each run's own fills and withholding and its marks at every bar
 * (domain/robots/track.ts): an early-stop penalty is the user's cost and stays on the user's order.
 */
async function tracks(db: Db, ids: readonly string[]): Promise<Map<string, RobotTrack>> {
  const orders = await db
    .select()
    .from(robotOrders)
    .where(and(inArray(robotOrders.robotId, [...ids]), eq(robotOrders.accountType, 'real')));
  const fills = orders.length
    ? await db
        .select()
        .from(robotFills)
        .where(
          inArray(
            robotFills.orderId,
            orders.map((o) => o.id),
          ),
        )
        .orderBy(asc(robotFills.id))
    : [];
  const runs = new Map<string, Run[]>(ids.map((id) => [id, []]));
  for (const o of orders)
    runs.get(o.robotId)?.push({
      capital: o.capital,
      days: daysAtWork(o.days, o.startedAt, o.status === 'stopped' ? (o.closedAt ?? o.startedAt) : null),
      fills: fills
        .filter((f) => f.orderId === o.id)
        .map((f) => ({ t: f.t, side: f.side as 'buy' | 'sell', price: f.price, qty: f.qty, fee: f.fee })),
      // Ended or not; what it returned is the user's (after any early-stop penalty), not the strategy's.
      ended: o.status !== 'running',
      tax: o.tax ?? '0',
      drawdown: o.markDrawdown,
    });
  const out = new Map<string, RobotTrack>();
  for (const [id, list] of runs) {
    const t = trackRecord(list);
    out.set(id, {
      runs: t.runs,
      finished: t.finished,
      returnRate: fixed(t.returnRate),
      dailyRate: fixed(t.dailyRate),
      maxDrawdown: fixed(t.maxDrawdown),
      fillsOnly: t.fillsOnly,
      wins: t.wins,
      sells: t.sells,
      winRate: fixed(t.winRate),
    });
  }
  return out;
}

function robotOnWire(c: RobotCatalogue, r: RobotTerms, track: RobotTrack): Robot {
  return {
    id: r.id,
    level: r.level,
    strategy: r.strategy.kind,
    params: paramsOf(r),
    symbol: r.symbol,
    interval: r.interval,
    currency: 'USDT',
    lockDaysMin: r.lockDaysMin,
    lockDaysMax: r.lockDaysMax,
    minCapital: r.minCapital,
    maxCapital: r.maxCapital,
    feeRate: c.feeRate,
    taxRate: c.settings.taxRate,
    penaltyRate: c.settings.penaltyRate,
    paused: c.paused.has(r.id),
    track,
  };
}

export async function listRobots(db: Db): Promise<{ list: Robot[] }> {
  const c = await robotCatalogue(db);
  const t = await tracks(
    db,
    c.settings.robots.map((r) => r.id),
  );
  return { list: c.settings.robots.map((r) => robotOnWire(c, r, t.get(r.id) ?? trackRecordEmpty())) };
}

const trackRecordEmpty = (): RobotTrack => ({
  runs: 0,
  finished: 0,
  returnRate: null,
  dailyRate: null,
  maxDrawdown: null,
  fillsOnly: 0,
  wins: 0,
  sells: 0,
  winRate: null,
});

/** One robot with its backtest on the source's closed bars (start-up capital, the live fee). */
export async function robotInfo(db: Db, market: MarketSource, id: string, now: number): Promise<RobotInfo> {
  const c = await robotCatalogue(db);
  const r = robotOf(c, id);
  const t = await tracks(db, [r.id]);
  const size = INTERVAL_MS[r.interval];
  const bars = market
    .candles(r.symbol, r.interval, c.settings.backtestBars + 1)
    .filter((b) => b.t + size <= now)
    .map((b) => ({ t: b.t, open: b.o, close: b.c }));
  const instrument = market.instrument(r.symbol);
  let test: RobotBacktest | null = null;
  const first = bars[0];
  const last = bars.at(-1);
  if (instrument && first && last && bars.length >= 2) {
    const result = backtest(r.strategy, bars, {
      capital: r.minCapital,
      feeRate: c.feeRate,
      qtyScale: instrument.qtyScale,
      priceScale: instrument.priceScale,
    });
    const every = Math.max(1, Math.ceil(bars.length / CURVE_POINTS));
    const hold = new Decimal(r.minCapital).div(
      new Decimal(first.close).times(new Decimal(c.feeRate).plus(1)),
    );
    const curve = bars
      .map((b, i) => ({ b, i }))
      .filter(({ i }) => i % every === 0 || i === bars.length - 1)
      .map(({ b, i }) => ({
        t: b.t,
        robot: fixed(result.values[i] ?? new Decimal(0)) ?? '0',
        hold: fixed(hold.times(b.close)) ?? '0',
      }));
    test = {
      capital: r.minCapital,
      from: first.t,
      to: last.t + size,
      bars: bars.length,
      trades: result.fills.length,
      returnRate: fixed(result.returnRate) ?? '0',
      holdReturnRate: fixed(result.holdReturnRate) ?? '0',
      maxDrawdown: fixed(result.maxDrawdown) ?? '0',
      wins: result.wins,
      sells: result.sells,
      curve,
    };
  }
  return { robot: robotOnWire(c, r, t.get(r.id) ?? trackRecordEmpty()), backtest: test };
}

async function tradeCounts(db: Db, ids: bigint[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: robotFills.orderId, n: count() })
    .from(robotFills)
    .where(inArray(robotFills.orderId, ids))
    .groupBy(robotFills.orderId);
  return new Map(rows.map((r) => [String(r.id), r.n]));
}

/** The fills-only fall of each unmarked order (a run recorded before marking; few or none). */
async function fillsOnlyDrawdowns(db: Db, rows: readonly RobotOrderRow[]): Promise<Map<string, Decimal>> {
  if (rows.length === 0) return new Map();
  const fills = await db
    .select()
    .from(robotFills)
    .where(
      inArray(
        robotFills.orderId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(robotFills.id));
  return new Map(
    rows.map((r) => [
      String(r.id),
      fillsDrawdown(r.capital, fills.filter((f) => f.orderId === r.id).map(bookFillOf)),
    ]),
  );
}

export async function listOrders(
  db: Db,
  market: MarketSource,
  session: Session,
  input: { page: number; size: number; status?: RobotOrderStatus | undefined },
  now: number,
): Promise<{ list: RobotOrder[]; total: number; page: number; size: number }> {
  const where = and(
    ownedBy(robotOrders, session),
    input.status ? eq(robotOrders.status, input.status) : undefined,
  );
  const { rows, total } = await newestPage(db, robotOrders, where, input);
  const counts = await tradeCounts(
    db,
    rows.map((r) => r.id),
  );
  const unmarked = await fillsOnlyDrawdowns(
    db,
    rows.filter((r) => r.markDrawdown === null),
  );
  return {
    list: rows.map((r) =>
      orderOnWire(r, market, counts.get(String(r.id)) ?? 0, now, unmarked.get(String(r.id)) ?? null),
    ),
    total,
    page: input.page,
    size: input.size,
  };
}

export async function orderInfo(
  db: Db,
  market: MarketSource,
  session: Session,
  id: bigint,
  now: number,
): Promise<RobotOrderInfo> {
  const [row] = await db
    .select()
    .from(robotOrders)
    .where(and(eq(robotOrders.id, id), ownedBy(robotOrders, session)));
  if (!row) throw new ApiError('ROBOT_ORDER_NOT_FOUND');
  const fills = await db
    .select()
    .from(robotFills)
    .where(eq(robotFills.orderId, id))
    .orderBy(desc(robotFills.id));
  const fillsOnly =
    row.markDrawdown === null ? fillsDrawdown(row.capital, [...fills].reverse().map(bookFillOf)) : null;
  return { order: orderOnWire(row, market, fills.length, now, fillsOnly), fills: fills.map(fillOnWire) };
}
