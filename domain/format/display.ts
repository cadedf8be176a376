import Decimal from 'decimal.js';
import type { Locale } from './locale';
import { formatDecimal, formatMoney, type NumericInput } from './number';

/**
 * One display rule per currency (docs/design.md, "Showing amounts"): balances and amounts of TRY
 * and USDT in cents, any other coin at its own precision; rates to a fixed count of significant
 * digits. Every figure truncates (DECISIONS §3). Forms may take more decimals than are shown
 * (USDT to 8), but what they show beside the field is the wallets' figure.
 */

/** Decimals a balance or amount of `currency` shows: TRY and USDT 2, a coin its `precision`. */
export function displayDecimals(currency: string, precision = 8): number {
  return currency === 'TRY' || currency === 'USDT' ? 2 : precision;
}

/**
 * Decimals that show a ledger amount in full: every decimal it was booked with (USDT to 8, a fee
 * of 0.09958253), never fewer than the currency's display decimals. A statement line shows the
 * display figure; its detail shows this one, so the lines of a statement read in full add up to
 * its balance to the last decimal.
 */
export function exactDecimals(value: NumericInput, shown: number): number {
  let places = 0;
  try {
    places = new Decimal(value instanceof Decimal ? value : String(value ?? '0')).decimalPlaces();
  } catch {
    places = 0;
  }
  return Math.max(shown, Number.isFinite(places) ? places : 0);
}

/** A balance or amount with its currency, at its display decimals ("₺1.234,56", "10.502,72 USDT"). */
export function formatAmount(
  value: NumericInput,
  currency: string,
  locale: Locale,
  precision?: number,
): string {
  return formatMoney(value, locale, { currency, decimals: displayDecimals(currency, precision) });
}

/** Significant digits of a rate: enough to check a conversion against a price one knows. */
export const RATE_SIGNIFICANT = 6;

/** A rate as a finite Decimal, or null for what is not one. */
function rateOf(rate: NumericInput): Decimal | null {
  try {
    const value = new Decimal(rate instanceof Decimal ? rate : String(rate ?? 'NaN'));
    return value.isFinite() ? value : null;
  } catch {
    return null;
  }
}

/**
 * The decimals a rate shows at: RATE_SIGNIFICANT significant digits, never fewer than 2
 * ("0,0227542", "43,9876", "97.244,10"); 2 for what is not a number.
 */
export function rateDecimals(rate: NumericInput): number {
  const value = rateOf(rate);
  if (value === null || value.isZero()) return 2;
  return Math.max(2, RATE_SIGNIFICANT - value.e - 1);
}

/**
 * A conversion rate, truncated: at `decimals` with every place shown when given (rates read side
 * by side, the quote's and the mid, line up digit for digit), else at its own rateDecimals with
 * trailing zeros dropped: "0,0227542" (not the quote's "0,02275421796").
 */
export function formatRate(rate: NumericInput, locale: Locale, decimals?: number): string {
  const value = rateOf(rate);
  if (value === null) return formatDecimal(null, locale, { decimals: 2 });
  return formatDecimal(value.toFixed(), locale, {
    decimals: decimals ?? rateDecimals(value),
    minDecimals: decimals ?? 2,
  });
}
