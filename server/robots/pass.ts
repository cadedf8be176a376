import Decimal from 'decimal.js';
import { and, asc, eq, gt } from 'drizzle-orm';
import { INTERVAL_MS, type Interval } from '../../domain/market/instrument';
import { step, type StrategyParams } from '../../domain/robots/strategies';
import type { Db } from '../db/client';
import { robotOrders } from '../db/schema/robots';
import type { Candle } from '../../domain/protocol/market';
import type { Instrument, MarketSource } from '../market/source';
import { bookFills } from './book-io';
import { remarkLegacyRuns } from './remark';
import { endOrder } from './end';
import { executeDecision } from './execute';
import { tellEnded } from './notify';
import type { RobotOrderRow } from './wire';

/** How often the robot clock looks (an owned job, server/jobs.ts). */
export const ROBOT_PASS_MS = 10_000;
const BATCH = 200;

/**
 * One round of the robots: every running order gets the bars that closed since its last one
 * (up to its lock-in end), one at a time, each step's decision sent to the market at the book of
 * now; an order whose lock-in has ended is then released (endOrder) and told. Each bar and each
 * release is its own transaction on the locked row, so a pass racing a stop (or another pass)
 * acts once. Answers how many bars were stepped and orders released.
 */
export async function runRobotPass(db: Db, market: MarketSource, now: number, remarkEnded = false) {
  let stepped = 0;
  let released = 0;
  // Before a bar is stepped: a run recorded before marking is marked from its bars, if it can be
  // (an ended one on the clock's first look, remark.ts).
  await remarkLegacyRuns(db, market, remarkEnded);
  // Every running order, a batch at a time by id: an order runs until its lock-in ends, so
  // reading only the first batch again and again left every later order unstepped and unreleased.
  for (let after = 0n; ;) {
    const rows = await db
      .select()
      .from(robotOrders)
      .where(and(eq(robotOrders.status, 'running'), gt(robotOrders.id, after)))
      .orderBy(asc(robotOrders.id))
      .limit(BATCH);
    for (const row of rows) {
      const instrument = market.instrument(row.symbol);
      if (!instrument) continue;
      const size = INTERVAL_MS[row.interval as Interval];
      const horizon = Math.min(now, row.endsAt);
      // Printed bars only: those before a restart's (or a takeover's) record starts were
      // generated to fill the charts, and a robot stepping on them traded on a made-up path.
      const printed = market.printedSince?.(row.symbol)?.since ?? -Infinity;
      const bars = market
        .candles(row.symbol, row.interval as Interval, 1000)
        .filter((c) => c.t > row.lastBarT && c.t >= printed && c.t + size <= horizon);
      for (const bar of bars) if (await stepBar(db, market, instrument, row.id, bar)) stepped++;
      if (row.endsAt > now) continue;
      const ended = await db.transaction(async (tx) => {
        const locked = await lockRunning(tx, row.id);
        return locked ? endOrder(tx, market, locked, 'finished', now) : null;
      });
      if (!ended) continue;
      released++;
      await tellEnded(db, ended, now);
    }
    if (rows.length < BATCH) return { stepped, released };
    after = rows[rows.length - 1]!.id;
  }
}

async function lockRunning(tx: Db, id: bigint): Promise<RobotOrderRow | null> {
  const [row] = await tx
    .select()
    .from(robotOrders)
    .where(and(eq(robotOrders.id, id), eq(robotOrders.status, 'running')))
    .for('update');
  return row ?? null;
}

async function stepBar(db: Db, market: MarketSource, instrument: Instrument, id: bigint, bar: Candle) {
  return db.transaction(async (tx) => {
    const row = await lockRunning(tx, id);
    if (!row || bar.t <= row.lastBarT) return false;
    const cash = new Decimal(row.cash);
    const qty = new Decimal(row.qty);
    const out = step(row.params as StrategyParams, row.state, new Decimal(bar.c), { cash, qty });
    const fills = out.decision
      ? executeDecision(market, instrument, out.decision, new Decimal(row.feeRate), qty)
      : [];
    const side = out.decision?.side ?? 'buy';
    // Every bar marks the holdings at its close, whether or not it traded.
    await bookFills(tx, row, instrument, side, fills, { state: out.state, lastBarT: bar.t }, bar.c);
    return true;
  });
}
