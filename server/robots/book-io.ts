import Decimal from 'decimal.js';
import { eq } from 'drizzle-orm';
import { applyFill, bookValue, markValue, openMarks, type Marks } from '../../domain/robots/book';
import type { Db } from '../db/client';
import { robotFills, robotOrders } from '../db/schema/robots';
import type { ExecFill, Instrument } from '../market/source';
import { lockSystemFirst } from '../ledger/account-rows';
import { postFill, robotSystemAccounts } from './postings';
import type { RobotOrderRow } from './wire';

/** The order's marks so far; an order bought before runs were marked starts at its capital. */
function marksOf(row: RobotOrderRow): Marks {
  if (row.markPeak === null || row.markDrawdown === null) return openMarks(row.capital);
  return { peak: new Decimal(row.markPeak), drawdown: new Decimal(row.markDrawdown) };
}

/**
 * Books an order's fills: each one a ledger posting (postings.ts) and a fill row, the order's
 * cash, coin, cost and fees moved by the same book the backtest and the track record use. The
 * holdings are marked at the `close` of the bar the fills answer (what was held through it),
 * then after each fill at its price, as the backtest marks them. Inside the caller's transaction; answers the
 * updated row.
 */
export async function bookFills(
  tx: Db,
  row: RobotOrderRow,
  instrument: Instrument,
  side: 'buy' | 'sell',
  fills: readonly ExecFill[],
  extra: Partial<RobotOrderRow> = {},
  close: Decimal.Value | null = null,
): Promise<RobotOrderRow> {
  if (fills.length > 0) await lockSystemFirst(tx, robotSystemAccounts(instrument.base ?? row.symbol));
  let book = { cash: new Decimal(row.cash), qty: new Decimal(row.qty), cost: new Decimal(row.cost) };
  let fees = new Decimal(row.fees);
  let marks = marksOf(row);
  // The bar's close marks what was held through it: its decision's fills come after it.
  if (close !== null) marks = markValue(marks, bookValue(book, close));
  const feeRate = new Decimal(row.feeRate);
  for (const fill of fills) {
    const amount = new Decimal(fill.qty).times(fill.price);
    const fee = amount.times(feeRate);
    const applied = applyFill(book, { ...fill, side, fee: fee.toFixed() });
    book = applied.book;
    fees = fees.plus(fee);
    marks = markValue(marks, bookValue(book, fill.price));
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
      markPeak: marks.peak.toFixed(),
      markDrawdown: marks.drawdown.toFixed(),
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
