import { EMPTY } from './number';
import { TIME_ZONE } from './locale';
import type { Locale } from './locale';

/** Epoch milliseconds as the wire sends them (DECISIONS §4), as a number or a digit string. */
export type EpochInput = string | number | null | undefined;

/** The fixed date layouts SPEC §9 names. */
export const DATE_PATTERNS = ['dd-mm-yyyy', 'yyyy-mm-dd', 'mm.dd'] as const;
export type DatePattern = (typeof DATE_PATTERNS)[number];

// The largest instant a JS Date can hold; beyond it Intl would throw instead of formatting.
const MAX_EPOCH_MS = 8.64e15;

/**
 * Reads an instant, or null when it should show as "--". Zero and negatives are treated as empty: the
 * wire uses 0 for "never", and nothing the app shows happened before 1970.
 */
/** Shared with day-label.ts; not part of the formatting API. */
export function toEpochMs(value: unknown): number | null {
  let ms: number;
  if (typeof value === 'number') ms = value;
  else if (typeof value === 'string' && /^\d{1,16}$/.test(value)) ms = Number(value);
  else return null;
  if (!Number.isFinite(ms) || ms <= 0 || ms > MAX_EPOCH_MS) return null;
  return ms;
}

export interface IstanbulParts {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  /** Intl's own AM/PM text; only present for the 12-hour locale. */
  dayPeriod: string;
}

/**
 * A DateTimeFormat per locale in Istanbul time, built on first use and reused: construction is
 * expensive (it loads zone and locale data), and the clocks of a list format every row.
 */
export function perLocaleFormat(
  options: (locale: Locale) => Intl.DateTimeFormatOptions,
): (locale: Locale) => Intl.DateTimeFormat {
  const made = new Map<Locale, Intl.DateTimeFormat>();
  return (locale) => {
    let format = made.get(locale);
    if (!format) {
      format = new Intl.DateTimeFormat(locale, { timeZone: TIME_ZONE, ...options(locale) });
      made.set(locale, format);
    }
    return format;
  };
}

const dateTimeFormat = perLocaleFormat((locale) => ({
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  // en-US writes the hour unpadded ("6:55 AM"), as the locale's own dates do.
  hour: locale === 'en-US' ? 'numeric' : '2-digit',
  minute: '2-digit',
  // Turkish users read 24-hour time; en-US 12-hour AM/PM (midnight is 12 AM).
  hourCycle: locale === 'en-US' ? 'h12' : 'h23',
}));

/**
 * The instant's wall-clock fields in Istanbul. We take only the fields from Intl and lay them out
 * ourselves, because Intl's order and punctuation differ by locale and ICU version.
 */
export function istanbulParts(ms: number, locale: Locale): IstanbulParts {
  const parts: IstanbulParts = { year: '', month: '', day: '', hour: '', minute: '', dayPeriod: '' };
  for (const part of dateTimeFormat(locale).formatToParts(ms)) {
    if (part.type in parts) parts[part.type as keyof IstanbulParts] = part.value;
  }
  // 'numeric' years are unpadded (year 99 is "99"); the patterns promise four digits.
  parts.year = parts.year.padStart(4, '0');
  return parts;
}

export function layoutDate(p: IstanbulParts, pattern: DatePattern): string {
  switch (pattern) {
    case 'dd-mm-yyyy':
      return `${p.day}-${p.month}-${p.year}`;
    case 'yyyy-mm-dd':
      return `${p.year}-${p.month}-${p.day}`;
    case 'mm.dd':
      return `${p.month}.${p.day}`;
  }
}

/**
 * A date in the locale's own order and punctuation: tr-TR day first with dots ("28.11.2026", as
 * Turkish readers write it; SPEC §9's "28-11-2026" reads as foreign there), en-US month first
 * ("11/28/2026") as American readers expect.
 */
function layoutLocalDate(p: IstanbulParts, locale: Locale): string {
  return locale === 'en-US' ? `${p.month}/${p.day}/${p.year}` : `${p.day}.${p.month}.${p.year}`;
}

function layoutTime(p: IstanbulParts, locale: Locale): string {
  return locale === 'en-US' ? `${p.hour}:${p.minute} ${p.dayPeriod}` : `${p.hour}:${p.minute}`;
}

/** Date and time in Istanbul: en-US "03/05/2026, 2:07 PM", tr-TR "05.03.2026 14:07". */
export function formatDateTime(ms: EpochInput, locale: Locale): string {
  const t = toEpochMs(ms);
  if (t === null) return EMPTY;
  const p = istanbulParts(t, locale);
  return `${layoutLocalDate(p, locale)}${locale === 'en-US' ? ',' : ''} ${layoutTime(p, locale)}`;
}

/** The Istanbul calendar date in one of SPEC §9's numeric patterns (the same in every locale). */
export function formatDate(ms: EpochInput, pattern: DatePattern = 'dd-mm-yyyy'): string {
  const t = toEpochMs(ms);
  if (t === null) return EMPTY;
  // Digits are Latin in both locales, so which locale reads the fields does not matter here.
  return layoutDate(istanbulParts(t, 'tr-TR'), pattern);
}

/** The Istanbul calendar date as the locale reads it: tr-TR "05.03.2026", en-US "03/05/2026". */
export function formatLocalDate(ms: EpochInput, locale: Locale): string {
  const t = toEpochMs(ms);
  if (t === null) return EMPTY;
  return layoutLocalDate(istanbulParts(t, locale), locale);
}

/** Time of day in Istanbul: tr-TR "14:07", en-US "2:07 PM". */
export function formatTime(ms: EpochInput, locale: Locale): string {
  const t = toEpochMs(ms);
  if (t === null) return EMPTY;
  return layoutTime(istanbulParts(t, locale), locale);
}
