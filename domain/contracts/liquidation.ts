import type Decimal from 'decimal.js';
import type { PositionSide } from '../protocol/contracts';
import { d, ZERO, type DecimalLike } from './decimal';
import {
  closeFee,
  equity,
  liquidationCloseRate,
  maintenanceMargin,
  unrealizedPnl,
  type MarginRules,
} from './margin';

/** What the liquidation maths needs of a position (the wire's ContractPosition has all of it). */
export interface PositionCore {
  side: PositionSide;
  qty: DecimalLike;
  entryPrice: DecimalLike;
  /** The position's isolated margin now: what was locked at open, plus margin added, minus funding paid. */
  margin: DecimalLike;
}

/**
 * How far equity is above what liquidation takes at `price`: equity(P) − MM(qty·P) − the fee a
 * liquidation close charges at P (liquidationCloseRate: taker + liquidation fee). The position is
 * liquidated when this is ≤ 0. For a long it rises with P, for a short it falls.
 */
export function liquidationBuffer(position: PositionCore, price: DecimalLike, rules: MarginRules): Decimal {
  const { side, qty, entryPrice, margin } = position;
  const notional = d(qty).mul(price);
  const eq = equity(margin, unrealizedPnl(side, qty, entryPrice, price));
  const fee = closeFee(qty, price, liquidationCloseRate(rules));
  return eq.minus(maintenanceMargin(notional, rules.tiers)).minus(fee);
}

/**
 * Liquidated at `mark` when equity ≤ maintenance margin + the fee the liquidation close charges
 * (DECISIONS §3), so what the close takes is already reserved when it starts.
 */
export function shouldLiquidate(position: PositionCore, mark: DecimalLike, rules: MarginRules): boolean {
  return liquidationBuffer(position, mark, rules).lte(ZERO);
}

/**
 * The exact price P where equity(P) = MM(qty·P) + the liquidation close's fee at P, unrounded
 * (rate = feeRate + liquidationFeeRate):
 *   long  P = (qty·entry − margin − deduction) ÷ (qty·(1 − mmr − rate))
 *   short P = (qty·entry + margin + deduction) ÷ (qty·(1 + mmr + rate))
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
  const fee = liquidationCloseRate(rules);
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

/** What liquidating a position at its liquidation price means in money (the ticket's and the tests' figures). */
export interface LiquidationOutcome {
  /** The exact liquidation price (unrounded). */
  price: Decimal;
  /** qty × price: the notional the fees are charged on. */
  notional: Decimal;
  /** The liquidation fee alone: notional × liquidationFeeRate. */
  liquidationFee: Decimal;
  /** Everything the liquidation close charges: notional × (feeRate + liquidationFeeRate). */
  fee: Decimal;
  /** Equity after that fee, filled at that price: the maintenance margin there (never below 0). */
  left: Decimal;
}

/**
 * The liquidation of `position` if it fills at its liquidation price, unrounded; null when no price
 * liquidates it. Filled worse than that, negative-balance protection (server settle) caps the loss
 * and the fee at the margin.
 */
export function liquidationOutcome(position: PositionCore, rules: MarginRules): LiquidationOutcome | null {
  const price = liquidationPrice(position, rules);
  if (!price) return null;
  const notional = d(position.qty).mul(price);
  const fee = notional.mul(liquidationCloseRate(rules));
  const eq = equity(position.margin, unrealizedPnl(position.side, position.qty, position.entryPrice, price));
  return {
    price,
    notional,
    liquidationFee: notional.mul(rules.liquidationFeeRate),
    fee,
    left: eq.minus(fee),
  };
}
