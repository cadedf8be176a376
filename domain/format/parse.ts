import Decimal from 'decimal.js';

/**
 * The only decimal form the wire and the server accept (DECISIONS §3): no grouping, '.' as separator,
 * no '+', no exponent, no leading zeros. It admits "-0" and trailing zeros ("0.50"); a typed number's
 * reading (./typed-number.ts) never produces them, but the server need not reject them either.
 */
export const CANONICAL_DECIMAL = /^-?(0|[1-9]\d*)(\.\d+)?$/;

export function isCanonicalDecimal(s: unknown): s is string {
  return typeof s === 'string' && CANONICAL_DECIMAL.test(s);
}

/** The wire value as an exact Decimal, or null when it is not canonical. */
export function parseCanonicalDecimal(s: unknown): Decimal | null {
  return isCanonicalDecimal(s) ? new Decimal(s) : null;
}
