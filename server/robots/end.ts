import Decimal from 'decimal.js';
import { eq } from 'drizzle-orm';
import type { AccountType } from '../../domain/protocol/account';
import { settle } from '../../domain/robots/track';
import type { Db } from '../db/client';
import { robotOrders } from '../db/schema/robots';
import type { MarketSource } from '../market/source';
import { bookFills } from './book-io';
import { postRelease } from './postings';
import type { RobotOrderRow } from './wire';

/**
 * Ends a running order (inside the caller's transaction, the row locked): its coin is sold at
 * the book (the whole holding, so nothing stays in the pool), then its cash leaves the pool —
 * less the withholding on a realised profit and, for an early stop, the disclosed penalty — back
 * to the coin wallet. Answers null when the coin could not all be sold (no liquidity, market not
 * trading): the order stays running and the next pass tries again.
 */
export async function endOrder(
  tx: Db,
  market: MarketSource,
  row: RobotOrderRow,
  status: 'finished' | 'stopped',
  now: number,
  /** A demo reset ends demo orders for the user, not by the user's choice: no penalty then. */
  waivePenalty = false,
): Promise<RobotOrderRow | null> {
  let current = row;
  const held = new Decimal(row.qty);
  if (held.gt(0)) {
    const instrument = market.instrument(row.symbol);
    if (!instrument) return null;
    const fills = market.execute({ symbol: row.symbol, side: 'sell', qty: held.toFixed(), limit: null });
    const sold = fills.reduce((sum, f) => sum.plus(f.qty), new Decimal(0));
    if (!sold.eq(held)) {
      if (fills.length > 0) await bookFills(tx, row, instrument, 'sell', fills);
      return null;
    }
    current = await bookFills(tx, row, instrument, 'sell', fills);
  }
  const penaltyRate = status === 'stopped' && !waivePenalty ? current.penaltyRate : '0';
  const money = settle(current.capital, current.cash, current.taxRate, penaltyRate);
  const posted = await postRelease(
    tx,
    { userId: current.userId, accountType: current.accountType as AccountType },
    current.id,
    {
      cash: new Decimal(current.cash),
      tax: money.tax,
      penalty: money.penalty,
      returned: money.returned,
      memo: `robot ${current.robotId} order ${current.id} ${status}`,
    },
  );
  const [done] = await tx
    .update(robotOrders)
    .set({
      status,
      cash: '0',
      result: money.result.toFixed(),
      tax: money.tax.toFixed(),
      penalty: money.penalty.toFixed(),
      returned: money.returned.toFixed(),
      endTxId: posted ? (await posted).id : null,
      closedAt: now,
    })
    .where(eq(robotOrders.id, current.id))
    .returning();
  return done ?? null;
}
