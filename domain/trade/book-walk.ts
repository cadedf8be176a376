import Decimal from 'decimal.js';

/** One level of a book side, best first: price and quantity as canonical decimals. */
export type WalkLevel = readonly [price: string, qty: string];

/** What one level gives a taker: its own price, the quantity taken there. */
export type WalkFill = { price: string; qty: string };

/**
 * The fills a taker order of `qty` gets from one side of a book (the asks for a buy, the bids for
 * a sell): best level first, each at the level's own price, never past `limit`. What the levels
 * cannot give stays unfilled. A read-only source fills real orders so, and the order preview walks
 * the same way, so on a book that does not move the two agree level for level.
 */
export function walkLevels(
  levels: readonly WalkLevel[],
  side: 'buy' | 'sell',
  qty: Decimal.Value,
  limit: string | null,
): WalkFill[] {
  const cap = limit === null ? null : new Decimal(limit);
  let left = new Decimal(qty);
  const fills: WalkFill[] = [];
  for (const [price, size] of levels) {
    if (left.lte(0)) break;
    const p = new Decimal(price);
    if (cap && (side === 'buy' ? p.gt(cap) : p.lt(cap))) break;
    const take = Decimal.min(left, size);
    if (take.lte(0)) continue;
    fills.push({ price, qty: take.toFixed() });
    left = left.minus(take);
  }
  return fills;
}

/** Every digit of a price × quantity sum: NUMERIC(38,18) figures multiply to at most 76. */
const D = Decimal.clone({ precision: 80, rounding: Decimal.ROUND_DOWN });

/** The quantity and amount (Σ price × qty) of some fills, exact. */
export function fillsTotal(fills: readonly WalkFill[]): { qty: Decimal; amount: Decimal } {
  let qty = new D(0);
  let amount = new D(0);
  for (const fill of fills) {
    qty = qty.plus(fill.qty);
    amount = amount.plus(new D(fill.price).times(fill.qty));
  }
  return { qty, amount };
}

/**
 * An order's average fill price as its record shows it: amount ÷ quantity on the instrument's
 * price grid plus 4 places (an average sits between ticks), truncated. Null for no quantity.
 */
export function averageFillPrice(
  amount: Decimal.Value,
  qty: Decimal.Value,
  priceScale: number,
): string | null {
  const q = new D(qty);
  if (q.lte(0)) return null;
  return new D(amount)
    .dividedBy(q)
    .toDecimalPlaces(priceScale + 4)
    .toFixed();
}
