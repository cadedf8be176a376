import { ISTANBUL_OFFSET_MS } from '../../domain/market/instrument';
import type { MarketStatus } from '../../domain/protocol/market';
import { DAY_MS } from '../../domain/time';

/**
 * Borsa İstanbul's session calendar (DECISIONS §5): continuous session 10:00–18:00 Istanbul time
 * on weekdays, none on public holidays, 10:00–12:30 on the eve (arife) half days. Pure: every
 * answer is a function of the instant asked about and the configured holiday list.
 */
export type Holiday = {
  /** Istanbul calendar date, YYYY-MM-DD. */
  date: string;
  /** Locale-neutral name the client translates. */
  key: string;
  /** A half day trades 10:00–12:30; otherwise the exchange is shut. */
  half: boolean;
};

const full = (date: string, key: string): Holiday => ({ date, key, half: false });
const half = (date: string, key: string): Holiday => ({ date, key, half: true });

/** Turkish public holidays of 2026 and 2027 (religious feasts per the Diyanet calendar). */
export const TURKISH_HOLIDAYS: readonly Holiday[] = [
  full('2026-01-01', 'new_year'),
  half('2026-03-19', 'ramadan_feast_eve'),
  full('2026-03-20', 'ramadan_feast'),
  full('2026-04-23', 'national_sovereignty_day'),
  full('2026-05-01', 'labour_day'),
  full('2026-05-19', 'youth_day'),
  half('2026-05-26', 'sacrifice_feast_eve'),
  full('2026-05-27', 'sacrifice_feast'),
  full('2026-05-28', 'sacrifice_feast'),
  full('2026-05-29', 'sacrifice_feast'),
  full('2026-07-15', 'democracy_day'),
  full('2026-08-30', 'victory_day'),
  half('2026-10-28', 'republic_day_eve'),
  full('2026-10-29', 'republic_day'),
  full('2027-01-01', 'new_year'),
  half('2027-03-08', 'ramadan_feast_eve'),
  full('2027-03-09', 'ramadan_feast'),
  full('2027-03-10', 'ramadan_feast'),
  full('2027-03-11', 'ramadan_feast'),
  full('2027-04-23', 'national_sovereignty_day'),
  full('2027-05-01', 'labour_day'),
  full('2027-05-17', 'sacrifice_feast'),
  full('2027-05-18', 'sacrifice_feast'),
  full('2027-05-19', 'sacrifice_feast'),
  full('2027-07-15', 'democracy_day'),
  full('2027-08-30', 'victory_day'),
  half('2027-10-28', 'republic_day_eve'),
  full('2027-10-29', 'republic_day'),
];

const MINUTE = 60_000;
const OPEN = 10 * 60 * MINUTE;
const CLOSE = 18 * 60 * MINUTE;
const HALF_CLOSE = (12 * 60 + 30) * MINUTE;
/** Far enough to cross any run of holidays plus weekends. */
const SEARCH_DAYS = 60;

export type Session = { open: number; close: number };

export type SessionCalendar = {
  readonly alwaysOpen: boolean;
  /** Istanbul calendar day (days since 1970-01-01 local) holding an instant. */
  dayOf(ts: number): number;
  /** That day's session by the exchange calendar (ignores `alwaysOpen`); null when it has none. */
  session(day: number): Session | null;
  /** True when BIST trades at `now` (always, under `alwaysOpen`). */
  isOpen(now: number): boolean;
  /** When `isOpen` can next change (null under `alwaysOpen`). */
  nextChange(now: number): number | null;
  status(market: 'BIST' | 'CRYPTO', now: number): MarketStatus;
};

export function istanbulDay(ts: number): number {
  return Math.floor((ts + ISTANBUL_OFFSET_MS) / DAY_MS);
}

function dayFromDate(date: string): number {
  return Math.floor(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
}

export function createCalendar(options: {
  alwaysOpen: boolean;
  holidays?: readonly Holiday[];
}): SessionCalendar {
  const holidays = new Map<number, Holiday>();
  for (const holiday of options.holidays ?? TURKISH_HOLIDAYS)
    holidays.set(dayFromDate(holiday.date), holiday);
  const alwaysOpen = options.alwaysOpen;

  const weekend = (day: number): boolean => {
    const weekday = (day + 4) % 7; // 0 = Sunday; day 0 was a Thursday
    return weekday === 0 || weekday === 6;
  };

  function session(day: number): Session | null {
    if (weekend(day)) return null;
    const holiday = holidays.get(day);
    if (holiday && !holiday.half) return null;
    const midnight = day * DAY_MS - ISTANBUL_OFFSET_MS;
    return { open: midnight + OPEN, close: midnight + (holiday ? HALF_CLOSE : CLOSE) };
  }

  /** The first session whose close is after `now` (it may be running now). */
  function currentOrNext(now: number): Session | null {
    const today = istanbulDay(now);
    for (let day = today; day <= today + SEARCH_DAYS; day++) {
      const s = session(day);
      if (s && s.close > now) return s;
    }
    return null;
  }

  function isOpen(now: number): boolean {
    if (alwaysOpen) return true;
    const s = session(istanbulDay(now));
    return s !== null && now >= s.open && now < s.close;
  }

  function nextChange(now: number): number | null {
    if (alwaysOpen) return null;
    const s = currentOrNext(now);
    if (!s) return null;
    return now < s.open ? s.open : s.close;
  }

  function status(market: 'BIST' | 'CRYPTO', now: number): MarketStatus {
    const base = { market, holiday: null, ts: now };
    if (market === 'CRYPTO') return { ...base, state: 'open', open: true, nextOpen: null, nextClose: null };
    if (alwaysOpen) return { ...base, state: 'always_open', open: true, nextOpen: null, nextClose: null };
    const day = istanbulDay(now);
    const holiday = holidays.get(day);
    const holidayKey = holiday && !weekend(day) ? holiday.key : null;
    const s = currentOrNext(now);
    if (s && now >= s.open) {
      const after = currentOrNext(s.close);
      return {
        ...base,
        holiday: holidayKey,
        state: 'open',
        open: true,
        nextOpen: after?.open ?? null,
        nextClose: s.close,
      };
    }
    const state = weekend(day) ? 'weekend' : holiday && !holiday.half ? 'holiday' : 'closed';
    return {
      ...base,
      holiday: holidayKey,
      state,
      open: false,
      nextOpen: s?.open ?? null,
      nextClose: s?.close ?? null,
    };
  }

  return { alwaysOpen, dayOf: istanbulDay, session, isOpen, nextChange, status };
}
