import type Decimal from 'decimal.js';
import { readDecimal, shiftBy, signOf, toPlain, truncateTo } from './decimal-text';
import { formatWithDigits, numberFormat } from './intl-number';
import type { Locale } from './locale';

/** What every formatter shows for a missing or unusable value (SPEC §9). */
export const EMPTY = '--';

/** Anything a formatter accepts: wire decimals arrive as strings, but callers also hold numbers and Decimals. */
export type NumericInput = string | number | Decimal | null | undefined;

// Formatting reads, truncates and shifts digit strings (./decimal-text): exact, and no decimal.js
// on the screens that only show figures.

/** The most decimals a formatter shows (ES2023 Intl's limit; ./intl-number shows them on older engines). */
export const MAX_SHOWN_DECIMALS = 100;

/** Fraction digits are integers in 0..100; anything else is a caller bug, not data. */
function checkDecimals(name: string, decimals: number): void {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > MAX_SHOWN_DECIMALS) {
    throw new RangeError(`${name} must be an integer from 0 to 100, got ${decimals}`);
  }
}

/**
 * Exactly what Intl should print for `value` truncated toward zero (money and prices never round
 * up, DECISIONS §3). A small loss truncates to zero, never to the "-0,00" Intl would print for
 * negative zero (a change shows that sign on purpose: truncatedChange). Intl formats decimal
 * strings exactly (ES2023), so huge values keep their digits; the string never uses exponent
 * notation, which Intl would accept but we never want to depend on.
 */
function truncatedText(value: NumericInput, decimals: number): `${number}` | null {
  const d = readDecimal(value);
  return d ? toPlain(truncateTo(d, decimals)) : null;
}

const PLAIN_DECIMAL = /^-?\d{1,20}(?:\.(\d{1,20}))?$/;
const NEGATIVE_ZERO = /^-[0.]*$/;

/**
 * The wire's own decimals ("313.50") need no parsing: when a string already has no more digits
 * than shown, Intl formats it as is (exactly, ES2023) and nothing is truncated. Null when the slow
 * path must decide (other input, more digits, exponents). "-0.00" becomes "0" as truncate does.
 */
function plainIntlString(value: NumericInput, decimals: number): `${number}` | null {
  if (typeof value !== 'string') return null;
  const match = PLAIN_DECIMAL.exec(value);
  if (!match || (match[1]?.length ?? 0) > decimals) return null;
  return (NEGATIVE_ZERO.test(value) ? '0' : value) as `${number}`;
}

/** Exactly what Intl should print for `value` truncated to `decimals`, or null when there is nothing to show. */
function truncatedIntlString(value: NumericInput, decimals: number): `${number}` | null {
  return plainIntlString(value, decimals) ?? truncatedText(value, decimals);
}

/** What truncatedChange returns for a change under the last digit: a signed zero. */
const TINY_LOSS = '-0';
const TINY_GAIN = '+0';

/**
 * truncatedIntlString for a change: a nonzero change that truncates to zero comes back as "-0" or
 * "+0" (see signedZero), a true zero as "0". The wire's own decimals need no truncation, so only
 * the slow path can meet a signed zero, and the per-tick path reads nothing.
 */
function truncatedChange(value: NumericInput, decimals: number): `${number}` | null {
  const plain = plainIntlString(value, decimals);
  if (plain !== null) return plain;
  const d = readDecimal(value);
  if (!d) return null;
  const truncated = truncateTo(d, decimals);
  if (signOf(truncated) === 0 && signOf(d) !== 0) return d.neg ? TINY_LOSS : TINY_GAIN;
  return toPlain(truncated);
}

const isSignedZero = (amount: string) => amount === TINY_LOSS || amount === TINY_GAIN;

export interface DecimalFormatOptions {
  /** Digits kept after the separator; extra digits are truncated, never rounded. */
  decimals: number;
  /** Fewest digits shown after the separator (trailing zeros pad up to it); defaults to `decimals`. */
  minDecimals?: number;
  /** Thousands grouping (`1.234` / `1,234`); on by default. */
  grouping?: boolean;
}

/** A plain number in the user's locale: tr-TR `1.234,56`, en-US `1,234.56`. */
export function formatDecimal(value: NumericInput, locale: Locale, options: DecimalFormatOptions): string {
  const { decimals, minDecimals = decimals, grouping = true } = options;
  checkDecimals('decimals', decimals);
  checkDecimals('minDecimals', minDecimals);
  const amount = truncatedIntlString(value, decimals);
  if (amount === null) return EMPTY;
  const min = Math.min(minDecimals, decimals);
  return formatWithDigits(
    locale,
    `d${min}.${decimals}.${grouping ? 1 : 0}`,
    decimals,
    () => ({
      minimumFractionDigits: min,
      maximumFractionDigits: decimals,
      useGrouping: grouping,
      roundingMode: 'trunc',
    }),
    amount,
  );
}

/**
 * A plain decimal string with every digit it has, in the reader's notation ("312,5" in Turkish):
 * a figure in a message. Past the most decimals a formatter shows it stays as it is, so a message
 * never fails for its figure.
 */
export function formatAllDigits(value: string, locale: Locale): string {
  const decimals = value.split('.')[1]?.length ?? 0;
  return decimals > MAX_SHOWN_DECIMALS ? value : formatDecimal(value, locale, { decimals });
}

/** A price with its instrument's fixed decimals (tick precision), truncated. */
export function formatPrice(value: NumericInput, locale: Locale, decimals: number): string {
  return formatDecimal(value, locale, { decimals });
}

// Intl knows these ISO 4217 codes; anything else (USDT, BTC) gets its code as a suffix instead.
// Read on first use: listing them costs start-up time on screens that show no money.
let isoCurrencies: ReadonlySet<string> | null = null;
function isIsoCurrency(code: string): boolean {
  isoCurrencies ??= new Set(Intl.supportedValuesOf('currency'));
  return isoCurrencies.has(code);
}

/** No-break space: keeps "1.234,56 USDT" on one line in narrow mobile cells, as Intl does for "1,2 Mn". */
const NBSP = '\u00a0';

export interface MoneyFormatOptions {
  /** Defaults to 2 (kuruş / cents). Coin balances pass 8. */
  decimals?: number;
  /**
   * An ISO code Intl knows ('TRY', 'USD') shows its narrow symbol as the locale places it ("₺1.234,56",
   * "₺1,234.56"); any other code ('USDT', 'BTC') is appended after a no-break space ("1.234,56 USDT").
   */
  currency?: string;
  /**
   * A change: "+₺508,25", "-₺12,00", an unsigned "₺0,00" when nothing changed, and "-₺0,00" /
   * "+₺0,00" for a change under the last digit (see signedZero).
   */
  signed?: boolean;
}

/** An amount of money, truncated to its decimals (never shows more than the user has). */
export function formatMoney(value: NumericInput, locale: Locale, options: MoneyFormatOptions = {}): string {
  const { decimals = 2, currency, signed = false } = options;
  checkDecimals('decimals', decimals);
  const amount = signed ? truncatedChange(value, decimals) : truncatedIntlString(value, decimals);
  if (amount === null) return EMPTY;
  // 'always' signs a signed zero ("-₺0,00", "+0,00 USDT"); 'exceptZero' leaves a true zero bare.
  const signDisplay = signed ? (isSignedZero(amount) ? 'always' : 'exceptZero') : 'auto';
  if (currency && isIsoCurrency(currency)) {
    return formatWithDigits(
      locale,
      `c${currency}.${decimals}.${signDisplay}`,
      decimals,
      () => ({
        style: 'currency',
        currency,
        currencyDisplay: 'narrowSymbol',
        minimumFractionDigits: decimals,
        maximumFractionDigits: decimals,
        signDisplay,
        roundingMode: 'trunc',
      }),
      amount,
    );
  }
  const number = formatWithDigits(
    locale,
    `m${decimals}.${signDisplay}`,
    decimals,
    () => ({
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
      signDisplay,
      roundingMode: 'trunc',
    }),
    amount,
  );
  return currency ? `${number}${NBSP}${currency}` : number;
}

/** Lira to the kuruş, truncated, with the sign placed by the locale ("₺1.234,56", "₺1,234.56"). */
export function formatTry(value: NumericInput, locale: Locale): string {
  return formatMoney(value, locale, { currency: 'TRY' });
}

/**
 * A signed figure that is not zero but truncates to zero keeps its sign ("-0,00", "+%0,00"): every
 * tone (green up, red down) is taken from the figure itself, and an unsigned "0,00" in red read as
 * a colour without a reason (a new position's PnL of -0.004 USDT). A true zero stays unsigned.
 */
function signedZero(locale: Locale, decimals: number, negative: boolean, percent: boolean): string {
  return formatWithDigits(
    locale,
    `${percent ? 'pz' : 'z'}${decimals}`,
    decimals,
    () => ({
      ...(percent ? { style: 'percent' } : {}),
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
      signDisplay: 'always',
    }),
    negative ? '-0' : '0',
  );
}

/**
 * A change with an explicit sign: "+1,50", "-1,50", an unsigned "0,00" when nothing changed, and
 * "-0,00" / "+0,00" for a change that truncates to zero (see signedZero).
 */
export function formatSigned(value: NumericInput, locale: Locale, decimals: number): string {
  checkDecimals('decimals', decimals);
  const amount = truncatedChange(value, decimals);
  if (amount === null) return EMPTY;
  if (isSignedZero(amount)) return signedZero(locale, decimals, amount === TINY_LOSS, false);
  return formatWithDigits(
    locale,
    `s${decimals}`,
    decimals,
    () => ({
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
      signDisplay: 'exceptZero',
      roundingMode: 'trunc',
    }),
    amount,
  );
}

export interface PercentFormatOptions {
  /** Defaults to 2. */
  decimals?: number;
  /**
   * "+%1,23" for gains; zero shows unsigned, a change that truncates to zero "+%0,00" / "-%0,00".
   * Defaults to true (percent values are mostly changes).
   */
  signed?: boolean;
}

/**
 * A percentage given in percent points ("1.2345" means 1.2345 %), truncated like every other figure
 * and laid out by the locale's own pattern: tr-TR puts the sign first ("%1,23"), en-US after ("1.23%").
 */
export function formatPercent(
  value: NumericInput,
  locale: Locale,
  options: PercentFormatOptions = {},
): string {
  const { decimals = 2, signed = true } = options;
  checkDecimals('decimals', decimals);
  const d = readDecimal(value);
  if (!d) return EMPTY;
  // Intl's percent style multiplies by 100; moving the point keeps that exact, where a division
  // would round.
  const truncated = truncateTo(d, decimals);
  if (signed && signOf(truncated) === 0 && signOf(d) !== 0) return signedZero(locale, decimals, d.neg, true);
  const fraction = toPlain(shiftBy(truncated, -2));
  // The digits shown are the percent points' own, not those of the fraction Intl multiplies.
  const shown = toPlain(truncated).split('.')[1] ?? '';
  return formatWithDigits(
    locale,
    `p${decimals}.${signed ? 1 : 0}`,
    decimals,
    () => ({
      style: 'percent',
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
      signDisplay: signed ? 'exceptZero' : 'auto',
      roundingMode: 'trunc',
    }),
    fraction,
    shown,
  );
}

/**
 * A short figure for volumes and market values, in the locale's own compact units: tr-TR "1,2 Mn",
 * "3,4 Mr", "12 B" (bin); en-US "1.2K", "1.2M", "3.4B". Intl's compact precision (two significant digits
 * below 100 units) applies, truncated rather than rounded so 999.999 never reads as "1 Mn".
 */
export function formatCompact(value: NumericInput, locale: Locale): string {
  const format = numberFormat(locale, 'k', () => ({ notation: 'compact', roundingMode: 'trunc' }));
  // Whole numbers (volumes, on every tick and axis label) are exact as they are: nothing to read.
  if (typeof value === 'number' && Number.isSafeInteger(value)) return format.format(value === 0 ? 0 : value);
  const d = readDecimal(value);
  return d ? format.format(toPlain(d)) : EMPTY;
}
