import Decimal from 'decimal.js';
import { USDT_SCALE } from '../format/money';
import { isCanonicalDecimal } from '../format/parse';
import type { BookLevels } from '../market/market-estimate';
import {
  coinFee,
  stockCosts,
  type CoinSpotSettings,
  type StockCostSettings,
  type StockCosts,
} from '../rules/costs';

/**
 * "Buy ₺5.000 worth": the most a budget buys on the instrument's grid (whole lots of a stock, a
 * coin's quantity step) with its costs INCLUDED, so the order the ticket sends never needs more
 * cash than the user named. The price is the limit, or for a market order the book's asks walked
 * level by level (the engine fills at the levels' own prices), past the book's depth at its last
 * level as marketEstimate assumes. Null when nothing can be bought or priced.
 */

/** Costs maths keeps every digit; the amounts round only where the ledger does. */
const D = Decimal.clone({ precision: 60, rounding: Decimal.ROUND_HALF_UP });

/** Where the amount comes from: one limit price, or the asks a market order would take. */
export type BuyPricing = { kind: 'limit'; price: string } | { kind: 'market'; book: BookLevels | undefined };

export type StockAmountBuy = {
  /** Shares, a whole number of lots. */
  quantity: string;
  /** What the shares cost at the price(s), TRY. */
  amount: string;
  costs: StockCosts;
  /** amount + costs: what the cash moves by. */
  total: string;
  /** budget − total: what the budget leaves unspent. */
  leftover: string;
};

export type CoinAmountBuy = {
  quantity: string;
  amount: string;
  fee: string;
  total: string;
  leftover: string;
};

/**
 * The cost of `qty` at the asks, best first, every level at its own price, the rest at the last
 * level; or null with no asks. Exact: a level's price times its quantity needs no rounding.
 */
export function walkAsks(book: BookLevels | undefined, qty: Decimal.Value): Decimal | null {
  const prices = book?.asks ?? [];
  if (prices.length === 0) return null;
  let left = new D(qty);
  let paid = new D(0);
  for (const price of prices) {
    if (left.lte(0)) break;
    const take = D.min(left, book?.askQty[price] ?? 0);
    paid = paid.plus(take.times(price));
    left = left.minus(take);
  }
  if (left.gt(0)) paid = paid.plus(left.times(prices[prices.length - 1]!));
  return paid;
}

/** The first price a buy pays: the limit, or the best ask. */
function firstPrice(pricing: BuyPricing): Decimal | null {
  const price = pricing.kind === 'limit' ? pricing.price : (pricing.book?.asks[0] ?? null);
  if (!isCanonicalDecimal(price)) return null;
  const value = new D(price);
  return value.gt(0) ? value : null;
}

/** What `qty` costs before its fees, rounded to `scale` as the ledger books it. */
function amountOf(pricing: BuyPricing, qty: Decimal, scale: number): Decimal {
  const raw = pricing.kind === 'limit' ? qty.times(pricing.price) : (walkAsks(pricing.book, qty) ?? new D(0));
  return raw.toDecimalPlaces(scale, Decimal.ROUND_HALF_UP);
}

/**
 * The largest count n in [0, most] whose total fits the budget. Totals only grow with the count
 * (costs are non-decreasing in the amount), so halving the range finds it in ~log2(most) steps.
 */
function largestCount(most: Decimal, fits: (count: Decimal) => boolean): Decimal {
  let low = new D(0);
  let high = most;
  while (low.lt(high)) {
    const mid = low.plus(high).plus(1).div(2).floor();
    if (fits(mid)) low = mid;
    else high = mid.minus(1);
  }
  return low;
}

/** Lots of `lot` shares a TRY budget buys, costs included (the cash the order moves ≤ budget). */
export function stockBuyByAmount(
  budget: string,
  lot: number,
  pricing: BuyPricing,
  settings: StockCostSettings,
): StockAmountBuy | null {
  const price = firstPrice(pricing);
  if (price === null || !isCanonicalDecimal(budget) || lot <= 0) return null;
  const cash = new D(budget);
  const totalOf = (lots: Decimal) => {
    const amount = amountOf(pricing, lots.times(lot), 2);
    const costs = stockCosts(amount, settings);
    return { amount, costs, total: amount.plus(costs.total) };
  };
  // No lot costs less than the first price: the budget at that price bounds the count.
  const most = cash.div(price.times(lot)).floor();
  const lots = largestCount(most, (n) => totalOf(n).total.lte(cash));
  if (lots.lte(0)) return null;
  const { amount, costs, total } = totalOf(lots);
  return {
    quantity: lots.times(lot).toFixed(),
    amount: amount.toFixed(),
    costs,
    total: total.toFixed(),
    leftover: cash.minus(total).toFixed(),
  };
}

/** The coin a USDT budget buys on the pair's quantity step, its fee included. */
export function coinBuyByAmount(
  budget: string,
  step: string,
  pricing: BuyPricing,
  settings: CoinSpotSettings,
): CoinAmountBuy | null {
  const price = firstPrice(pricing);
  if (price === null || !isCanonicalDecimal(budget) || !isCanonicalDecimal(step)) return null;
  const cash = new D(budget);
  const unit = new D(step);
  if (!unit.gt(0)) return null;
  const totalOf = (steps: Decimal) => {
    const amount = amountOf(pricing, steps.times(unit), USDT_SCALE);
    const fee = new D(coinFee(amount, settings));
    return { amount, fee, total: amount.plus(fee) };
  };
  const most = cash.div(price.times(unit)).floor();
  const steps = largestCount(most, (n) => totalOf(n).total.lte(cash));
  if (steps.lte(0)) return null;
  const { amount, fee, total } = totalOf(steps);
  return {
    quantity: steps.times(unit).toFixed(),
    amount: amount.toFixed(),
    fee: fee.toFixed(),
    total: total.toFixed(),
    leftover: cash.minus(total).toFixed(),
  };
}

/**
 * What the budget leaves once the order costs `total` (the broker's preview, walked through the
 * book), so the leftover shown under a preview's total adds up with it to the budget typed.
 */
export function leftoverAfter(bought: Pick<CoinAmountBuy, 'total' | 'leftover'>, total: string): string {
  return new Decimal(bought.total).plus(bought.leftover).minus(total).toFixed();
}
