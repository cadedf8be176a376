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
 * coin's quantity step) with its costs INCLUDED, so the order the ticket sends never needs more
 * cash than the user named. The price is the limit, or for a market order the book's asks walked
 * level by level as the broker's preview walks them (book-walk's walkLevels: the engine fills at
 * the levels' own prices). A stock past the book's depth is priced at its last level as
 * marketEstimate assumes; a coin buys no more than the levels shown hold (coinBuyByAmount).
 * Null when nothing can be bought or priced.
 */

/** Costs maths keeps every digit; the amounts round only where the ledger does. */
const D = Decimal.clone({ precision: 60, rounding: Decimal.ROUND_HALF_UP });

/**
 * Where the amount comes from: one limit price, or the asks a market order would take. A coin
 * limit's book, when the page holds it, gives what the order is estimated to pay: the asks below
 * the limit fill at once at their own prices, as the broker's preview says.
 */
export type BuyPricing =
  | { kind: 'limit'; price: string; book?: BookLevels | undefined }
  | { kind: 'market'; book: BookLevels | undefined };

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

/** The asks as the broker's preview walks them (walkLevels): best first, levels with nothing left out. */
export function askLevels(book: BookLevels | undefined): WalkLevel[] {
  const levels: WalkLevel[] = [];
  for (const price of book?.asks ?? []) {
    const qty = book?.askQty[price];
    if (isCanonicalDecimal(price) && isCanonicalDecimal(qty) && new D(qty).gt(0)) levels.push([price, qty]);
  }
  return levels;
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
  const prices = book?.asks ?? [];
  const rest = limit ?? prices[prices.length - 1];
  if (rest === undefined) return null;
  const filled = fillsTotal(walkLevels(askLevels(book), 'buy', qty, limit));
  const left = new D(qty).minus(filled.qty);
  return new D(filled.amount).plus(left.gt(0) ? left.times(rest) : 0);
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

/** A coin buy's amount with its fee, and the two together. */
function coinFigures(amount: Decimal, settings: CoinSpotSettings) {
  const fee = new D(coinFee(amount, settings));
  return { amount, fee, total: amount.plus(fee) };
}

/**
 * The coin a USDT budget buys on the pair's quantity step (rounded down to it), its fee included.
 * At a limit, the quantity the budget pays for at that price: the most the order can cost
 * (its hold), however the book moves before it fills; its figures are then what it is estimated
 * to pay, the asks below the limit walked as the preview walks them. At market, the asks walked
 * so, its fee on the exact amount as the booking charges it, and never more than the levels shown
 * hold: past them the broker's deeper levels, dearer than the last one shown, would take the
 * order over the budget. Either way the figures are the preview's on a book that does not move.
 */
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
    const qty = steps.times(unit);
    // Exact, as the preview and the booking take it (a price times a quantity needs no rounding).
    const amount =
      pricing.kind === 'market' ? (walkAsks(pricing.book, qty) ?? new D(0)) : qty.times(pricing.price);
    return coinFigures(amount, settings);
  };
  const held =
    pricing.kind === 'market'
      ? askLevels(pricing.book).reduce((sum, [, qty]) => sum.plus(qty), new D(0))
      : null;
  const byCash = cash.div(price.times(unit)).floor();
  const most = held === null ? byCash : D.min(byCash, held.div(unit).floor());
  const steps = largestCount(most, (n) => totalOf(n).total.lte(cash));
  if (steps.lte(0)) return null;
  const quantity = steps.times(unit);
  const limitWalk = pricing.kind === 'limit' ? walkAsks(pricing.book, quantity, pricing.price) : null;
  const { amount, fee, total } = limitWalk === null ? totalOf(steps) : coinFigures(limitWalk, settings);
  return {
    quantity: quantity.toFixed(),
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
