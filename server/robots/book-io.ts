import Decimal from 'decimal.js';
import { eq } from 'drizzle-orm';
import { applyFill } from '../../domain/robots/book';
import type { Db } from '../db/client';
import { robotFills, robotOrders } from '../db/schema/robots';
import type { ExecFill, Instrument } from '../market/source';
import { lockSystemFirst } from '../ledger/account-rows';
import { postFill, robotSystemAccounts } from './postings';
import type { RobotOrderRow } from './wire';

/**
 * Books an order's fills: each one a ledger posting (postings.ts) and a fill row, the order's
 * cash, coin, cost and fees moved by the same book the backtest and the track record use.
 * Inside the caller's transaction; answers the updated row.
 */
export async function bookFills(
  tx: Db,
  row: RobotOrderRow,
  instrument: Instrument,
  side: 'buy' | 'sell',
  fills: readonly ExecFill[],
  extra: Partial<RobotOrderRow> = {},
): Promise<RobotOrderRow> {
  if (fills.length > 0) await lockSystemFirst(tx, robotSystemAccounts(instrument.base ?? row.symbol));
  let book = { cash: new Decimal(row.cash), qty: new Decimal(row.qty), cost: new Decimal(row.cost) };
  let fees = new Decimal(row.fees);
  const feeRate = new Decimal(row.feeRate);
  for (const fill of fills) {
    const amount = new Decimal(fill.qty).times(fill.price);
    const fee = amount.times(feeRate);
    const applied = applyFill(book, { ...fill, side, fee: fee.toFixed() });
    book = applied.book;
    fees = fees.plus(fee);
    const posted = await postFill(tx, row.id, instrument.base ?? row.symbol, side, fill, fee);
    await tx.insert(robotFills).values({
      orderId: row.id,
      robotId: row.robotId,
      t: fill.t,
      side,
      price: fill.price,
      qty: fill.qty,
      amount: amount.toFixed(),
      fee: fee.toFixed(),
      realized: applied.realized?.toFixed() ?? null,
      txId: posted.id,
    });
  }
  const [done] = await tx
    .update(robotOrders)
    .set({
      ...extra,
      cash: book.cash.toFixed(),
      qty: book.qty.toFixed(),
      cost: book.cost.toFixed(),
      fees: fees.toFixed(),
    })
    .where(eq(robotOrders.id, row.id))
    .returning();
  if (!done) throw new Error('robot order update returned nothing');
  return done;
}
