import Decimal from 'decimal.js';
import { fromSteps, toSteps } from '../../../domain/market/ticks';

/**
 * Binance pads every number to 8 decimals ("95123.45000000"); we publish canonical strings at
 * the instrument's scale, taken from its tickSize / stepSize.
 */

/** Decimals of a step such as "0.01000000" → 2, "1.00000000" → 0. */
export function scaleOfStep(step: string): number {
  const dot = step.indexOf('.');
  if (dot < 0) return 0;
  let end = step.length;
  while (end > dot + 1 && step.charCodeAt(end - 1) === 48) end--;
  return end - dot - 1;
}

/**
 * A Binance decimal at `scale` decimals, or null when it has non-zero digits beyond the scale
 * (off the instrument's grid). Integer steps first (no Decimal); Decimal only for values too
 * large for safe integer steps, such as 24 h quote volumes.
 */
export function onGrid(value: string, scale: number): string | null {
  const steps = toSteps(value, scale);
  if (Number.isFinite(steps)) return fromSteps(steps, scale);
  const exact = new Decimal(value);
  return exact.decimalPlaces() <= scale ? exact.toFixed(scale) : null;
}

/** Figures that are sums or averages (volumes, quote volumes) may carry more decimals: cut them. */
export function truncated(value: string, scale: number): string {
  return onGrid(value, scale) ?? new Decimal(value).toFixed(scale, Decimal.ROUND_DOWN);
}
