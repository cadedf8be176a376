import Decimal from 'decimal.js';
import type { DayTrade } from './portfolio-input';

/** One conversion's movement of one coin-wallet currency of the user (signed, from the ledger). */
export type ExchangeLeg = { transaction: string; currency: string; amount: string };

/** Exact for any two ledger amounts (NUMERIC(38,18)) and their sums. */
const D = Decimal.clone({ precision: 80 });

/** The coin wallet's cash: what a conversion pays with or for a coin is cash, not an asset. */
const CASH = 'USDT';

/**
 * Conversions since the coin reference as the day's trades (/user/assets `today`), so the day
 * P&L values a coin that came by conversion from what was paid for it, as it does one bought
 * with an order, and not from the reference price: ETH converted from 500 USDT an hour ago
 * moved the day's figure by ETH's whole 24 h change. Per conversion touching a coin other than
 * USDT: each such coin's leg is a trade of that quantity; its cost is the USDT it took or gave
 * (USDT ↔ coin), or 0 between two coins, where the two legs' costs would cancel in the
 * reference value anyway. `usdtTraded` is the USDT those conversions moved: a trade's cash,
 * which the cash's flows must no longer count (TRY ↔ USDT stays a flow between two cashes).
 */
export function exchangeDayTrades(legs: readonly ExchangeLeg[]): { trades: DayTrade[]; usdtTraded: string } {
  const byTransaction = new Map<string, ExchangeLeg[]>();
  for (const leg of legs) {
    const list = byTransaction.get(leg.transaction) ?? [];
    list.push(leg);
    byTransaction.set(leg.transaction, list);
  }
  const trades = new Map<string, { qty: Decimal; cost: Decimal }>();
  let usdtTraded = new D(0);
  for (const list of byTransaction.values()) {
    const coins = list.filter((leg) => leg.currency !== CASH);
    if (coins.length === 0) continue;
    const usdt = list
      .filter((leg) => leg.currency === CASH)
      .reduce((sum, leg) => sum.plus(leg.amount), new D(0));
    usdtTraded = usdtTraded.plus(usdt);
    for (const leg of coins) {
      const trade = trades.get(leg.currency) ?? { qty: new D(0), cost: new D(0) };
      trade.qty = trade.qty.plus(leg.amount);
      // USDT paid is a positive cost, USDT received a negative one, as a fill's cash is.
      if (coins.length === 1) trade.cost = trade.cost.minus(usdt);
      trades.set(leg.currency, trade);
    }
  }
  return {
    trades: [...trades]
      .map(([currency, t]) => ({
        wallet: 'coin' as const,
        currency,
        qty: t.qty.toFixed(),
        cost: t.cost.toFixed(),
      }))
      .sort((a, b) => (a.currency < b.currency ? -1 : 1)),
    usdtTraded: usdtTraded.toFixed(),
  };
}

/** The day's trades of fills and of conversions together, one line per wallet and currency. */
export function mergeDayTrades(a: readonly DayTrade[], b: readonly DayTrade[]): DayTrade[] {
  const merged = new Map<string, DayTrade>();
  for (const trade of [...a, ...b]) {
    const key = `${trade.wallet}/${trade.currency}`;
    const before = merged.get(key);
    merged.set(
      key,
      before
        ? {
            ...before,
            qty: new D(before.qty).plus(trade.qty).toFixed(),
            cost: new D(before.cost).plus(trade.cost).toFixed(),
          }
        : trade,
    );
  }
  return [...merged.values()]
    .filter((t) => !new D(t.qty).isZero() || !new D(t.cost).isZero())
    .sort((x, y) =>
      x.wallet === y.wallet ? (x.currency < y.currency ? -1 : 1) : x.wallet === 'stock' ? -1 : 1,
    );
}
