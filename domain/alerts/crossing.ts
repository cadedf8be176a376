import Decimal from 'decimal.js';
import { PRICE_REARM_FRACTION, RISK_REARM_POINTS } from './kinds';

/**
 * Crossing rules, shared by the index and the linear scan it is measured against. A tick moves
 * the price from p0 to p1; a level is crossed upward when p0 < level ≤ p1 and downward when
 * p1 ≤ level < p0. Touching the level counts; sitting on it afterwards does not fire again.
 */
export function crossedUp(level: bigint, p0: bigint, p1: bigint): boolean {
  return p0 < level && level <= p1;
}

export function crossedDown(level: bigint, p0: bigint, p1: bigint): boolean {
  return p1 <= level && level < p0;
}

/**
 * Where a fired price alert re-arms: an `above` alert once the price is back down at
 * threshold × (1 − 0.5 %), a `below` one once it is back up at threshold × (1 + 0.5 %).
 */
export function rearmPrice(kind: 'above' | 'below', threshold: Decimal.Value): Decimal {
  const t = new Decimal(threshold);
  const shift = t.times(PRICE_REARM_FRACTION);
  return kind === 'above' ? t.minus(shift) : t.plus(shift);
}

/** Whether a new price alert can be armed at the current price: it must still have a line to cross. */
export function armable(kind: 'above' | 'below', threshold: Decimal.Value, last: Decimal.Value): boolean {
  const t = new Decimal(threshold);
  return kind === 'above' ? t.gt(last) : t.lt(last);
}

/**
 * A contract risk alert: `liquidation` fires when the distance to liquidation is at or below
 * its threshold (percent of the mark), `margin` when the margin ratio is at or above it.
 * Returns the alert's next armed state and whether it fires now; a fired alert re-arms only
 * once the figure is back on the safe side by RISK_REARM_POINTS.
 */
export function riskStep(
  kind: 'liquidation' | 'margin',
  threshold: Decimal.Value,
  figure: Decimal.Value | null,
  armed: boolean,
): { armed: boolean; fire: boolean } {
  if (figure === null) return { armed, fire: false };
  const t = new Decimal(threshold);
  const f = new Decimal(figure);
  const breached = kind === 'liquidation' ? f.lte(t) : f.gte(t);
  if (armed) return breached ? { armed: false, fire: true } : { armed: true, fire: false };
  const safe = kind === 'liquidation' ? f.gt(t.plus(RISK_REARM_POINTS)) : f.lt(t.minus(RISK_REARM_POINTS));
  return { armed: safe, fire: false };
}
