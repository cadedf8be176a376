import type { Locale } from '../../../domain/format/locale';
import { formatDecimal } from '../../../domain/format/number';
import { USDT_SCALE } from '../../../domain/format/money';
import { paths } from '../../paths/paths';

export const ICO_LIST_PATH = paths.icoList;
export const ICO_DETAIL_PATH = paths.icoDetail;
export const ICO_ORDER_PATH = paths.icoOrder;
export const ICO_MINE_PATH = paths.icoApplications;

export const icoHref = (id: string, to: string = ICO_DETAIL_PATH) => `${to}?id=${encodeURIComponent(id)}`;

/** The id the URL names, or null: the screen then shows a chooser, not an error. */
export function idFromSearch(search: string): string | null {
  const id = new URLSearchParams(search).get('id') ?? '';
  return id === '' ? null : id;
}

/** USDT with the decimals it has (2 to 8), truncated, grouped by the locale: "1.234,50 USDT". */
export function formatUsdt(value: string | null, locale: Locale): string {
  const text = formatDecimal(value, locale, { decimals: USDT_SCALE, minDecimals: 2 });
  return text === '--' ? text : `${text}\u00a0USDT`;
}

/** Tokens at the token's decimals, grouped by the locale, with the ticker. */
export function formatTokens(value: string | null, scale: number, locale: Locale, token?: string): string {
  const text = formatDecimal(value, locale, { decimals: scale, minDecimals: 0 });
  return token && text !== '--' ? `${text}\u00a0${token}` : text;
}

const two = (n: number) => String(n).padStart(2, '0');

/** Time left to `until` as d / hh:mm:ss parts, or null once reached. */
export function timeLeft(until: number | null, now: number): { days: number; clock: string } | null {
  if (until === null || until <= now) return null;
  const total = Math.ceil((until - now) / 1000);
  const clock = `${two(Math.floor((total % 86_400) / 3600))}:${two(Math.floor((total % 3600) / 60))}:${two(total % 60)}`;
  return { days: Math.floor(total / 86_400), clock };
}
