import type Decimal from 'decimal.js';
import { fillsTotal, walkLevels, type WalkLevel } from '../trade/book-walk';

/** A book level: [price, quantity], the side's best first. */
export type Level = WalkLevel;

/** What a stretch of an order takes from the levels: its quantity and amount (Σ price × qty). */
export type Taken = { qty: Decimal; amount: Decimal };

/**
 * The part of a taker order between cumulative quantities `from` and `to` (the order's units
 * `from`..`to`, best levels first), walked over `levels` as the book was at the moment of the
 * order, never past `limit` (a buy takes asks up to it, a sell bids down to it; null: any level):
 * the walk to `to` less the walk to `from`, as the ticket and a read-only source walk a book.
 * The quantity may come short of `to − from` where the book (or the limit) runs out.
 */
export function walkSlice(
  levels: readonly Level[],
  side: 'buy' | 'sell',
  limit: string | null,
  from: Decimal.Value,
  to: Decimal.Value,
): Taken {
  const upTo = fillsTotal(walkLevels(levels, side, to, limit));
  const before = fillsTotal(walkLevels(levels, side, from, limit));
  return { qty: upTo.qty.minus(before.qty), amount: upTo.amount.minus(before.amount) };
}
