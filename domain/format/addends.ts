import Decimal from 'decimal.js';

/**
 * The most decimals a cost breakdown shows (USDT's 8 would read as noise: ~12 % of contract
 * previews need 5–8 for their truncated figures to add up).
 */
export const BREAKDOWN_DECIMALS = 4;

/**
 * A breakdown's figures as shown at `places`: each truncated, except the last part (the fee),
 * which is the total less the others when truncation alone does not add up at `places` — so the
 * figures always add up, and the fee is then shown at most one unit of the last place above its
 * exact value (0.0001 USDT at 4), while no total is ever shown above what is charged.
 */
export function shownBreakdown(
  parts: readonly Decimal.Value[],
  total: Decimal.Value,
  places: number,
): { parts: string[]; total: string } {
  const shown = (value: Decimal.Value) => new Decimal(value).toDecimalPlaces(places, Decimal.ROUND_DOWN);
  const whole = shown(total);
  const firsts = parts.slice(0, -1).map(shown);
  const last = firsts.reduce<Decimal>((rest, part) => rest.minus(part), whole);
  return { parts: [...firsts, last].map((part) => part.toFixed(places)), total: whole.toFixed(places) };
}

/**
 * The fewest decimals, from `min` up to `max`, at which a charge that is not zero shows as not
 * zero: a 0.0059 USDT fee is "0,005", not "0,00" (a cost hidden by its format).
 */
export function chargeDecimals(value: Decimal.Value, min = 2, max = BREAKDOWN_DECIMALS): number {
  const amount = new Decimal(value);
  let places = min;
  while (places < max && !amount.isZero() && amount.toDecimalPlaces(places, Decimal.ROUND_DOWN).isZero())
    places++;
  return places;
}

/**
 * Figures shown truncated apart (DECISIONS §3) need not add up: a contract preview showed a margin
 * of 49,98 and a fee of 0,24 beside a cost of 50,23, a sum that reads wrong to anyone checking it.
 *
 * The fewest decimals, from `min` up to `max`, at which a breakdown whose last part is a charge
 * (a fee, signed as it counts: −fee when subtracted) adds up as shown with that charge as the
 * remainder (shownBreakdown): the charge then shown truncated (DECISIONS §3), or one unit of the
 * last place up where that unit is at most 1 % of it; no part that is not zero shown as zero, no
 * zero charge shown as one. A close returning 3000 + 617.25 − 15.308625 = 3601.941375 then reads
 * 3000.00 + 617.25 − 15.31 = 3601.94, where truncating every figure apart needs four decimals and
 * still does not add up there; a 0.0727 fee stays 0.0728 at four rather than 0.08 at two. The
 * total is always truncated: never shown above what it is. Null when no decimals up to `max` will do.
 */
export function chargeRemainderDecimals(
  parts: readonly Decimal.Value[],
  total: Decimal.Value,
  min = 2,
  max = BREAKDOWN_DECIMALS,
): number | null {
  const exact = parts.map((part) => new Decimal(part));
  const charge = exact[exact.length - 1];
  if (charge === undefined) return null;
  for (let places = chargeDecimals(charge, min, max); places <= max; places++) {
    const unit = new Decimal(10).pow(-places);
    const shown = shownBreakdown(exact, total, places).parts.map((part) => new Decimal(part));
    const hidden = shown.some((part, i) => part.isZero() !== exact[i]!.isZero());
    // How far the charge shown is above its size (below: negative), whatever its sign.
    const over = shown[shown.length - 1]!.minus(charge).times(charge.isNeg() ? -1 : 1);
    const truncated = over.lte(0) && over.gt(unit.neg());
    // A unit up only where a unit is at most 1 % of the charge: 15.31 for 15.3086, not 0.08 for 0.0727.
    const unitUp = over.gt(0) && over.lt(unit) && unit.lte(charge.abs().div(100));
    if (!hidden && (truncated || unitUp)) return places;
  }
  return null;
}
