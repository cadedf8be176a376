import Decimal from 'decimal.js';
import type { TrailOffset } from '../conditional/trigger';
import type { RuleError } from './types';

/** Room for a 38-digit amount times a price without rounding (decimal.js defaults to 20 digits). */
const D = Decimal.clone({ precision: 60 });

/** A resting limit order as a modify sees it (stored figures, canonical decimals). */
export type ModifiableOrder = {
  side: 'buy' | 'sell';
  price: string;
  quantity: string;
  filledQty: string;
  filledAmount: string;
  fees: string;
};

/** What a modify asks the order to become: its limit price and its whole quantity (filled part included). */
export type OrderChange = { price: string; quantity: string };

/**
 * Whether the order keeps its turn among the orders waiting at its price: only when the price
 * stays and the lots do not grow. That is the exchanges' rule (BIST, Nasdaq, Binance's amend):
 * fewer lots take nobody's place, while a new price or more lots would jump the queue of those
 * who were there first, so they queue behind them.
 */
export function keepsPriority(
  order: Pick<ModifiableOrder, 'price' | 'quantity'>,
  next: OrderChange,
): boolean {
  return new D(next.price).eq(order.price) && new D(next.quantity).lte(order.quantity);
}

/**
 * A modify's own refusal (the price and lots rules are a new order's): nothing would change, or
 * the new quantity is not above what already filled.
 */
export function modifyProblem(order: ModifiableOrder, next: OrderChange): RuleError | null {
  if (new D(next.quantity).lte(order.filledQty))
    return { key: 'ORDER_MODIFY_BELOW_FILLED', params: { filled: new D(order.filledQty).toFixed() } };
  if (new D(next.price).eq(order.price) && new D(next.quantity).eq(order.quantity))
    return { key: 'ORDER_MODIFY_UNCHANGED' };
  return null;
}

/**
 * What a resting order holds after a modify. A sell: its unfilled lots. A buy: its unfilled lots
 * at the new price plus the costs the rest of its fills will be charged. Fills are charged the
 * difference of the order's cumulative costs, so the rest costs `buyTotal(final amount)` less
 * what the fills so far paid (their amount and fees). For an order with no fills this is the
 * hold a new order at the new price takes.
 */
export function modifiedHold(
  order: ModifiableOrder,
  next: OrderChange,
  buyTotal: (amount: Decimal) => Decimal.Value,
): Decimal {
  const remaining = new D(next.quantity).minus(order.filledQty);
  if (order.side === 'sell') return remaining;
  const finalAmount = new D(order.filledAmount).plus(remaining.times(next.price));
  return new D(buyTotal(finalAmount)).minus(order.filledAmount).minus(order.fees);
}

/**
 * The offset that puts a trailing stop's trigger at `level` while its best price stays: below the
 * best for a sell, above it for a buy. A percent offset is rounded to two places towards the best
 * (so the trigger lands at most a hundredth of a percent nearer than dragged); null when the level
 * is on the wrong side of the best, where no offset reaches.
 */
export function trailValueFor(
  side: 'buy' | 'sell',
  best: Decimal.Value,
  level: Decimal.Value,
  by: TrailOffset['by'],
): string | null {
  const b = new D(best);
  const distance = side === 'sell' ? b.minus(level) : new D(level).minus(b);
  if (distance.lte(0) || b.lte(0)) return null;
  if (by === 'amount') return distance.toFixed();
  const percent = distance.times(100).dividedBy(b).toDecimalPlaces(2, D.ROUND_DOWN);
  return percent.gt(0) && percent.lt(100) ? percent.toFixed() : null;
}
