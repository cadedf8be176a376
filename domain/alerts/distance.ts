import Decimal from 'decimal.js';

/** How far a price alert's level is from the live price, as its row says it. */
export type LevelDistance = {
  /** |level − price| / price × 100: the move, in percent of today's price, the level needs. */
  pct: Decimal;
  /** The price is already at or past the level (the alert fired, or is about to). */
  reached: boolean;
};

/**
 * The distance of an `above`/`below` alert's level from the last price. Measured against the price
 * (not the level), as a trader reads "2.4% away": the move from here. No price, a price of zero or
 * less, or an unreadable figure has no answer: null.
 */
export function levelDistance(
  kind: 'above' | 'below',
  level: Decimal.Value,
  price: Decimal.Value | null,
): LevelDistance | null {
  if (price === null) return null;
  let p: Decimal;
  let l: Decimal;
  try {
    p = new Decimal(price);
    l = new Decimal(level);
  } catch {
    return null;
  }
  if (!p.isFinite() || !l.isFinite() || p.lte(0)) return null;
  return {
    pct: l.minus(p).abs().div(p).times(100),
    reached: kind === 'above' ? p.gte(l) : p.lte(l),
  };
}
