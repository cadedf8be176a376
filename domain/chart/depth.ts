import Decimal from 'decimal.js';

/** One step of a depth curve: at this price, this much is on offer from the best price out. */
export type DepthPoint = { price: string; total: string };
export type DepthCurve = { bids: DepthPoint[]; asks: DepthPoint[]; max: string };

type Side = { prices: readonly string[]; qty: Readonly<Record<string, string | undefined>> };

/** Running sum of quantities from the best level outward; levels with no readable size add nothing. */
function cumulative({ prices, qty }: Side, depth: number): DepthPoint[] {
  const points: DepthPoint[] = [];
  let total = new Decimal(0);
  for (const price of prices.slice(0, depth)) {
    const size = qty[price];
    if (size === undefined) continue;
    let amount: Decimal;
    try {
      amount = new Decimal(size);
    } catch {
      continue;
    }
    if (!amount.isFinite() || amount.isNegative()) continue;
    total = total.plus(amount);
    points.push({ price, total: total.toFixed() });
  }
  return points;
}

/**
 * The cumulative depth of a book, best price first on each side (bids falling, asks rising, as
 * the book keeps them), and the larger of the two totals, which both sides share as their scale.
 */
export function depthCurve(bids: Side, asks: Side, depth: number): DepthCurve {
  const bidCurve = cumulative(bids, depth);
  const askCurve = cumulative(asks, depth);
  const bidMax = new Decimal(bidCurve.at(-1)?.total ?? 0);
  const askMax = new Decimal(askCurve.at(-1)?.total ?? 0);
  return { bids: bidCurve, asks: askCurve, max: Decimal.max(bidMax, askMax).toFixed() };
}
