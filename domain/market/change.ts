import { fromSteps, toSteps } from './ticks';

/**
 * A price's change against a reference (previous close, or the price 24 h ago) and that as a
 * percentage: one formula for the broker's REST answers and the worker's live tickers, so a
 * row shows the same figure before and after its first tick. Integer maths on price steps:
 * the percentage is rounded half away from zero to hundredths, exactly.
 */

/** (change / prev) × 100 in hundredths of a percent; 0 without a positive reference. */
export function percentHundredths(changeSteps: number, prevSteps: number): number {
  if (prevSteps <= 0) return 0;
  // round(|c| × 10⁴ / p) half up = floor((2·|c|·10⁴ + p) / 2p), with an exact integer floor.
  const numerator = Math.abs(changeSteps) * 20_000 + prevSteps;
  const denominator = prevSteps * 2;
  const hundredths = Number.isSafeInteger(numerator)
    ? (numerator - (numerator % denominator)) / denominator
    : Number((BigInt(Math.abs(changeSteps)) * 20_000n + BigInt(prevSteps)) / BigInt(denominator));
  return changeSteps < 0 && hundredths !== 0 ? -hundredths : hundredths;
}

/** The percentage as a canonical decimal string with 2 decimals ("-1.25", "0.00"). */
export function formatPercentHundredths(hundredths: number): string {
  return fromSteps(hundredths, 2);
}

/**
 * Change and change % of `last` against `prev`, both canonical decimals at `scale`; null when
 * either is not (a price off the instrument's grid).
 */
export function priceChange(
  last: string,
  prev: string,
  scale: number,
): { change: string; changePct: string } | null {
  const lastSteps = toSteps(last, scale);
  const prevSteps = toSteps(prev, scale);
  if (Number.isNaN(lastSteps) || Number.isNaN(prevSteps)) return null;
  const change = lastSteps - prevSteps;
  return {
    change: fromSteps(change, scale),
    changePct: formatPercentHundredths(percentHundredths(change, prevSteps)),
  };
}
