/**
 * The standard normal distribution in plain float. Black-Scholes needs Φ twice per price; Decimal
 * has no erf and a Decimal series would cost the worker's per-tick budget (200 options ≤ 1 ms), so
 * the float result is what callers convert to Decimal and truncate (domain/options/money.ts).
 */

/** ln(√(2π)). */
const LN_SQRT_2PI = 0.9189385332046727;

/** φ(x), the density. */
export function normPdf(x: number): number {
  return Math.exp(-0.5 * x * x - LN_SQRT_2PI);
}

/**
 * Φ(x) by Marsaglia's series (J. Stat. Software 11(4), 2004): Φ(x) = ½ + φ(x)·(x + x³/3 + x⁵/15 + …).
 * Every term is positive, so the sum has no cancellation; its absolute error is a few ulps of ½
 * (≈1e-15) for |x| ≤ 8. Beyond ±8, Φ is within 7e-16 of 0 or 1, which is what is answered.
 * No allocation; about 2x² iterations (≈ 20 at |x| = 3).
 */
export function normCdf(x: number): number {
  // NaN never equals the sum before it: the series below would never end.
  if (Number.isNaN(x)) return NaN;
  if (x <= -8) return 0;
  if (x >= 8) return 1;
  const q = x * x;
  let sum = x;
  let term = x;
  let previous = 0;
  for (let i = 1; sum !== previous;) {
    previous = sum;
    i += 2;
    term *= q / i;
    sum += term;
  }
  return 0.5 + sum * Math.exp(-0.5 * q - LN_SQRT_2PI);
}
