import Decimal from 'decimal.js';
import type { Locale } from './locale';

/**
 * The only decimal form the wire and the server accept (DECISIONS §3): no grouping, '.' as separator,
 * no '+', no exponent, no leading zeros. It admits "-0" and trailing zeros ("0.50"); our own parser never
 * produces them, but the server need not reject them either.
 */
export const CANONICAL_DECIMAL = /^-?(0|[1-9]\d*)(\.\d+)?$/;

export function isCanonicalDecimal(s: unknown): s is string {
  return typeof s === 'string' && CANONICAL_DECIMAL.test(s);
}

/** The wire value as an exact Decimal, or null when it is not canonical. */
export function parseCanonicalDecimal(s: unknown): Decimal | null {
  return isCanonicalDecimal(s) ? new Decimal(s) : null;
}

export type DecimalInputError = 'EMPTY' | 'INVALID' | 'NEGATIVE' | 'TOO_MANY_DECIMALS' | 'AMBIGUOUS';

export type DecimalInputResult = { ok: true; value: string } | { ok: false; error: DecimalInputError };

export interface DecimalInputOptions {
  /** Most digits allowed after the separator, counted after trailing zeros are dropped ("1,50" has 1). */
  maxDecimals?: number;
  /** Whether a leading minus is accepted; most inputs (amounts, prices, quantities) are positive. */
  allowNegative?: boolean;
  /**
   * Refuse (AMBIGUOUS) one grouping separator before exactly three digits when 3+ decimals are
   * allowed: set for coin quantities and prices, where "1.125" is as likely 1.125 as 1,125. Money
   * amounts keep the locale's grouping ("1.000" USDT is a thousand, DECISIONS §3).
   */
  refuseAmbiguous?: boolean;
}

const SEPARATORS: Record<Locale, { decimal: string; group: string }> = {
  'tr-TR': { decimal: ',', group: '.' },
  'en-US': { decimal: '.', group: ',' },
};

/** Space, no-break space and narrow no-break space: what other locales and paste sources group with. */
const SPACE_GROUP = /^[ \u00a0\u202f]$/;
const MINUS = /^[-\u2212]$/;
const DIGITS = /^\d*$/;

/** The integer part split by one grouping character: the first group 1-3 digits, then groups of 3. */
function isValidGrouping(groups: readonly string[]): boolean {
  const [first = '', ...rest] = groups;
  if (rest.length === 0) return true;
  // "0.123" or "012.345" are not how anyone writes a grouped integer.
  if (!/^[1-9]\d{0,2}$/.test(first)) return false;
  return rest.every((g) => /^\d{3}$/.test(g));
}

/** Joins an integer part written with (at most) one kind of grouping character, or null if badly grouped. */
function ungroup(text: string, groupChar: string): string | null {
  const groupChars = new Set<string>();
  for (const c of text) {
    if (c === groupChar || SPACE_GROUP.test(c)) groupChars.add(SPACE_GROUP.test(c) ? ' ' : c);
    else if (!/\d/.test(c)) return null;
  }
  if (groupChars.size === 0) return text;
  // Mixing "1.234 567" is not a grouping style anyone uses; treat it as a typo.
  if (groupChars.size > 1) return null;
  const groups = text.split(/[ \u00a0\u202f]/).flatMap((g) => g.split(groupChar));
  return isValidGrouping(groups) ? groups.join('') : null;
}

/**
 * Splits the unsigned text into integer and fraction digits, or null if it is not a number.
 *
 * Separator rules, with D the locale's decimal separator and G its grouping one (tr-TR ',' and '.',
 * en-US '.' and ','); spaces (incl. U+00A0, U+202F) are always grouping:
 * 1. D at most once ("1,2,3" in tr-TR is rejected); after it only digits.
 * 2. Before D, G and spaces must form valid groups: "1.234,5" yes, "1.23,4" no.
 * 3. With no D, several G must all be valid grouping ("1.234.567" → 1234567; "1.23.4" is rejected).
 * 4. With no D and exactly one G: phone keyboards often only offer the other locale's separator, so a G
 *    that cannot be grouping ("12.5", "1.2345", "0.5" in tr-TR) is read as the decimal separator, while
 *    one that can ("1.234" in tr-TR, "1,234" in en-US) is grouping. Type "1,234" in tr-TR for the decimal.
 *    In a field that takes 3 or more decimals such a G is ambiguous (parseDecimalInput: AMBIGUOUS):
 *    "1.125" ETH read as 1,125 made an order a thousand times the one meant.
 * 5. A leading or trailing separator stands for an omitted zero (",5" → 0.5, "12," → 12) so a value
 *    mid-typing still reads; a separator with no digits at all is rejected.
 */
function splitNumber(body: string, locale: Locale): { int: string; frac: string; ambiguous: boolean } | null {
  const { decimal, group } = SEPARATORS[locale];
  const decimalParts = body.split(decimal);
  let intText: string;
  let frac: string;
  let ambiguous = false;
  if (decimalParts.length > 2) return null;
  if (decimalParts.length === 2) {
    intText = decimalParts[0] ?? '';
    frac = decimalParts[1] ?? '';
  } else {
    const groupCount = body.split(group).length - 1;
    const lastGroup = body.lastIndexOf(group);
    const asGrouped = ungroup(body, group);
    if (groupCount === 1 && asGrouped === null) {
      intText = body.slice(0, lastGroup);
      frac = body.slice(lastGroup + 1);
    } else {
      intText = body;
      frac = '';
      // One G before exactly three digits: grouping ("1.125" = 1125) or a decimal typed with the
      // other locale's separator (1.125)?
      ambiguous = groupCount === 1 && body.length - lastGroup - 1 === 3;
    }
  }
  if (!DIGITS.test(frac)) return null;
  const int = intText === '' ? '' : ungroup(intText, group);
  if (int === null) return null;
  if (int === '' && frac === '') return null;
  return { int, frac, ambiguous };
}

/**
 * What the user typed, in their locale, as a canonical wire decimal ("1.234,56" in tr-TR → "1234.56").
 * Leading zeros and trailing fraction zeros are dropped ("007" → "7", "0,50" → "0.5") so equal amounts
 * always send the same string; negative zero becomes "0". Only ASCII digits count: full-width or other
 * scripts' digits, letters, exponents, "Infinity" and "NaN" are INVALID. A leading '+' is tolerated.
 */
export function parseDecimalInput(
  text: string,
  locale: Locale,
  options: DecimalInputOptions = {},
): DecimalInputResult {
  const { maxDecimals, allowNegative = false, refuseAmbiguous = false } = options;
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, error: 'EMPTY' };

  const first = trimmed.charAt(0);
  const negative = MINUS.test(first);
  const body = negative || first === '+' ? trimmed.slice(1) : trimmed;
  const parts = splitNumber(body, locale);
  if (!parts) return { ok: false, error: 'INVALID' };
  // A field that takes 3+ decimals can't tell "1.125" from 1.125; one with fewer can ("1.125" TRY).
  if (refuseAmbiguous && parts.ambiguous && maxDecimals !== undefined && maxDecimals >= 3)
    return { ok: false, error: 'AMBIGUOUS' };

  const int = parts.int.replace(/^0+/, '') || '0';
  const frac = parts.frac.replace(/0+$/, '');
  const isZero = int === '0' && frac === '';
  if (negative && !isZero && !allowNegative) return { ok: false, error: 'NEGATIVE' };
  if (maxDecimals !== undefined && frac.length > maxDecimals) {
    return { ok: false, error: 'TOO_MANY_DECIMALS' };
  }
  const unsigned = frac === '' ? int : `${int}.${frac}`;
  return { ok: true, value: negative && !isZero ? `-${unsigned}` : unsigned };
}
