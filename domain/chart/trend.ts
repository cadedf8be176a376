import Decimal from 'decimal.js';
import type { DrawingPoint } from './drawing';

/**
 * The price a trend line through a and b passes at a time (extended both ways), to the given
 * decimals, cut toward zero as prices are shown; null when the two points share a time.
 */
export function trendPriceAt(a: DrawingPoint, b: DrawingPoint, time: number, scale: number): string | null {
  if (a.time === b.time) return null;
  const slope = new Decimal(b.price).minus(a.price).div(b.time - a.time);
  return slope
    .times(time - a.time)
    .plus(a.price)
    .toDecimalPlaces(scale, Decimal.ROUND_DOWN)
    .toFixed(scale);
}
