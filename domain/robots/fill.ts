import Decimal from 'decimal.js';
import type { Decision } from './strategies';

/**
 * How a robot's decision meets the market, shared by the live run and the backtest so the two
 * cannot drift. A live run sends a taker order after the bar that decided it, limited to
 * SLIPPAGE past the best level; the backtest has no book, so it fills at the next bar's open
 * moved by that whole allowance: the worst price a live order accepts. A live fill is that
 * price or better, never worse.
 */
export const SLIPPAGE = new Decimal('0.01');

/** The worst price a robot's order accepts from `reference` (a buy above it, a sell below it). */
export function worstFillPrice(side: 'buy' | 'sell', reference: Decimal.Value, priceScale: number): Decimal {
  const price = new Decimal(reference);
  return side === 'buy'
    ? price.times(SLIPPAGE.plus(1)).toDecimalPlaces(priceScale, Decimal.ROUND_DOWN)
    : price.times(new Decimal(1).minus(SLIPPAGE)).toDecimalPlaces(priceScale, Decimal.ROUND_UP);
}

/**
 * The quantity a decision sends at `limit`: a buy spends at most its cash even when every unit
 * fills at the limit, fee included; a sell never more than is held. Cut to the quantity scale.
 */
export function orderQty(
  decision: Decision,
  limit: Decimal,
  feeRate: Decimal.Value,
  held: Decimal,
  qtyScale: number,
): Decimal {
  const qty =
    decision.side === 'buy'
      ? decision.spend.div(limit.times(new Decimal(feeRate).plus(1)))
      : Decimal.min(decision.qty, held);
  return qty.toDecimalPlaces(qtyScale, Decimal.ROUND_DOWN);
}
