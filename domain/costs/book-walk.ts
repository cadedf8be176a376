import Decimal from 'decimal.js';

/** A book level: [price, quantity], the side's best first. */
export type Level = readonly [string, string];

/** What a stretch of an order takes from the levels: its quantity and amount (Σ price × qty). */
export type Taken = { qty: Decimal; amount: Decimal };

/**
 * The part of a taker order between cumulative quantities `from` and `to` (the order's units
 * `from`..`to`, best levels first), walked over `levels` as the book was at the moment of the
 * order, never past `limit` (a buy takes asks up to it, a sell bids down to it; null: any level).
 * The quantity may come short of `to − from` where the book (or the limit) runs out.
 */
export function walkSlice(
  levels: readonly Level[],
  side: 'buy' | 'sell',
  limit: string | null,
  from: Decimal.Value,
  to: Decimal.Value,
): Taken {
  const start = new Decimal(from);
  const end = new Decimal(to);
  let depth = new Decimal(0);
  let qty = new Decimal(0);
  let amount = new Decimal(0);
  for (const [price, size] of levels) {
    if (depth.gte(end)) break;
    if (limit !== null && (side === 'buy' ? new Decimal(price).gt(limit) : new Decimal(price).lt(limit)))
      break;
    const levelEnd = depth.plus(size);
    const lo = Decimal.max(depth, start);
    const hi = Decimal.min(levelEnd, end);
    if (hi.gt(lo)) {
      const take = hi.minus(lo);
      qty = qty.plus(take);
      amount = amount.plus(take.times(price));
    }
    depth = levelEnd;
  }
  return { qty, amount };
}
