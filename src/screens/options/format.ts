import Decimal from 'decimal.js';
import type { Locale } from '../../../domain/format/locale';
import { formatDecimal, formatMoney, formatPercent } from '../../../domain/format/number';
import { PREMIUM_DECIMALS } from './figures';

/** A per-share premium, to PREMIUM_DECIMALS (kuruş fractions matter on cheap strikes). */
export const premiumText = (value: string | null | undefined, locale: Locale) =>
  formatMoney(value, locale, { currency: 'TRY', decimals: PREMIUM_DECIMALS });

export const price = (value: string | null | undefined, locale: Locale, scale: number) =>
  formatMoney(value, locale, { currency: 'TRY', decimals: scale });

/** A TRY change with its sign, as the rest of the app shows P&L: "+₺6,07", "-₺29,46". */
export const signedMoney = (value: string | null | undefined, locale: Locale) =>
  formatMoney(value, locale, { currency: 'TRY', signed: true });

export const count = (value: string | number | null | undefined, locale: Locale) =>
  formatDecimal(value, locale, { decimals: 0 });

/** A 0..1 share ("0.32", a ratio) as a percentage in the locale's layout. */
export function share(value: string | null | undefined, locale: Locale, signed = false): string {
  if (value === null || value === undefined || value === '') return formatPercent(null, locale);
  return formatPercent(new Decimal(value).times(100).toFixed(), locale, { signed });
}
