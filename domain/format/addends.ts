import Decimal from 'decimal.js';

/**
 * The fewest decimals, from `min` up to `max`, at which figures shown truncated (DECISIONS §3:
 * money never rounds up) add up to their total shown truncated. Truncating each part and the
 * total apart loses up to a unit of the last place each: a contract preview showed a margin of
 * 49,98 and a fee of 0,24 beside a cost of 50,23, a sum that reads wrong to anyone checking it.
 * Showing one more decimal (or a few) makes the shown figures add up, without ever showing more
 * than was charged. `parts` carry their sign (a sale's fee is subtracted). At `max` (the
 * currency's own scale) exact amounts always add up.
 */
export function addingDecimals(
  parts: readonly Decimal.Value[],
  total: Decimal.Value,
  min = 2,
  max = 8,
): number {
  const shown = (value: Decimal.Value, places: number) =>
    new Decimal(value).toDecimalPlaces(places, Decimal.ROUND_DOWN);
  for (let places = min; places < max; places++) {
    const sum = parts.reduce<Decimal>((acc, part) => acc.plus(shown(part, places)), new Decimal(0));
    if (sum.eq(shown(total, places))) return places;
  }
  return max;
}
