import Decimal from 'decimal.js';
import { d, USDT_SCALE, type DecimalLike } from './decimal';
import type { PositionCore } from './liquidation';
import { quantityShare } from '../trade/quantity-share';

/** The shares of a position the close slider offers, in per cent. */
export const CLOSE_PERCENTS = [25, 50, 75, 100] as const;
export type ClosePercent = (typeof CLOSE_PERCENTS)[number];

/**
 * The quantity a close of `percent` takes from `qty`: the whole at 100, otherwise the share rounded
 * down to the quantity's step (10^-qtyScale), so a part never asks for more than the slider says.
 * null when the share rounds down to nothing (a position of one step has no quarter).
 */
export function closeQuantity(qty: DecimalLike, percent: number, qtyScale: number): Decimal | null {
  return quantityShare(qty, percent, qtyScale);
}

/**
 * The margin a close of `part` out of `qty` releases: all of it for the whole, else its share,
 * rounded down at the USDT scale so what stays never falls short of the rest's share. The broker's
 * close books it (server/trading/contracts/close.ts), the confirm sheet shows it.
 */
export function closeMarginShare(margin: DecimalLike, part: DecimalLike, qty: DecimalLike): Decimal {
  if (d(part).gte(qty)) return d(margin);
  return d(margin).mul(part).div(qty).toDecimalPlaces(USDT_SCALE, Decimal.ROUND_DOWN);
}

/**
 * The part a close takes, as a position of its own (its quantity and its margin share, as wire
 * decimals), to estimate what it returns.
 */
export function closingPart<P extends PositionCore>(
  position: P,
  part: DecimalLike,
): P & { qty: string; margin: string } {
  const margin = closeMarginShare(position.margin, part, position.qty);
  return { ...position, qty: d(part).toFixed(), margin: margin.toFixed() };
}
