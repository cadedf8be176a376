import { ISTANBUL_OFFSET_MS } from '../../../domain/market/instrument';
import { createCalendar, istanbulDay } from '../../market/calendar';
import type { MarketSource } from '../../market/source';
import { DAY_MS } from '../../../domain/time';

/** The exchange calendar itself (holidays, half days), whatever the source's always-open switch says. */
const calendar = createCalendar({ alwaysOpen: false });

export function dayString(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

export function dayNumber(text: string): number {
  return Math.floor(Date.parse(`${text}T00:00:00Z`) / DAY_MS);
}

/** The BIST session a day order placed now belongs to: today's while open, else the next one's. */
export function tradingDayOf(source: MarketSource, now: number): string {
  const status = source.status('BIST');
  if (status.open) return dayString(istanbulDay(now));
  return dayString(istanbulDay(status.nextOpen ?? now));
}

/**
 * When a day order of `day` expires: its session's close; under an always-open market (the
 * sandbox's default) the end of that Istanbul day, since the session never closes.
 */
export function expiryOf(source: MarketSource, day: string): number {
  const n = dayNumber(day);
  const endOfDay = (n + 1) * DAY_MS - ISTANBUL_OFFSET_MS;
  if (source.status('BIST').state === 'always_open') return endOfDay;
  return calendar.session(n)?.close ?? endOfDay;
}

/** T+1: shares bought now become sellable at the next trading day's open. */
export function nextTradingDayOpen(now: number): number {
  const today = istanbulDay(now);
  for (let day = today + 1; day <= today + 60; day++) {
    const session = calendar.session(day);
    if (session) return session.open;
  }
  return (today + 2) * DAY_MS - ISTANBUL_OFFSET_MS;
}
