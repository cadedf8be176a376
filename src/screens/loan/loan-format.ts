import Decimal from 'decimal.js';
import type { Locale } from '../../../domain/format/locale';

/** A rate (0.0005) as a percentage's digits in the locale ("0,05"). */
export function ratePercent(rate: string, locale: Locale): string {
  const pct = new Decimal(rate).times(100).toFixed();
  return locale === 'tr-TR' ? pct.replace('.', ',') : pct;
}
