import type Decimal from 'decimal.js';
import { ISTANBUL_OFFSET_MS } from '../market/instrument';
import { DAY_MS } from '../time';
import { jd, type ClosedTrade } from './trade';

export const CALENDAR_PERIODS = ['day', 'week', 'month'] as const;
export type CalendarPeriod = (typeof CALENDAR_PERIODS)[number];

/** The Istanbul calendar day of `t` (yyyy-mm-dd): Turkey keeps UTC+3 all year. */
export function istanbulDay(t: number): string {
  return new Date(t + ISTANBUL_OFFSET_MS).toISOString().slice(0, 10);
}

/**
 * The period `t` falls in, named by its first day: the day itself, the Monday of its week, or
 * the month (yyyy-mm), all in Istanbul time.
 */
export function periodKey(t: number, period: CalendarPeriod): string {
  const day = istanbulDay(t);
  if (period === 'day') return day;
  if (period === 'month') return day.slice(0, 7);
  const at = Date.parse(day);
  const weekday = (new Date(at).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  return new Date(at - weekday * DAY_MS).toISOString().slice(0, 10);
}

export type CalendarCell = { key: string; currency: string; pnl: Decimal; trades: number; wins: number };

/** P&L, trades and winners per period and currency, by the trades' close times, oldest first. */
export function pnlCalendar(trades: readonly ClosedTrade[], period: CalendarPeriod): CalendarCell[] {
  const cells = new Map<string, CalendarCell>();
  for (const t of trades) {
    const key = periodKey(t.closedAt, period);
    const id = `${key}|${t.currency}`;
    const cell = cells.get(id) ?? { key, currency: t.currency, pnl: jd(0), trades: 0, wins: 0 };
    cell.pnl = cell.pnl.plus(t.pnl);
    cell.trades += 1;
    if (t.pnl.gt(0)) cell.wins += 1;
    cells.set(id, cell);
  }
  return [...cells.values()].sort(
    (a, b) => a.key.localeCompare(b.key) || a.currency.localeCompare(b.currency),
  );
}
