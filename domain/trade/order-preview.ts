import Decimal from 'decimal.js';
import { averageFillPrice, fillsTotal, type WalkFill } from './book-walk';
import { spotCosts, type SpotCostRules, type SpotOrderTerms } from './spot-order-cost';

/** Exact for NUMERIC(38,18) figures and their products. */
const D = Decimal.clone({ precision: 80 });

/** One charge of an order, as the booking names it (the ticket says it in the user's language). */
export type FeeLine = { key: 'commission' | 'bsmv' | 'exchangeFee' | 'fee' | 'openFee'; amount: string };

/** How far an average is from the last price: signed, and in percent of the last (2 places, half up). */
export function priceDistance(
  average: string | null,
  last: string | null,
): { diff: string; percent: string } | null {
  if (average === null || last === null) return null;
  const base = new Decimal(last);
  if (base.lte(0)) return null;
  const diff = new Decimal(average).minus(base);
  return {
    diff: diff.toFixed(),
    percent: diff.times(100).dividedBy(base).toFixed(2, Decimal.ROUND_HALF_UP),
  };
}

export type SpotPreviewFigures = {
  /** What the book gives the order now, level by level. */
  fills: WalkFill[];
  filledQty: string;
  /** A limit order's part that rests at its price; a market order's part nobody takes (not filled). */
  restQty: string;
  /** The cash the order moves before costs: the fills, and a limit order's rest at its price. */
  amount: string;
  /** The estimated average fill over that amount, on the record's grid (null: nothing fills). */
  avgPrice: string | null;
  fees: FeeLine[];
  feeTotal: string;
  /** A buy pays amount + costs, a sell receives amount − costs. */
  total: string;
};

/**
 * The figures of a spot order that takes `fills` now: its costs by the booking's function of the
 * amount it would fill in all (a limit order's rest at its limit; a market order's unfilled rest
 * ends unfilled), and the average it fills at. On a book that does not move these are exactly
 * the order's fees and average once booked.
 */
export function spotPreviewFigures(
  order: SpotOrderTerms,
  fills: readonly WalkFill[],
  priceScale: number,
  rules: SpotCostRules,
): SpotPreviewFigures {
  const now = fillsTotal(fills);
  const rest = D.max(0, new D(order.quantity).minus(now.qty));
  const resting = order.type === 'limit' && order.price !== null;
  const amount = resting ? now.amount.plus(rest.times(order.price ?? 0)) : now.amount;
  const qty = resting ? now.qty.plus(rest) : now.qty;
  const costs = spotCosts(order.wallet, amount, rules);
  const fees: FeeLine[] =
    order.wallet === 'stock'
      ? [
          { key: 'commission', amount: costs.commission },
          { key: 'bsmv', amount: costs.bsmv },
          { key: 'exchangeFee', amount: costs.exchangeFee },
        ]
      : [{ key: 'fee', amount: costs.total }];
  const total = order.side === 'buy' ? amount.plus(costs.total) : amount.minus(costs.total);
  return {
    fills: [...fills],
    filledQty: now.qty.toFixed(),
    restQty: rest.toFixed(),
    amount: amount.toFixed(),
    avgPrice: averageFillPrice(amount, qty, priceScale),
    fees,
    feeTotal: costs.total,
    total: total.toFixed(),
  };
}
