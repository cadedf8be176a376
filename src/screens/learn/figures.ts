import type { TFunction } from 'i18next';
import type { Locale } from '../../../domain/format/locale';
import { formatLocalDate } from '../../../domain/format/date';
import { formatAllDigits, formatMoney } from '../../../domain/format/number';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../../../domain/time';

/** A figure with every digit the broker sent, in the locale's separators, and its unit after it. */
export function figure(value: string | null, locale: Locale, unit?: string): string {
  if (value === null || value === '') return '—';
  const text = formatAllDigits(value, locale);
  return unit && unit !== 'price' ? `${text}\u00a0${unit}` : text;
}

/** Money to the cent, truncated as every amount is; signed (a plus on gains) for P&L. */
export function money(value: string | null, locale: Locale, unit: string, signed = false): string {
  if (value === null) return '—';
  return formatMoney(value, locale, { currency: unit, decimals: 2, signed });
}

/** A calendar cell's period as the reader names it: a day, the week from its Monday, a month. */
export function periodLabel(key: string, period: 'day' | 'week' | 'month', locale: Locale): string {
  // The key is an Istanbul date (yyyy-mm-dd) or month (yyyy-mm); noon keeps it that day anywhere.
  if (!/^\d{4}-\d{2}(-\d{2})?$/.test(key)) return key;
  if (period === 'month')
    return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
      Date.parse(`${key}-01T12:00:00Z`),
    );
  const day = formatLocalDate(Date.parse(`${key}T12:00:00Z`), locale);
  return period === 'week' ? `${day} →` : day;
}

/** How long a trade was held: days, hours and minutes, the two largest that are not zero. */
export function heldFor(ms: number, t: TFunction<'learn'>): string {
  const days = Math.floor(ms / DAY_MS);
  const hours = Math.floor((ms % DAY_MS) / HOUR_MS);
  const minutes = Math.floor((ms % HOUR_MS) / MINUTE_MS);
  const parts = [
    days > 0 ? t('units.days', { count: days }) : '',
    hours > 0 ? t('units.hours', { count: hours }) : '',
    minutes > 0 || (days === 0 && hours === 0) ? t('units.minutes', { count: minutes }) : '',
  ].filter((p) => p !== '');
  return parts.slice(0, 2).join(' ');
}
