import Decimal from 'decimal.js';
import { isCanonicalDecimal } from '../format/parse';
import type { BookLevels } from '../market/market-estimate';
import { fillsTotal, walkLevels, type WalkLevel } from './book-walk';
import {
  coinFee,
  stockCosts,
  type CoinSpotSettings,
  type StockCostSettings,
  type StockCosts,
} from '../rules/costs';

/**
 * "Buy ₺5.000 worth": the most a budget buys on the instrument's grid (whole lots of a stock, a
 * coin's quantity step, rounded down to it) with its costs INCLUDED, so the order the ticket
 * sends never needs more cash than the user named. Both tickets size it one way (buyByAmount):
 * at market the book's asks walked level by level as the broker's preview walks them
 * (book-walk's walkLevels: the engine fills at the levels' own prices), never more than the
 * levels shown hold, since the broker's deeper levels, dearer than the last one shown, would take
 * the order over the budget; at a limit the quantity the budget pays for at that price (its
 * hold), estimated at the asks below the limit as the preview walks them. The figures are the
 * preview's on a book that does not move. Null when nothing can be bought or priced.
 */

/** Costs maths keeps every digit; the amounts round only where the ledger does. */
const D = Decimal.clone({ precision: 60, rounding: Decimal.ROUND_HALF_UP });

/**
 * Where the amount comes from: one limit price, or the asks a market order would take. A limit's
 * book, when the page holds it, gives what the order is estimated to pay: the asks below the
 * limit fill at once at their own prices, as the broker's preview says. A market order's `upTo`
 * (a stock's upper daily limit) is the price no ask past which it reaches: the broker's market
 * cap stops inside the band.
 */
export type BuyPricing =
  | { kind: 'limit'; price: string; book?: BookLevels | undefined }
  | { kind: 'market'; book: BookLevels | undefined; upTo?: string | null | undefined };

/** What a budget buys, whatever the instrument charges. */
type AmountBuy = {
  quantity: string;
  /** What the quantity costs at the price(s), before its costs. */
  amount: string;
  /** amount + costs: what the cash moves by. */
  total: string;
  /** budget − total: what the budget leaves unspent. */
  leftover: string;
  /**
   * At market: the levels shown ran out before the budget did (it would buy more were the book
   * deeper at its last price), so the leftover is large for want of asks, not of cash.
   */
  thin: boolean;
};

export type StockAmountBuy = AmountBuy & { costs: StockCosts };
export type CoinAmountBuy = AmountBuy & { fee: string };

/**
 * The asks as the broker's preview walks them (walkLevels): best first, levels with nothing left
 * out, none past `upTo`.
 */
export function askLevels(book: BookLevels | undefined, upTo: string | null = null): WalkLevel[] {
  const levels: WalkLevel[] = [];
  for (const price of book?.asks ?? []) {
    const qty = book?.askQty[price];
    if (!isCanonicalDecimal(price) || !isCanonicalDecimal(qty) || !new D(qty).gt(0)) continue;
    if (upTo !== null && new D(price).gt(upTo)) break;
    levels.push([price, qty]);
  }
  return levels;
}

/** The fills' cost of `qty` (each level at its own price, never above `limit`), the rest at `rest`. */
function levelsCost(levels: readonly WalkLevel[], qty: Decimal.Value, limit: string | null, rest: string) {
  const filled = fillsTotal(walkLevels(levels, 'buy', qty, limit));
  const left = new D(qty).minus(filled.qty);
  return new D(filled.amount).plus(left.gt(0) ? left.times(rest) : 0);
}

/**
 * The cost of `qty` at the asks: the fills the preview's walk gives (each level at its own price,
 * never above `limit`), and what they cannot give at the limit, where a limit order rests, or at
 * market at the last level; null at market with no asks. Exact: a level's price times its
 * quantity needs no rounding.
 */
export function walkAsks(
  book: BookLevels | undefined,
  qty: Decimal.Value,
  limit: string | null = null,
): Decimal | null {
  const levels = askLevels(book);
  const rest = limit ?? levels[levels.length - 1]?.[0];
  return rest === undefined ? null : levelsCost(levels, qty, limit, rest);
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

/** The figures an amount comes to with its costs (each instrument's own). */
type Charged<F> = (amount: Decimal) => F & { total: Decimal };

/**
 * The most units of `unit` a budget buys, costs included, and its figures (see the top). At
 * market the count is the one the budget fits with the asks walked and, past them, the last
 * level's price, cut to what the levels hold: when that cut bites the book shown is thin.
 */
function buyByAmount<F>(
  budget: string,
  unit: Decimal,
  pricing: BuyPricing,
  charged: Charged<F>,
): { quantity: Decimal; figures: F & { total: Decimal }; thin: boolean } | null {
  if (!isCanonicalDecimal(budget) || !unit.gt(0)) return null;
  const levels = pricing.kind === 'market' ? askLevels(pricing.book, pricing.upTo ?? null) : null;
  const first = pricing.kind === 'limit' ? pricing.price : levels?.[0]?.[0];
  if (!isCanonicalDecimal(first) || !new D(first).gt(0)) return null;
  const cash = new D(budget);
  const last = levels?.[levels.length - 1]?.[0] ?? first;
  const amountOf = (qty: Decimal) =>
    levels === null ? qty.times(first) : levelsCost(levels, qty, null, last);
  // No unit costs less than the first price: the budget at that price bounds the count.
  const byCash = largestCount(cash.div(new D(first).times(unit)).floor(), (n) =>
    charged(amountOf(n.times(unit))).total.lte(cash),
  );
  const held = levels
    ?.reduce((sum, [, qty]) => sum.plus(qty), new D(0))
    .div(unit)
    .floor();
  const count = held === undefined ? byCash : D.min(byCash, held);
  if (count.lte(0)) return null;
  const quantity = count.times(unit);
  const book = pricing.kind === 'limit' ? pricing.book : undefined;
  // A limit is sized at its price (its hold) and estimated at the asks below it, the rest resting.
  const amount =
    book === undefined ? amountOf(quantity) : levelsCost(askLevels(book), quantity, first, first);
  return { quantity, figures: charged(amount), thin: held !== undefined && byCash.gt(held) };
}

/** Lots of `lot` shares a TRY budget buys, costs included (the cash the order moves ≤ budget). */
export function stockBuyByAmount(
  budget: string,
  lot: number,
  pricing: BuyPricing,
  settings: StockCostSettings,
): StockAmountBuy | null {
  const bought = buyByAmount(budget, new D(lot), pricing, (amount) => {
    const costs = stockCosts(amount, settings);
    return { amount, costs, total: amount.plus(costs.total) };
  });
  if (bought === null) return null;
  const { amount, costs, total } = bought.figures;
  return {
    quantity: bought.quantity.toFixed(),
    amount: amount.toFixed(),
    costs,
    total: total.toFixed(),
    leftover: new D(budget).minus(total).toFixed(),
    thin: bought.thin,
  };
}

/** The coin a USDT budget buys on the pair's quantity step, its fee on the exact amount as booked. */
export function coinBuyByAmount(
  budget: string,
  step: string,
  pricing: BuyPricing,
  settings: CoinSpotSettings,
): CoinAmountBuy | null {
  if (!isCanonicalDecimal(step)) return null;
  const bought = buyByAmount(budget, new D(step), pricing, (amount) => {
    const fee = new D(coinFee(amount, settings));
    return { amount, fee, total: amount.plus(fee) };
  });
  if (bought === null) return null;
  const { amount, fee, total } = bought.figures;
  return {
    quantity: bought.quantity.toFixed(),
    amount: amount.toFixed(),
    fee: fee.toFixed(),
    total: total.toFixed(),
    leftover: new D(budget).minus(total).toFixed(),
    thin: bought.thin,
  };
}

/**
 * What the budget leaves once the order costs `total` (the broker's preview, walked through the
 * book), so the leftover shown under a preview's total adds up with it to the budget typed.
 */
export function leftoverAfter(bought: Pick<AmountBuy, 'total' | 'leftover'>, total: string): string {
  return new Decimal(bought.total).plus(bought.leftover).minus(total).toFixed();
}
