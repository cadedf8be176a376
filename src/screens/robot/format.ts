import Decimal from 'decimal.js';
import type { Locale } from '../../../domain/format/locale';
import { formatDecimal, formatPercent } from '../../../domain/format/number';
import { paths } from '../../paths/paths';

export const ROBOT_LIST_PATH = paths.robotList;
export const ROBOT_DETAIL_PATH = paths.robotDetail;
export const ROBOT_ORDER_PATH = paths.robotOrder;
export const ROBOT_MINE_PATH = paths.robotMine;
export const ROBOT_RECORD_PATH = paths.robotRecord;
export const ROBOT_INTRO_PATH = paths.robotIntro;

export const robotHref = (id: string, to: string = ROBOT_DETAIL_PATH) => `${to}?id=${encodeURIComponent(id)}`;

/** The id the URL names, or null: the screen then shows a chooser, not an error. */
export function idFromSearch(search: string): string | null {
  const id = new URLSearchParams(search).get('id') ?? '';
  return id === '' ? null : id;
}

/** A USDT figure truncated to 2..8 decimals, without the ticker (a message that names it itself). */
export const usdtFigure = (value: string | null, locale: Locale): string =>
  formatDecimal(value, locale, { decimals: 8, minDecimals: 2 });

/** USDT truncated to 2..8 decimals with the ticker. */
export function usdt(value: string | null, locale: Locale): string {
  const text = usdtFigure(value, locale);
  return text === '--' ? text : `${text}\u00a0USDT`;
}

/**
 * A signed USDT change with the same 2..8 decimals as `usdt` ("+12,34 USDT", "-10,005 USDT"), so a
 * result sits beside the penalty and the return that make it up without a digit missing (a
 * penalty of 10,005 beside a result of -10,00 does not add up). What truncates to zero is unsigned.
 */
export function signedUsdt(value: string | null, locale: Locale): string {
  let amount: Decimal;
  try {
    amount = new Decimal(value ?? 'NaN');
  } catch {
    return usdt(null, locale);
  }
  if (!amount.isFinite()) return usdt(null, locale);
  const text = usdt(amount.abs().toFixed(), locale);
  if (!/[1-9]/.test(text)) return text;
  return `${amount.isNegative() ? '-' : '+'}${text}`;
}

/** A share ("0.0123") as a percentage in the locale's layout; null → "--". */
export function share(value: string | null, locale: Locale, signed = false, decimals = 2): string {
  if (value === null || value === '') return formatPercent(null, locale);
  return formatPercent(new Decimal(value).times(100).toFixed(), locale, { signed, decimals });
}

/** A coin quantity with the decimals it has. */
export const coinQty = (value: string, locale: Locale) =>
  formatDecimal(value, locale, { decimals: 8, minDecimals: 0 });
