import type Decimal from 'decimal.js';
import type { ContractRules, PositionSide, Tier } from '../protocol/contracts';
import { d, HUNDRED, ZERO, type DecimalLike } from './decimal';

/** The part of the rules the maths reads (the rest of ContractRules is for the order ticket). */
export type MarginRules = Pick<ContractRules, 'feeRate' | 'liquidationFeeRate' | 'tiers'>;

/**
 * The tier holding `notional`: the first whose `maxNotional` is at least it (a notional exactly on
 * an edge belongs to the lower tier), the last (open-ended) tier otherwise. Tier deductions keep the
 * maintenance margin continuous across edges, so the edge case gives the same answer either way.
 */
export function tierFor(notional: DecimalLike, tiers: readonly Tier[]): Tier {
  const n = d(notional);
  const found = tiers.find((t) => t.maxNotional === null || n.lte(t.maxNotional));
  const tier = found ?? tiers[tiers.length - 1];
  if (!tier) throw new Error('contract rules have no maintenance tiers');
  return tier;
}

/** notional × mmr − deduction of the tier holding the notional. */
export function maintenanceMargin(notional: DecimalLike, tiers: readonly Tier[]): Decimal {
  const tier = tierFor(notional, tiers);
  return d(notional).mul(tier.mmr).minus(tier.deduction);
}

/** Long (mark − entry) × qty; short (entry − mark) × qty. */
export function unrealizedPnl(
  side: PositionSide,
  qty: DecimalLike,
  entry: DecimalLike,
  mark: DecimalLike,
): Decimal {
  const move = side === 'long' ? d(mark).minus(entry) : d(entry).minus(mark);
  return move.mul(qty);
}

/** Return on the margin in percent; null when there is no margin to return on. */
export function roe(pnl: DecimalLike, margin: DecimalLike): Decimal | null {
  const m = d(margin);
  return m.isZero() ? null : d(pnl).div(m).mul(HUNDRED);
}

/** What the isolated margin is worth now: margin + unrealized PnL. */
export function equity(margin: DecimalLike, pnl: DecimalLike): Decimal {
  return d(margin).plus(pnl);
}

/** The taker fee closing `qty` at `price` would cost. */
export function closeFee(qty: DecimalLike, price: DecimalLike, feeRate: DecimalLike): Decimal {
  return d(qty).mul(price).mul(feeRate);
}

/**
 * Margin ratio in percent: what the position must keep (maintenance margin + the fee to close it)
 * ÷ its equity × 100. Counting the closing fee makes "100 means liquidation" exact: ratio ≥ 100
 * exactly when shouldLiquidate says so. No answer (null) when equity ≤ 0: the position is past
 * liquidation and a ratio of a non-positive equity means nothing; positionFigures shows 100 then.
 */
export function marginRatio(requirement: DecimalLike, equityValue: DecimalLike): Decimal | null {
  const e = d(equityValue);
  if (e.lte(ZERO)) return null;
  return d(requirement).div(e).mul(HUNDRED);
}
