import Decimal from 'decimal.js';
import { stockBuyTotal, type StockCostSettings } from '../rules/costs';

/**
 * From a basket's weights to whole lots (BIST trades whole lots; a lot is the instrument's `lot`
 * shares) and to the trades that get an order's holdings there. Shares truncate, so a basket
 * never needs more cash than it has; what does not make a whole lot stays cash in the order.
 */
const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_DOWN });

/** What one TRY of shares costs on top, at most: commission with its BSMV, and the exchange fee. */
export function costRate(costs: StockCostSettings): Decimal {
  return new D(costs.commissionRate).times(new D(1).plus(costs.bsmvRate)).plus(costs.exchangeFeeRate);
}

/** Whole lots of `lot` shares that `budget` buys at `price` with costs on top: floor, never more. */
export function lotsFor(
  budget: Decimal.Value,
  price: Decimal.Value,
  lot: number,
  costs: StockCostSettings,
): number {
  const p = new D(price);
  if (p.lte(0) || lot < 1 || new D(budget).lte(0)) return 0;
  let shares = new D(budget)
    .div(p.times(new D(1).plus(costRate(costs))))
    .div(lot)
    .floor()
    .times(lot)
    .toNumber();
  // Costs round per order (kuruş, a minimum commission): step down until the buy fits exactly.
  while (shares > 0 && new D(stockBuyTotal(p.times(shares), costs)).gt(budget)) shares -= lot;
  return shares;
}

export type Target = { symbol: string; weight: string; price: string; lot: number };

/** Shares per symbol for a basket worth `value` in total: each line's weight of it, in whole lots. */
export function targetShares(
  value: Decimal.Value,
  lines: readonly Target[],
  costs: StockCostSettings,
): Map<string, number> {
  const out = new Map<string, number>();
  for (const l of lines) out.set(l.symbol, lotsFor(new D(value).times(l.weight), l.price, l.lot, costs));
  return out;
}

export type Trade = { symbol: string; side: 'buy' | 'sell'; qty: number };

/**
 * The trades from `held` to `target`: sells first (they raise the cash the buys spend), each list
 * in symbol order so a rebalance is reproducible. A symbol out of the target is sold whole.
 */
export function rebalanceTrades(
  held: ReadonlyMap<string, number>,
  target: ReadonlyMap<string, number>,
): Trade[] {
  const symbols = [...new Set([...held.keys(), ...target.keys()])].sort();
  const sells: Trade[] = [];
  const buys: Trade[] = [];
  for (const symbol of symbols) {
    const diff = (target.get(symbol) ?? 0) - (held.get(symbol) ?? 0);
    if (diff < 0) sells.push({ symbol, side: 'sell', qty: -diff });
    if (diff > 0) buys.push({ symbol, side: 'buy', qty: diff });
  }
  return [...sells, ...buys];
}
