import Decimal from 'decimal.js';

/** The book's levels as the page holds them: prices best first, quantities by price. */
export type BookLevels = {
  bids: readonly string[];
  asks: readonly string[];
  bidQty: Readonly<Record<string, string>>;
  askQty: Readonly<Record<string, string>>;
};

/**
 * What a market order of `quantity` is estimated to fill at: the average over the levels it would
 * take, asks for a buy and bids for a sell, beyond the book's depth at its last level; the last
 * trade only when the book is empty. Estimated at the last trade, a buy was confirmed at ≈ 318,75
 * while the best ask was 319,25 and the charge came out above the confirmed total; the
 * coin ticket, estimated so, confirmed a sale of 0.1 BTC for 9,601.88 USDT that paid 9,601.07.
 */
export function marketEstimate(
  side: 'buy' | 'sell',
  quantity: string | null,
  book: BookLevels | undefined,
  last: string | null,
  /**
   * The Decimal the average is taken in: the contract ticket passes the contracts maths' own
   * (40 digits), so its average is the one the broker's fills give (domain/contracts/decimal).
   */
  D: typeof Decimal = Decimal,
): string | null {
  const prices = side === 'buy' ? book?.asks : book?.bids;
  const sizes = side === 'buy' ? book?.askQty : book?.bidQty;
  if (!prices || !sizes || prices.length === 0) return last;
  const wanted = new D(quantity ?? 0);
  if (wanted.lte(0)) return prices[0]!;
  let left = wanted;
  let paid = new D(0);
  for (const price of prices) {
    const take = D.min(left, sizes[price] ?? 0);
    paid = paid.plus(take.times(price));
    left = left.minus(take);
    if (left.lte(0)) break;
  }
  if (left.gt(0)) paid = paid.plus(left.times(prices[prices.length - 1]!));
  return paid.div(wanted).toFixed();
}
