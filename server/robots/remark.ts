import { and, asc, eq, isNull } from 'drizzle-orm';
import { barOpenTime, INTERVAL_MS, type Interval } from '../../domain/market/instrument';
import type { Fill } from '../../domain/robots/book';
import { remarkRun, type MarkBar } from '../../domain/robots/remark';
import type { Db } from '../db/client';
import { robotFills, robotOrders } from '../db/schema/robots';
import type { MarketSource } from '../market/source';
import { bookFillOf, type RobotOrderRow } from './wire';

/** Bars read from the source a page at a time (its candles' own page). */
const PAGE = 1000;

/**
 * The bars a run stepped on, from the source: every bar from the one open when it was bought to
 * its last, printed ones only (bars before a restart's record starts were drawn anew, not what
 * the run saw). null when the source no longer has them all.
 */
function barsOf(market: MarketSource, row: RobotOrderRow, firstBarT: number): MarkBar[] | null {
  const interval = row.interval as Interval;
  const printed = market.printedSince?.(row.symbol)?.since ?? -Infinity;
  if (firstBarT < printed) return null;
  const bars: MarkBar[] = [];
  for (let end = row.lastBarT; end >= firstBarT;) {
    const page = market.candles(row.symbol, interval, PAGE, end);
    const first = page[0];
    if (!first || first.t > end) return null;
    for (let i = page.length - 1; i >= 0; i--)
      if (page[i]!.t >= firstBarT) bars.push({ t: page[i]!.t, c: page[i]!.c });
    if (page.length < PAGE && first.t > firstBarT) return null;
    end = first.t - 1;
  }
  return bars.reverse();
}

/** The order's fills as the book reads them, in the order they were booked. */
async function fillsOf(db: Db, id: bigint): Promise<Fill[]> {
  const rows = await db
    .select()
    .from(robotFills)
    .where(eq(robotFills.orderId, id))
    .orderBy(asc(robotFills.id));
  return rows.map(bookFillOf);
}

/**
 * Runs recorded before runs were marked (no marks on the row) marked again from the bars they
 * stepped on, where the source still has every one of them (domain/robots/remark.ts); the rest
 * keep their drawdown from fills only, and say so (wire.ts). Running ones on every look (before
 * their next bar), ended ones when asked (the robot clock's first look: their bars do not come
 * back later). Each on its locked row, so a bar stepped meanwhile is not left out. Answers how
 * many were marked.
 */
export async function remarkLegacyRuns(db: Db, market: MarketSource, ended: boolean): Promise<number> {
  const legacy = await db
    .select({ id: robotOrders.id })
    .from(robotOrders)
    .where(and(isNull(robotOrders.markPeak), ended ? undefined : eq(robotOrders.status, 'running')))
    .orderBy(asc(robotOrders.id));
  let marked = 0;
  for (const { id } of legacy) {
    const done = await db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(robotOrders)
        .where(and(eq(robotOrders.id, id), isNull(robotOrders.markPeak)))
        .for('update');
      if (!row || !market.instrument(row.symbol)) return false;
      const interval = row.interval as Interval;
      const intervalMs = INTERVAL_MS[interval];
      const firstBarT = barOpenTime(row.startedAt, interval, 0);
      const bars = barsOf(market, row, firstBarT);
      if (!bars) return false;
      const fills = await fillsOf(tx, row.id);
      const marks = remarkRun({
        capital: row.capital,
        fills,
        bars,
        intervalMs,
        firstBarT,
        lastBarT: row.lastBarT,
      });
      if (!marks) return false;
      await tx
        .update(robotOrders)
        .set({ markPeak: marks.peak.toFixed(), markDrawdown: marks.drawdown.toFixed() })
        .where(eq(robotOrders.id, row.id));
      return true;
    });
    if (done) marked++;
  }
  return marked;
}
