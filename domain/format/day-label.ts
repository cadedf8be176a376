import type { Locale } from './locale';
import { EMPTY } from './number';
import { formatLocalDate, istanbulParts, toEpochMs, type EpochInput, type IstanbulParts } from './date';

// Apart from date.ts so only the chat's chunk carries it, not the first load (scripts/bundle-budget.mjs).
const DAY_LABELS: Record<Locale, { today: string; yesterday: string }> = {
  'tr-TR': { today: 'Bugün', yesterday: 'Dün' },
  'en-US': { today: 'Today', yesterday: 'Yesterday' },
};

/** Days since the epoch for an Istanbul calendar date; only differences between two of them matter. */
function dayNumber(p: IstanbulParts): number {
  return Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day)) / 86_400_000;
}

/**
 * A chat day heading: "Bugün"/"Today" and "Dün"/"Yesterday" by Istanbul calendar day (not 24-hour
 * spans), else the date in the locale's order. An unusable `nowMs` just falls back to the date.
 */
export function formatDayLabel(ms: EpochInput, nowMs: EpochInput, locale: Locale): string {
  const t = toEpochMs(ms);
  if (t === null) return EMPTY;
  const p = istanbulParts(t, locale);
  const now = toEpochMs(nowMs);
  if (now !== null) {
    const daysAgo = dayNumber(istanbulParts(now, locale)) - dayNumber(p);
    if (daysAgo === 0) return DAY_LABELS[locale].today;
    if (daysAgo === 1) return DAY_LABELS[locale].yesterday;
  }
  return formatLocalDate(t, locale);
}
