import Decimal from 'decimal.js';
import { asc, eq } from 'drizzle-orm';
import { roundTrips, type SpotFillIn } from '../../domain/journal/round-trips';
import type { ClosedTrade } from '../../domain/journal/trade';
import { COIN_QUOTE } from '../../domain/rules/tradable';
import type { Db } from '../db/client';
import { replayFills } from '../db/schema/replay';

/**
 * The journal's replay source: the fills of the user's ended replays, matched first in, first out
 * into closed trades one replay at a time (each replay is a paper account of its own: a buy in
 * one is never closed by a sell in another). Order ids carry their replay's id, so two replays'
 * order 1 stay two orders. Times are the replay's market time, when the trade happened in it.
 */
export async function replayTrades(db: Db, userId: bigint): Promise<ClosedTrade[]> {
  const rows = await db
    .select()
    .from(replayFills)
    .where(eq(replayFills.userId, userId))
    .orderBy(asc(replayFills.id));
  const byRun = new Map<bigint, SpotFillIn[]>();
  for (const f of rows) {
    let fills = byRun.get(f.runId);
    if (!fills) byRun.set(f.runId, (fills = []));
    fills.push({
      id: String(f.id),
      orderId: `${f.runId}-${f.orderId}`,
      product: f.market,
      symbol: f.symbol,
      currency: f.market === 'stock' ? 'TRY' : COIN_QUOTE,
      side: f.side,
      price: f.price,
      qty: f.qty,
      costs: new Decimal(f.commission).plus(f.bsmv).plus(f.exchangeFee),
      t: f.t,
    });
  }
  return [...byRun.values()].flatMap((fills) => roundTrips(fills, 'replay'));
}
