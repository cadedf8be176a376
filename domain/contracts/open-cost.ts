import Decimal from 'decimal.js';
import { d, USDT_SCALE, ZERO, type DecimalLike } from './decimal';

export interface OpenCostInput {
  /** Exactly one of quantity (base coin) and margin (USDT). */
  quantity?: DecimalLike;
  margin?: DecimalLike;
  /** The price it opens at (the ticket's estimate, or the fills' average once filled). */
  price: DecimalLike;
  leverage: number;
  feeRate: DecimalLike;
  /** The instrument's quantity scale: a margin buys whole quantity steps only. */
  qtyScale: number;
}

export interface OpenCost {
  qty: Decimal;
  notional: Decimal;
  /** notional ÷ leverage, rounded up to the USDT scale: the position never locks less than that. */
  margin: Decimal;
  /** notional × feeRate, rounded up to the USDT scale (the opening taker fee). */
  fee: Decimal;
  /** margin + fee: what leaves the contract wallet's free balance. */
  total: Decimal;
}

/**
 * The quantity a margin opens at `leverage`: margin × leverage ÷ price, rounded DOWN to the
 * quantity scale (so the margin it locks never exceeds what the user offered). null when the price
 * or leverage is not positive.
 */
export function qtyForMargin(
  margin: DecimalLike,
  price: DecimalLike,
  leverage: number,
  qtyScale: number,
): Decimal | null {
  const p = d(price);
  if (p.lte(ZERO) || !(leverage > 0)) return null;
  return d(margin).mul(leverage).div(p).toDecimalPlaces(qtyScale, Decimal.ROUND_DOWN);
}

/**
 * What opening costs. From a quantity: as given. From a margin: the quantity it buys (qtyForMargin),
 * then everything from that quantity, so margin ≤ the one offered. null when the inputs give no
 * position (neither or both of quantity and margin, a non-positive price or leverage, a quantity
 * that rounds to nothing or off the quantity scale).
 */
export function openCost(input: OpenCostInput): OpenCost | null {
  const { quantity, margin, price, leverage, feeRate, qtyScale } = input;
  if ((quantity === undefined) === (margin === undefined)) return null;
  const p = d(price);
  if (p.lte(ZERO) || !(leverage > 0)) return null;
  const qty = quantity !== undefined ? d(quantity) : qtyForMargin(margin ?? 0, p, leverage, qtyScale);
  if (!qty || qty.lte(ZERO) || qty.decimalPlaces() > qtyScale) return null;
  const notional = qty.mul(p);
  const lockedMargin = notional.div(leverage).toDecimalPlaces(USDT_SCALE, Decimal.ROUND_UP);
  const fee = notional.mul(feeRate).toDecimalPlaces(USDT_SCALE, Decimal.ROUND_UP);
  return { qty, notional, margin: lockedMargin, fee, total: lockedMargin.plus(fee) };
}

/** What the book gives for `qty` at market: the quantity filled (0 for none) and its average price. */
export type FillAt = (qty: Decimal) => { qty: Decimal; price: Decimal };

/**
 * The quantity a margin opens at market: priced first at the best level, then at the average of
 * the levels that quantity takes, until its margin (before the fee) fits the one offered; 8
 * rounds at most, as a thin book walks further each time. The broker opens so
 * (server/trading/contracts/open.ts) and the ticket previews so: priced at the last trade instead,
 * the preview's quantity and liquidation price were not the position's. null when the book gives
 * nothing.
 */
export function qtyForOffer(
  margin: DecimalLike,
  leverage: number,
  qtyScale: number,
  fillAt: FillAt,
): Decimal | null {
  const best = fillAt(d(1).div(d(10).pow(qtyScale)));
  if (best.qty.lte(ZERO)) return null;
  let qty = qtyForMargin(margin, best.price, leverage, qtyScale) ?? d(0);
  for (let round = 0; round < 8 && qty.gt(ZERO); round++) {
    const filled = fillAt(qty);
    const cost = openCost({ quantity: filled.qty, price: filled.price, leverage, feeRate: 0, qtyScale });
    if (!cost || cost.margin.lte(margin)) return filled.qty;
    qty = qtyForMargin(margin, filled.price, leverage, qtyScale) ?? d(0);
  }
  return qty;
}
