import Decimal from 'decimal.js';
import { rebalanceTrades, targetShares, type Target } from '../../domain/ai-products/allocate';
import type { BasketWeight } from '../../domain/ai-products/basket';
import type { StockCostSettings } from '../../domain/rules/costs';
import type { Db } from '../db/client';
import type { MarketSource } from '../market/source';
import { orderBalances } from './postings';
import { lastPrice } from './terms';
import { executeTrade, type FillReason, type OrderRef } from './trade';

/** A symbol's price to mark shares at (the last price, or a bar's close). */
export type Pricer = (symbol: string) => string | null;

/** An order's value at the source's last prices (or `price`'s): its cash and every share it holds. */
export function valueOf(
  market: MarketSource,
  cash: string,
  shares: ReadonlyMap<string, string>,
  price: Pricer = (symbol) => lastPrice(market, symbol),
): Decimal {
  let value = new Decimal(cash);
  for (const [symbol, qty] of shares) value = value.plus(new Decimal(qty).times(price(symbol) ?? 0));
  return value;
}

/**
 * Brings an order to `basket`: its value now split by the weights into whole lots at the last
 * prices, the sells first, then the buys with the cash there is. `buysOnly` (new capital) only
 * buys towards the target and sells nothing. Inside the caller's transaction.
 */
export async function tradeToBasket(
  tx: Db,
  market: MarketSource,
  costs: StockCostSettings,
  order: OrderRef,
  basket: readonly BasketWeight[],
  reason: FillReason,
  now: number,
  buysOnly = false,
): Promise<void> {
  const held = (await orderBalances(tx, [order.id])).get(order.id) ?? { cash: '0', shares: new Map() };
  const value = valueOf(market, held.cash, held.shares);
  const lines: Target[] = [];
  for (const line of basket) {
    const price = lastPrice(market, line.symbol);
    if (price) lines.push({ ...line, price, lot: market.instrument(line.symbol)?.lot ?? 1 });
  }
  const shares = new Map([...held.shares].map(([s, q]) => [s, Number(q)]));
  let trades = rebalanceTrades(shares, targetShares(value, lines, costs));
  if (buysOnly) trades = trades.filter((t) => t.side === 'buy');
  let cash = new Decimal(held.cash);
  for (const trade of trades)
    cash = cash.plus(await executeTrade(tx, market, costs, order, trade, cash, reason, now));
}
