import type { Locale } from '../../domain/format/locale';
import { formatDecimal, formatMoney, type NumericInput } from '../../domain/format/number';

/** No-break space between a coin amount and its ticker, as the screens print it. */
const NBSP = '\u00a0';

export type AmountOptions = {
  /** Digits kept after the separator (truncated): TRY 2, coins 8 unless told (an ICO token's scale). */
  decimals?: number;
  /** Fewest digits shown: TRY 2, USDT 2, other coins 0 (as many as the amount has). */
  minDecimals?: number;
};

/**
 * An amount as a message states it in one language, the way every screen shows it
 * (domain/format/number, DECISIONS §3): TRY as money ("₺8.000,00" / "₺8,000.00"), USDT with 2 to
 * 8 decimals ("123,45 USDT"), other coins and tokens with the decimals they have ("2.469 LUMA").
 * Truncated, never rounded.
 */
export function amountText(
  value: NumericInput,
  currency: string,
  locale: Locale,
  options: AmountOptions = {},
): string {
  if (currency === 'TRY') return formatMoney(value, locale, { currency, decimals: options.decimals ?? 2 });
  const decimals = options.decimals ?? 8;
  const minDecimals = Math.min(options.minDecimals ?? (currency === 'USDT' ? 2 : 0), decimals);
  return `${formatDecimal(value, locale, { decimals, minDecimals })}${NBSP}${currency}`;
}

/**
 * The amount formatter of one language, for composing a message's text in that language:
 * `const tr = amountsIn('tr-TR'), en = amountsIn('en-US')`, then `${tr(n.amount, 'TRY')}` in the
 * Turkish text and `${en(n.amount, 'TRY')}` in the English one. Stored messages keep one text per
 * language, so each reads correctly whichever language the reader picks later.
 */
export function amountsIn(locale: Locale) {
  return (value: NumericInput, currency: string, options?: AmountOptions): string =>
    amountText(value, currency, locale, options);
}

/** A count (lots, shares) grouped as each language groups it: "1.000" / "1,000". */
export function countIn(locale: Locale) {
  return (value: NumericInput): string => formatDecimal(value, locale, { decimals: 0 });
}

/** A quantity with the decimals it has (shares whole, coins up to 8): "0,019999" / "1,250". */
export function quantityIn(locale: Locale) {
  return (value: NumericInput): string => formatDecimal(value, locale, { decimals: 8, minDecimals: 0 });
}

/** A price: at least its kuruş or cents, and an average fill price all the digits it has (up to 8). */
export function priceIn(locale: Locale) {
  return (value: NumericInput): string => formatDecimal(value, locale, { decimals: 8, minDecimals: 2 });
}
