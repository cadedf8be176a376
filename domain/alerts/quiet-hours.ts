import { ISTANBUL_OFFSET_MS } from '../market/instrument';
import { DAY_MS, MINUTE_MS } from '../time';

/** "HH:MM" as minutes after midnight; null for anything else ('' included). */
export function clockMinutes(text: string | null | undefined): number | null {
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(text ?? '');
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

/** Minutes after midnight as "HH:MM". */
export function clockText(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/**
 * Whether `t` falls in the quiet hours [from, to) on Istanbul's clock (UTC+3 all year). A span
 * whose start is after its end runs over midnight (22:00–07:00). No span (null) is never quiet.
 */
export function inQuietHours(t: number, from: number | null, to: number | null): boolean {
  if (from === null || to === null || from === to) return false;
  const local = (((t + ISTANBUL_OFFSET_MS) % DAY_MS) + DAY_MS) % DAY_MS;
  const minute = Math.floor(local / MINUTE_MS);
  return from < to ? minute >= from && minute < to : minute >= from || minute < to;
}
