import Decimal from 'decimal.js';
import {
  coinBuyTotal,
  coinFee,
  stockBuyTotal,
  stockCosts,
  type CoinSpotSettings,
  type StockCostSettings,
  type StockCosts,
} from '../rules/costs';
import type { MarketCap } from './market-cap';

/** The cost settings a spot order is charged by (the broker's `stockCosts` and `coinSpot`). */
export type SpotCostRules = { stockCosts: StockCostSettings; coinSpot: CoinSpotSettings };

export type SpotOrderTerms = {
  wallet: 'stock' | 'coin';
  side: 'buy' | 'sell';
  type: 'market' | 'limit';
  quantity: string;
  /** A limit order's price; null for a market order. */
  price: string | null;
};

/**
 * The costs of an order that filled `amount` (its cash currency), line by line: a stock's
 * commission, BSMV and exchange fee, a coin's one fee (as the commission). The booking charges
 * each fill the difference of this before and after it, so an order's fills add up to exactly
 * this of its filled amount.
 */
export function spotCosts(wallet: 'stock' | 'coin', amount: Decimal.Value, rules: SpotCostRules): StockCosts {
  if (wallet === 'stock') return stockCosts(amount, rules.stockCosts);
  const fee = coinFee(amount, rules.coinSpot);
  return { commission: fee, bsmv: '0', exchangeFee: '0', total: fee };
}

/** What an order holds if it fills at `price`: a buy the cash for its amount and costs, a sell its quantity. */
export function spotHoldAt(
  order: Pick<SpotOrderTerms, 'wallet' | 'side' | 'quantity'>,
  price: Decimal.Value,
  rules: SpotCostRules,
): string {
  if (order.side === 'sell') return order.quantity;
  const amount = new Decimal(order.quantity).times(price);
  return order.wallet === 'stock'
    ? stockBuyTotal(amount, rules.stockCosts)
    : coinBuyTotal(amount, rules.coinSpot);
}

/**
 * The price an order is held and executed at (its limit, or a market order's protected cap) and
 * the hold that takes; null for a market order with no cap (nobody on the other side).
 * A buyer whose cash covers the book as shown (what the ticket previewed) but not the
 * protection room on top still buys, capped at the shown level: the order may then fill less if
 * the book moves first, but it is not refused for money it was never going to spend.
 */
export function spotCapAndHold(
  order: SpotOrderTerms,
  caps: MarketCap | null,
  freeCash: () => Decimal.Value,
  rules: SpotCostRules,
): { cap: string; hold: string } | null {
  const first = order.type === 'limit' ? order.price : (caps?.protected ?? null);
  if (first === null) return null;
  let cap = first;
  let hold = spotHoldAt(order, cap, rules);
  if (order.side === 'buy' && caps && caps.shown !== caps.protected) {
    const free = new Decimal(freeCash());
    if (free.lt(hold) && free.gte(spotHoldAt(order, caps.shown, rules))) {
      cap = caps.shown;
      hold = spotHoldAt(order, cap, rules);
    }
  }
  return { cap, hold };
}
