import Decimal from 'decimal.js';
import type { WalkLevel } from './book-walk';

/**
 * How far past the level where the book covers it a market order may fill: the book keeps
 * moving while the order's hold is written, and without this room a market order would find
 * its level gone and fill nothing. The fills are still levels the book shows (DECISIONS §2);
 * the unused part of the hold goes back when the order finishes.
 */
export const MARKET_PROTECTION = '0.005';

/** A market order's worst price: where the book shows it covered, and that plus the protection. */
export type MarketCap = { shown: string; protected: string };

/**
 * The worst price a market order may reach: the level where `levels` (the side it takes) cover
 * its quantity (or its last level) plus MARKET_PROTECTION, on the price grid and never past the
 * day's band (`protected`), and the level itself (`shown`). A level past the band is never
 * reached. Null when the side is empty. The order executes with its cap as its limit, so its
 * hold covers every fill and it cannot chase a running book.
 */
export function marketCapOf(
  levels: readonly WalkLevel[],
  side: 'buy' | 'sell',
  qty: Decimal.Value,
  priceScale: number,
  band: { lower: string; upper: string } | null,
): MarketCap | null {
  let left = new Decimal(qty);
  let cap: Decimal | null = null;
  for (const [price, size] of levels) {
    const p = new Decimal(price);
    if (band && (side === 'buy' ? p.gt(band.upper) : p.lt(band.lower))) break;
    cap = p;
    left = left.minus(size);
    if (left.lte(0)) break;
  }
  if (!cap) return null;
  const room =
    side === 'buy' ? new Decimal(1).plus(MARKET_PROTECTION) : new Decimal(1).minus(MARKET_PROTECTION);
  let protectedCap = cap
    .times(room)
    .toDecimalPlaces(priceScale, side === 'buy' ? Decimal.ROUND_DOWN : Decimal.ROUND_UP);
  if (band)
    protectedCap =
      side === 'buy' ? Decimal.min(protectedCap, band.upper) : Decimal.max(protectedCap, band.lower);
  return { shown: cap.toFixed(), protected: protectedCap.toFixed() };
}
