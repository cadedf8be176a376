import Decimal from 'decimal.js';
import type { Holding } from '../../../domain/protocol/trading';

export type LiveHolding = {
  price: string;
  marketValue: string;
  unrealizedPnl: string;
  unrealizedPct: string | null;
};

/**
 * A holding valued at the live last price (the worker's ticker), with Decimal: market value =
 * quantity × price, unrealised P&L = value − cost, % of the cost. Without a live price the
 * server's figures stand.
 */
export function liveHolding(holding: Holding, last: string | undefined): LiveHolding {
  if (last === undefined || !new Decimal(last).gt(0))
    return {
      price: holding.price,
      marketValue: holding.marketValue,
      unrealizedPnl: holding.unrealizedPnl,
      unrealizedPct: holding.unrealizedPct,
    };
  const value = new Decimal(holding.quantity).times(last);
  const pnl = value.minus(holding.cost);
  const cost = new Decimal(holding.cost);
  return {
    price: last,
    marketValue: value.toFixed(),
    unrealizedPnl: pnl.toFixed(),
    unrealizedPct: cost.isZero()
      ? null
      : pnl.dividedBy(cost).times(100).toDecimalPlaces(2, Decimal.ROUND_DOWN).toFixed(),
  };
}

/** Totals of the shown holdings at live prices. */
export function liveTotals(
  holdings: readonly Holding[],
  lastOf: (symbol: string) => string | undefined,
): { marketValue: string; cost: string; unrealizedPnl: string } {
  let value = new Decimal(0);
  let cost = new Decimal(0);
  for (const holding of holdings) {
    value = value.plus(liveHolding(holding, lastOf(holding.symbol)).marketValue);
    cost = cost.plus(holding.cost);
  }
  return { marketValue: value.toFixed(), cost: cost.toFixed(), unrealizedPnl: value.minus(cost).toFixed() };
}
