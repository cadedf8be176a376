import type Decimal from 'decimal.js';
import { jd, type ClosedTrade, type JournalSourceName } from './trade';

/**
 * A spot fill (stock or coin, live or replayed) as the journal reads it: `costs` is everything
 * the fill paid in cash (commission, BSMV, exchange fee; a coin's fee), in the cash currency.
 */
export type SpotFillIn = {
  id: string;
  orderId: string;
  product: 'stock' | 'coin';
  symbol: string;
  currency: string;
  side: 'buy' | 'sell';
  price: Decimal.Value;
  qty: Decimal.Value;
  costs: Decimal.Value;
  t: number;
};

/** What is left of a buy, waiting for sells: its price and its costs per unit. */
type Lot = { qty: Decimal; price: Decimal; costPerUnit: Decimal; t: number; fillId: string; of: Decimal };

/** A closing order's trade while its fills are matched. */
type Open = {
  fill: SpotFillIn;
  qty: Decimal;
  entryValue: Decimal;
  exitValue: Decimal;
  costs: Decimal;
  openedAt: number;
  closedAt: number;
  /** How much of each fill the trade took. */
  fills: Map<string, { qty: Decimal; of: Decimal }>;
};

function matchSell(lots: Lot[], fill: SpotFillIn, trade: Open): void {
  const sold = jd(fill.qty);
  let left = sold;
  while (left.gt(0) && lots.length > 0) {
    const lot = lots[0];
    if (!lot) break;
    const take = lot.qty.lte(left) ? lot.qty : left;
    trade.qty = trade.qty.plus(take);
    trade.entryValue = trade.entryValue.plus(lot.price.mul(take));
    trade.exitValue = trade.exitValue.plus(jd(fill.price).mul(take));
    // The buy's costs go with the units they bought; the sell's with the units matched.
    trade.costs = trade.costs.plus(lot.costPerUnit.mul(take)).plus(jd(fill.costs).mul(take).div(sold));
    trade.openedAt = Math.min(trade.openedAt, lot.t);
    trade.closedAt = Math.max(trade.closedAt, fill.t);
    const took = (id: string, of: Decimal) =>
      trade.fills.set(id, { qty: (trade.fills.get(id)?.qty ?? jd(0)).plus(take), of });
    took(lot.fillId, lot.of);
    took(fill.id, sold);
    lot.qty = lot.qty.minus(take);
    left = left.minus(take);
    if (lot.qty.isZero()) lots.shift();
  }
}

/**
 * Closed trades from spot fills, matched first in, first out per symbol: every sell takes the
 * oldest bought units first, and the fills of one selling order make one trade (entry the average
 * price of the units it took, exit its average price, the costs of both sides for those units).
 * Units sold with no buy in the fills (a transfer in, IPO shares) are left out of the trade; a
 * sell with none at all makes no trade. Fills in any order; read by time, then id.
 */
export function roundTrips(fills: readonly SpotFillIn[], source: JournalSourceName): ClosedTrade[] {
  const sorted = [...fills].sort(
    (a, b) => a.t - b.t || Number(a.id) - Number(b.id) || a.id.localeCompare(b.id),
  );
  const lots = new Map<string, Lot[]>();
  const trades = new Map<string, Open>();
  for (const fill of sorted) {
    const key = `${fill.product}:${fill.symbol}`;
    const queue = lots.get(key) ?? [];
    lots.set(key, queue);
    if (fill.side === 'buy') {
      const qty = jd(fill.qty);
      if (qty.gt(0))
        queue.push({
          qty,
          price: jd(fill.price),
          costPerUnit: jd(fill.costs).div(qty),
          t: fill.t,
          fillId: fill.id,
          of: qty,
        });
      continue;
    }
    const trade = trades.get(fill.orderId) ?? {
      fill,
      qty: jd(0),
      entryValue: jd(0),
      exitValue: jd(0),
      costs: jd(0),
      openedAt: fill.t,
      closedAt: fill.t,
      fills: new Map<string, { qty: Decimal; of: Decimal }>(),
    };
    trades.set(fill.orderId, trade);
    matchSell(queue, fill, trade);
  }
  return [...trades.values()]
    .filter((t) => t.qty.gt(0))
    .map((t) => ({
      id: `${source}:${t.fill.product}:${t.fill.orderId}`,
      source,
      product: t.fill.product,
      symbol: t.fill.symbol,
      currency: t.fill.currency,
      side: 'long' as const,
      openedAt: t.openedAt,
      closedAt: t.closedAt,
      entry: t.entryValue.div(t.qty),
      exit: t.exitValue.div(t.qty),
      qty: t.qty,
      pnl: t.exitValue.minus(t.entryValue).minus(t.costs),
      costs: t.costs,
      leverage: null,
      fills: [...t.fills].map(([id, f]) => ({ id, ...f })),
    }))
    .sort((a, b) => a.closedAt - b.closedAt || a.id.localeCompare(b.id));
}
