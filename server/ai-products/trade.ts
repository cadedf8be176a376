import Decimal from 'decimal.js';
import { lotsFor } from '../../domain/ai-products/allocate';
import type { Trade } from '../../domain/ai-products/allocate';
import { stockCosts, type StockCostSettings } from '../../domain/rules/costs';
import type { Db } from '../db/client';
import { aiFills } from '../db/schema/ai-products';
import { systemAccount } from '../ledger/account-ref';
import { lockSystemFirst } from '../ledger/account-rows';
import { walkSnapshot } from '../market/walk-book';
import type { MarketSource } from '../market/source';
import { postTrade } from './postings';
import { guardPrice } from '../../domain/ai-products/fill';
import { lastPrice } from './terms';

export type FillReason = 'buy' | 'add' | 'rebalance' | 'redeem';
export type OrderRef = { id: bigint; productId: string };

/** The price a trade will not go past: the guard beyond the last price (domain/ai-products/fill.ts). */
function guard(market: MarketSource, symbol: string, side: 'buy' | 'sell'): string | null {
  const last = lastPrice(market, symbol);
  return last ? guardPrice(side, last).toFixed() : null;
}

/** What a buy of `qty` would cost at the book's levels now (a dry run: nothing prints). */
function dryCost(
  market: MarketSource,
  costs: StockCostSettings,
  symbol: string,
  qty: number,
  limit: string,
): Decimal {
  const fills = walkSnapshot(
    market.book(symbol, 1000),
    { symbol, side: 'buy', qty: String(qty), limit },
    0,
    () => '',
  );
  const amount = fills.reduce((s, f) => s.plus(new Decimal(f.price).times(f.qty)), new Decimal(0));
  return amount.plus(stockCosts(amount, costs).total);
}

/**
 * The most whole lots of a buy (up to the planned quantity) the order's cash pays for at the
 * book's levels with costs: at least what the cash buys at the guard price (that always fits), found
 * by halving between that and the plan, so the posting can never overdraw the order.
 */
function affordable(
  market: MarketSource,
  costs: StockCostSettings,
  trade: Trade,
  limit: string,
  lot: number,
  cash: Decimal,
): number {
  let low = Math.min(trade.qty, lotsFor(cash, limit, lot, costs));
  let high = trade.qty;
  if (dryCost(market, costs, trade.symbol, high, limit).lte(cash)) return high;
  // Invariant: `low` lots fit, `high` do not.
  while (high - low > lot) {
    const mid = low + Math.floor((high - low) / lot / 2) * lot;
    if (dryCost(market, costs, trade.symbol, mid, limit).lte(cash)) low = mid;
    else high = mid;
  }
  return low;
}

/**
 * Locks the system accounts trades in these stocks post to (costs, and cash and shares against
 * the market), in one statement, before the transaction touches anyone's account: the trades
 * post one after another, and a later one's system account must not be taken after an earlier
 * round's (docs/partitions.md, "Lock order").
 */
export function lockTradeAccounts(tx: Db, symbols: Iterable<string>): Promise<void> {
  return lockSystemFirst(tx, [
    systemAccount('fees', 'TRY'),
    systemAccount('market', 'TRY'),
    ...[...new Set(symbols)].map((symbol) => systemAccount('market', symbol)),
  ]);
}

/** Whether the book can take `qty` of a sale within the guard now (redemption checks before selling). */
export function canSell(market: MarketSource, symbol: string, qty: string): boolean {
  const limit = guard(market, symbol, 'sell');
  if (!limit) return false;
  const fills = walkSnapshot(market.book(symbol, 1000), { symbol, side: 'sell', qty, limit }, 0, () => '');
  return fills.reduce((s, f) => s.plus(f.qty), new Decimal(0)).gte(qty);
}

/**
 * Sends one trade of an order to the market (DECISIONS §2: at levels the source shows, within
 * the guard) and books what filled: one posting with the stock costs of the filled amount
 * (stockCosts, as a stock order of that size pays), and a row per fill, the costs split so the
 * rows add up to the posting. A buy is cut to the whole lots the order's cash pays for at the
 * book's levels (see affordable), so the posting can never overdraw the order. Answers the cash change.
 */
export async function executeTrade(
  tx: Db,
  market: MarketSource,
  costs: StockCostSettings,
  order: OrderRef,
  trade: Trade,
  cash: Decimal,
  reason: FillReason,
  now: number,
): Promise<Decimal> {
  const limit = guard(market, trade.symbol, trade.side);
  const lot = market.instrument(trade.symbol)?.lot ?? 1;
  if (!limit) return new Decimal(0);
  const qty = trade.side === 'buy' ? affordable(market, costs, trade, limit, lot, cash) : trade.qty;
  if (qty <= 0) return new Decimal(0);
  const fills = market.execute({ symbol: trade.symbol, side: trade.side, qty: String(qty), limit });
  if (fills.length === 0) return new Decimal(0);
  const amount = fills.reduce((s, f) => s.plus(new Decimal(f.price).times(f.qty)), new Decimal(0));
  const filled = fills.reduce((s, f) => s.plus(f.qty), new Decimal(0));
  const total = new Decimal(stockCosts(amount, costs).total);
  const posted = await postTrade(tx, order.id, {
    symbol: trade.symbol,
    side: trade.side,
    qty: filled,
    amount,
    costs: total,
  });
  let running = new Decimal(0);
  let charged = new Decimal(0);
  const rows = fills.map((f) => {
    const value = new Decimal(f.price).times(f.qty);
    running = running.plus(value);
    // Each fill carries the costs of the amount so far less what earlier fills carried.
    const upTo = new Decimal(stockCosts(running, costs).total);
    const share = upTo.minus(charged);
    charged = upTo;
    return {
      orderId: order.id,
      productId: order.productId,
      symbol: trade.symbol,
      side: trade.side,
      qty: f.qty,
      price: f.price,
      amount: value.toFixed(),
      costs: share.toFixed(),
      reason,
      tradeId: f.tradeId,
      txId: posted.id,
      t: now,
    };
  });
  await tx.insert(aiFills).values(rows);
  return trade.side === 'buy' ? amount.plus(total).neg() : amount.minus(total);
}
