import Decimal from 'decimal.js';

/** A fill's share in a closed trade: `qty` of its `of` units. */
export type FillShare = { readonly id: string; readonly qty: Decimal.Value; readonly of: Decimal.Value };

/**
 * A closed trade's realistic P&L: its paper P&L less, for each fill it was made of, that fill's
 * delta (paper − realistic, server/costs) for the share of the fill the trade took. Null when a
 * fill has no counterpart (not priced yet, or from before they were kept): unknown, never guessed.
 */
export function realisticTradePnl(
  paperPnl: Decimal.Value,
  fills: readonly FillShare[],
  deltaOf: (fillId: string) => Decimal.Value | undefined,
): Decimal | null {
  let pnl = new Decimal(paperPnl);
  for (const fill of fills) {
    const delta = deltaOf(fill.id);
    if (delta === undefined) return null;
    const of = new Decimal(fill.of);
    if (of.lte(0)) continue;
    pnl = pnl.minus(new Decimal(delta).times(fill.qty).dividedBy(of));
  }
  return pnl;
}
