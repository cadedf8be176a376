import { compareDecimalText, isZero, readDecimal, toPlain, truncateTo } from '../format/decimal-text';

/** A line drawn on a chart: a horizontal line at a price, or a trend line through two points. */
export const DRAWING_KINDS = ['hline', 'trend'] as const;
export type DrawingKind = (typeof DRAWING_KINDS)[number];

/** A point of a drawing: a bar's open time (epoch ms) and a price (canonical decimal). */
export type DrawingPoint = { time: number; price: string };

export type Drawing =
  | { id: string; symbol: string; kind: 'hline'; price: string }
  | { id: string; symbol: string; kind: 'trend'; a: DrawingPoint; b: DrawingPoint };

/** A point on the screen, in CSS pixels from the pane's top left. */
export type ScreenPoint = { x: number; y: number };

/**
 * A drawing as the screen shows it: a horizontal line is its y alone (it spans the pane); a
 * trend line its two ends. The caller projects time and price with the chart's own scales.
 */
export type ScreenShape =
  { id: string; kind: 'hline'; y: number } | { id: string; kind: 'trend'; a: ScreenPoint; b: ScreenPoint };

/** How far from a line a finger may land and still pick it (about half a fingertip). */
export const HIT_TOLERANCE_PX = 12;

/** Distance from p to the segment a–b (to a itself when the segment has no length). */
export function distanceToSegment(p: ScreenPoint, a: ScreenPoint, b: ScreenPoint): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const lengthSquared = dx * dx + dy * dy;
  const along = lengthSquared === 0 ? 0 : ((p.x - a.x) * dx + (p.y - a.y) * dy) / lengthSquared;
  const t = Math.min(1, Math.max(0, along));
  return Math.hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy));
}

/**
 * The drawing a tap at p picks: the nearest within the tolerance, or null. On a tie the one
 * drawn last wins, as it is painted on top.
 */
export function hitDrawing(
  shapes: readonly ScreenShape[],
  p: ScreenPoint,
  tolerance = HIT_TOLERANCE_PX,
): string | null {
  let best: string | null = null;
  let bestDistance = tolerance;
  for (const shape of shapes) {
    const distance =
      shape.kind === 'hline' ? Math.abs(p.y - shape.y) : distanceToSegment(p, shape.a, shape.b);
    if (Number.isFinite(distance) && distance <= bestDistance) {
      best = shape.id;
      bestDistance = distance;
    }
  }
  return best;
}

/**
 * A price picked on the chart's axis (a float from the pixel) as the canonical decimal that is
 * stored: cut to the instrument's decimals. Null for what no price can be (not finite, ≤ 0).
 */
export function pickedPrice(value: number, scale: number): string | null {
  if (!Number.isFinite(value) || value <= 0) return null;
  const read = readDecimal(value);
  if (!read) return null;
  const price = truncateTo(read, scale);
  return isZero(price) ? null : withDecimals(toPlain(price), scale);
}

/** "5" at 2 decimals is "5.00", as prices are written once picked. */
function withDecimals(plain: string, scale: number): string {
  if (scale <= 0) return plain;
  const [whole, fraction = ''] = plain.split('.');
  return `${whole}.${fraction.padEnd(scale, '0')}`;
}

/** An alert at a line's price fires on the way up to it when the price is below it, and back. */
export function alertKindFor(linePrice: string, lastPrice: string): 'above' | 'below' {
  const line = readDecimal(linePrice);
  const last = readDecimal(lastPrice);
  if (!line || !last) return 'above';
  return compareDecimalText(line, last) >= 0 ? 'above' : 'below';
}
