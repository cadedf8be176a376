/**
 * Lots are whole numbers that can outgrow a double (an IPO of 10^9 lots times its applicants'
 * requests), so the primary-market maths counts them as `bigint`. On the wire and in the database
 * they are decimal strings, as money is.
 */

/** A canonical non-negative integer string of up to 30 digits ("0", "12"; not "012", "1.0", "-1", "1e3"), else null. */
export function parseLots(value: string): bigint | null {
  if (!/^(0|[1-9][0-9]{0,29})$/.test(value)) return null;
  return BigInt(value);
}

export function minLots(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}

export function sumLots(values: Iterable<bigint>): bigint {
  let total = 0n;
  for (const value of values) total += value;
  return total;
}
