/**
 * When deposits and withdrawals are accepted: a weekday window in Europe/Istanbul,
 * as Turkish banks keep it. Pure, on Intl's time zone data only, so the client shows exactly
 * what the server enforces.
 */

export type HoursSetting = { alwaysOpen: boolean; days: readonly number[]; from: string; to: string };
export type HoursState = { open: boolean; nextOpen: number | null };

export const FUNDING_TIME_ZONE = 'Europe/Istanbul';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const WEEKDAYS: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

const format = new Intl.DateTimeFormat('en-US', {
  timeZone: FUNDING_TIME_ZONE,
  hourCycle: 'h23',
  weekday: 'short',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

type Local = { weekday: number; minutes: number; wallMs: number };

/** The wall-clock reading in Istanbul at `t`, with that reading as if it were UTC (`wallMs`). */
function local(t: number): Local {
  const parts = Object.fromEntries(format.formatToParts(t).map((p) => [p.type, p.value]));
  const n = (k: string) => Number(parts[k] ?? 0);
  const wallMs = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second'));
  return { weekday: WEEKDAYS[parts.weekday ?? ''] ?? 0, minutes: n('hour') * 60 + n('minute'), wallMs };
}

/** "09:30" → 570; "24:00" → 1440. */
export function minutesOf(hhmm: string): number {
  const [h = '0', m = '0'] = hhmm.split(':');
  return Number(h) * 60 + Number(m);
}

/** The instant whose Istanbul wall clock reads `wallMs` (offsets taken at that instant). */
function instantOf(wallMs: number): number {
  const guess = wallMs - (local(wallMs).wallMs - wallMs);
  return wallMs - (local(guess).wallMs - guess);
}

/**
 * Open now? And when closed, the next opening: the first listed weekday (today included,
 * before `from`) at `from`, Istanbul time. Always open: open, no next. No days: closed for good.
 */
export function hoursAt(setting: HoursSetting, now: number): HoursState {
  if (setting.alwaysOpen) return { open: true, nextOpen: null };
  const from = minutesOf(setting.from);
  const to = minutesOf(setting.to);
  const here = local(now);
  const today = setting.days.includes(here.weekday);
  if (today && here.minutes >= from && here.minutes < to) return { open: true, nextOpen: null };
  const midnight = here.wallMs - (here.wallMs % DAY);
  for (let k = 0; k <= 7; k += 1) {
    const weekday = ((here.weekday - 1 + k) % 7) + 1;
    if (!setting.days.includes(weekday)) continue;
    if (k === 0 && here.minutes >= from) continue;
    return { open: false, nextOpen: instantOf(midnight + k * DAY + from * MINUTE) };
  }
  return { open: false, nextOpen: null };
}
