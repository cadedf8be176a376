import Decimal from 'decimal.js';
import type { Locale } from '../../../domain/format/locale';
import { formatMoney } from '../../../domain/format/number';
import { paths } from '../../routes/paths';

export const LOAN_PATH = paths.loan;

/** TRY to the kuruş, truncated, with the lira sign placed by the locale. */
export const formatTry = (value: string | null, locale: Locale) =>
  formatMoney(value, locale, { currency: 'TRY' });

/** A rate (0.0005) as a percentage's digits in the locale ("0,05"). */
export function ratePercent(rate: string, locale: Locale): string {
  const pct = new Decimal(rate).times(100).toFixed();
  return locale === 'tr-TR' ? pct.replace('.', ',') : pct;
}
