import { readDecimal } from '../format/decimal-text';

/** One step of a depth curve: at this price, this much is on offer from the best price out. */
export type DepthPoint = { price: string; total: string };
export type DepthCurve = { bids: DepthPoint[]; asks: DepthPoint[]; max: string };

type Side = { prices: readonly string[]; qty: Readonly<Record<string, string | undefined>> };

/** A quantity as a whole number of 10^exp units (exact, any size), or null if unreadable or < 0. */
type Units = { units: bigint; exp: number };

function unitsOf(size: string | undefined): Units | null {
  const read = size === undefined ? null : readDecimal(size);
  if (!read || read.neg) return null;
  return { units: read.digits === '' ? 0n : BigInt(read.digits), exp: read.exp };
}

/** Units written as a canonical decimal with no trailing zeros ("3.75", "4", "0.3"). */
function plain(units: bigint, exp: number): string {
  if (exp >= 0) return (units * 10n ** BigInt(exp)).toString();
  const digits = units.toString().padStart(-exp + 1, '0');
  const point = digits.length + exp;
  const fraction = digits.slice(point).replace(/0+$/, '');
  return fraction === '' ? digits.slice(0, point) : `${digits.slice(0, point)}.${fraction}`;
}

/** Running sums of the levels' quantities from the best outward, exact: all at the finest exponent. */
function cumulative({ prices, qty }: Side, depth: number): { points: DepthPoint[]; total: Units } {
  const levels = prices.slice(0, depth).flatMap((price) => {
    const size = unitsOf(qty[price]);
    return size ? [{ price, size }] : [];
  });
  const exp = Math.min(0, ...levels.map(({ size }) => size.exp));
  let total = 0n;
  const points = levels.map(({ price, size }) => {
    total += size.units * 10n ** BigInt(size.exp - exp);
    return { price, total: plain(total, exp) };
  });
  return { points, total: { units: total, exp } };
}

/**
 * The cumulative depth of a book, best price first on each side (bids falling, asks rising, as
 * the book keeps them), and the larger of the two totals, which both sides share as their scale.
 */
export function depthCurve(bids: Side, asks: Side, depth: number): DepthCurve {
  const bid = cumulative(bids, depth);
  const ask = cumulative(asks, depth);
  // Both at the finer of the two exponents, to compare exactly.
  const exp = Math.min(bid.total.exp, ask.total.exp);
  const scaled = (t: Units) => t.units * 10n ** BigInt(t.exp - exp);
  const max = scaled(bid.total) > scaled(ask.total) ? scaled(bid.total) : scaled(ask.total);
  return { bids: bid.points, asks: ask.points, max: plain(max, exp) };
}
