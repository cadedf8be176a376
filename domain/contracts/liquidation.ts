import type Decimal from 'decimal.js';
import type { PositionSide } from '../protocol/contracts';
import { d, ZERO, type DecimalLike } from './decimal';
import { closeFee, equity, maintenanceMargin, unrealizedPnl, type MarginRules } from './margin';

/** What the liquidation maths needs of a position (the wire's ContractPosition has all of it). */
export interface PositionCore {
  side: PositionSide;
  qty: DecimalLike;
  entryPrice: DecimalLike;
  /** The position's isolated margin now: what was locked at open, plus margin added, minus funding paid. */
  margin: DecimalLike;
}

/**
 * How far equity is above what liquidation takes at `price`: equity(P) − MM(qty·P) − closeFee(P).
 * The position is liquidated when this is ≤ 0. For a long it rises with P, for a short it falls.
 */
export function liquidationBuffer(position: PositionCore, price: DecimalLike, rules: MarginRules): Decimal {
  const { side, qty, entryPrice, margin } = position;
  const notional = d(qty).mul(price);
  const eq = equity(margin, unrealizedPnl(side, qty, entryPrice, price));
  return eq.minus(maintenanceMargin(notional, rules.tiers)).minus(closeFee(qty, price, rules.feeRate));
}

/** Liquidated at `mark` when equity ≤ maintenance margin + the fee to close (DECISIONS §3). */
export function shouldLiquidate(position: PositionCore, mark: DecimalLike, rules: MarginRules): boolean {
  return liquidationBuffer(position, mark, rules).lte(ZERO);
}

/**
 * The exact price P where equity(P) = MM(qty·P) + closeFee(P), unrounded:
 *   long  P = (qty·entry − margin − deduction) ÷ (qty·(1 − mmr − feeRate))
 *   short P = (qty·entry + margin + deduction) ÷ (qty·(1 + mmr + feeRate))
 * with the tier whose notional range holds qty·P. The buffer is monotone in P, so the tier is found
 * by its sign at each tier's upper edge (no guessing at rounding near an edge). null when no positive
 * price liquidates (a long whose margin covers its whole notional, e.g. 1×) or the position is empty.
 */
export function liquidationPrice(position: PositionCore, rules: MarginRules): Decimal | null {
  const qty = d(position.qty);
  if (qty.lte(ZERO)) return null;
  const long = position.side === 'long';
  const tiers = rules.tiers;
  let index = tiers.findIndex((tier) => {
    if (tier.maxNotional === null) return true;
    const buffer = liquidationBuffer(position, d(tier.maxNotional).div(qty), rules);
    // Long: the root lies below the edge once the buffer there is ≥ 0; short: once it is ≤ 0.
    return long ? buffer.gte(ZERO) : buffer.lte(ZERO);
  });
  if (index < 0) index = tiers.length - 1;
  const tier = tiers[index];
  if (!tier) return null;
  const fee = d(rules.feeRate);
  const base = qty.mul(position.entryPrice);
  if (long) {
    const denominator = qty.mul(d(1).minus(tier.mmr).minus(fee));
    if (denominator.lte(ZERO)) return null;
    const price = base.minus(position.margin).minus(tier.deduction).div(denominator);
    return price.gt(ZERO) ? price : null;
  }
  const price = base
    .plus(position.margin)
    .plus(tier.deduction)
    .div(qty.mul(d(1).plus(tier.mmr).plus(fee)));
  return price.gt(ZERO) ? price : null;
}
