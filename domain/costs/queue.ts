import Decimal from 'decimal.js';

/** A print of the tape: its price and size. */
export type Print = { readonly price: string; readonly qty: string };

/** How far the tape has reached into the queue at a resting order's price. */
export type QueueReach = {
  /** Volume printed at the order's price after what was ahead of it (never below 0). */
  cleared: string;
  /** A print went through the price (below a bid, above an ask): the whole order would have traded. */
  through: boolean;
};

/**
 * A resting limit order on a real venue trades only once the volume that was ahead of it at its
 * price has traded (price-time priority), or once the market prints through its price (nobody can
 * print below a resting bid while it rests). `ahead` is the volume the book showed at the price,
 * on the order's side, when the order joined it; `tape` the prints since, the order's own paper
 * fills left out.
 */
export function queueReach(
  side: 'buy' | 'sell',
  limit: string,
  ahead: string,
  tape: readonly Print[],
): QueueReach {
  const price = new Decimal(limit);
  let atPrice = new Decimal(0);
  let through = false;
  for (const print of tape) {
    const p = new Decimal(print.price);
    const cmp = p.comparedTo(price);
    if (cmp === 0) atPrice = atPrice.plus(print.qty);
    else if ((side === 'buy' && cmp < 0) || (side === 'sell' && cmp > 0)) through = true;
  }
  return { cleared: Decimal.max(0, atPrice.minus(ahead)).toFixed(), through };
}

/** The volume of a resting order the tape has reached: `null` when the whole order has. */
export function reachedQty(reach: QueueReach): string | null {
  return reach.through ? null : reach.cleared;
}
