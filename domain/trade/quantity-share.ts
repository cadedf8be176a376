import Decimal from 'decimal.js';

/**
 * `percent` of a quantity held (a position's size, a holding's sellable shares): the whole at
 * 100, otherwise the share rounded down to the quantity's step (10^-scale), so a quick choice never
 * asks for more than it says. null when the share rounds down to nothing.
 */
export function quantityShare(qty: Decimal.Value, percent: number, scale: number): Decimal | null {
  const whole = new Decimal(qty);
  if (percent >= 100) return whole;
  const part = whole.mul(percent).div(100).toDecimalPlaces(scale, Decimal.ROUND_DOWN);
  return part.gt(0) ? part : null;
}
