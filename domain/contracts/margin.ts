import Decimal from 'decimal.js';
import type { CloseReason, ContractRules, PositionSide, Tier } from '../protocol/contracts';
import { d, HUNDRED, USDT_SCALE, ZERO, type DecimalLike } from './decimal';

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

/** The fee closing `qty` at `price` costs at `feeRate` (unrounded). */
export function closeFee(qty: DecimalLike, price: DecimalLike, feeRate: DecimalLike): Decimal {
  return d(qty).mul(price).mul(feeRate);
}

type FeeRules = Pick<MarginRules, 'feeRate' | 'liquidationFeeRate'>;

/**
 * The rate a liquidation close charges, of the notional it closes: the taker fee every close pays
 * plus the liquidation fee (default 0.05 % + 0.5 % = 0.55 %). The liquidation condition, the
 * liquidation price and the margin ratio reserve exactly this, so a position liquidated at its
 * liquidation price still holds its maintenance margin after the fee (DECISIONS §2–§3).
 */
export function liquidationCloseRate(rules: FeeRules): Decimal {
  return d(rules.feeRate).plus(rules.liquidationFeeRate);
}

/** The rate a close for `reason` charges: the liquidation close rate for a liquidation, the taker fee otherwise. */
export function closeFeeRate(rules: FeeRules, reason: CloseReason): Decimal {
  return reason === 'liquidation' ? liquidationCloseRate(rules) : d(rules.feeRate);
}

/**
 * What a close charges for its fills, before negative-balance protection: each fill's notional ×
 * the rate, summed, rounded UP to the USDT scale (a fee is never under-charged by rounding; the
 * ledger then takes no more than the margin has left). The server books exactly this.
 */
export function closeFees(
  fills: readonly { qty: DecimalLike; price: DecimalLike }[],
  rate: DecimalLike,
): Decimal {
  let sum = d(0);
  for (const fill of fills) sum = sum.plus(closeFee(fill.qty, fill.price, rate));
  return sum.toDecimalPlaces(USDT_SCALE, Decimal.ROUND_UP);
}

/**
 * Margin ratio in percent: what the position must keep (maintenance margin + the fee a liquidation
 * close charges) ÷ its equity × 100. Counting that fee makes "100 means liquidation" exact: ratio ≥ 100
 * exactly when shouldLiquidate says so. No answer (null) when equity ≤ 0: the position is past
 * liquidation and a ratio of a non-positive equity means nothing; positionFigures shows 100 then.
 */
export function marginRatio(requirement: DecimalLike, equityValue: DecimalLike): Decimal | null {
  const e = d(equityValue);
  if (e.lte(ZERO)) return null;
  return d(requirement).div(e).mul(HUNDRED);
}
