import Decimal from 'decimal.js';
import { eq } from 'drizzle-orm';
import { applyFill, bookValue, markValue, type Marks } from '../../domain/robots/book';
import type { Db } from '../db/client';
import { robotFills, robotOrders } from '../db/schema/robots';
import type { ExecFill, Instrument } from '../market/source';
import { lockSystemFirst } from '../ledger/account-rows';
import { postFill, robotSystemAccounts } from './postings';
import type { RobotOrderRow } from './wire';

/**
 * The order's marks so far. null on an order bought before runs were marked that could not be
 * marked again from its bars (remark.ts): marking it from here on would show a fall measured over
 * part of its run as the run's, so it stays unmarked and its drawdown is from its fills only.
 */
function marksOf(row: RobotOrderRow): Marks | null {
  if (row.markPeak === null || row.markDrawdown === null) return null;
  return { peak: new Decimal(row.markPeak), drawdown: new Decimal(row.markDrawdown) };
}

const mark = (marks: Marks | null, value: Decimal) => (marks ? markValue(marks, value) : null);

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
  if (close !== null) marks = mark(marks, bookValue(book, close));
  const feeRate = new Decimal(row.feeRate);
  for (const fill of fills) {
    const amount = new Decimal(fill.qty).times(fill.price);
    const fee = amount.times(feeRate);
    const applied = applyFill(book, { ...fill, side, fee: fee.toFixed() });
    book = applied.book;
    fees = fees.plus(fee);
    marks = mark(marks, bookValue(book, fill.price));
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
      ...(marks ? { markPeak: marks.peak.toFixed(), markDrawdown: marks.drawdown.toFixed() } : {}),
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
