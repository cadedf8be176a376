import { bistTickSteps, onBistTick } from '../market/ticks';
import { DAY_MS } from '../time';

/**
 * Where options are offered: strikes on a grid around the spot and expiries on session closes.
 * Prices here are BIST integer steps of 0.01 (domain/market/ticks): options are on stocks only.
 */

export const YEAR_MS = 365 * DAY_MS;

/** Time to expiry in (365-day) years, never negative. */
export function yearsToExpiry(now: number, expiresAt: number): number {
  return expiresAt > now ? (expiresAt - now) / YEAR_MS : 0;
}

const NICE = [5, 2.5, 2, 1] as const;

/**
 * The distance between strikes for a spot: the largest "round" number (1, 2, 2.5, 5 × 10^k steps)
 * not above spot × stepRate, then up to a multiple of the spot's tick. Round steps keep the grid
 * still while the spot wanders inside a band of prices, so the strike a ticket showed is usually
 * still offered when it is bought.
 */
export function strikeStep(spotSteps: number, stepRate: number): number {
  const raw = spotSteps * stepRate;
  let step = 1;
  if (raw >= 1) {
    const power = 10 ** Math.floor(Math.log10(raw));
    for (const nice of NICE) {
      const candidate = nice * power;
      if (candidate <= raw && Number.isInteger(candidate)) {
        step = candidate;
        break;
      }
    }
  }
  const tick = bistTickSteps(spotSteps);
  return Math.ceil(step / tick) * tick;
}

/** The at-the-money strike: the grid point nearest the spot. */
export function atTheMoney(spotSteps: number, step: number): number {
  return Math.max(step, Math.round(spotSteps / step) * step);
}

/**
 * The offered strikes, ascending: the at-the-money strike and `each` steps either side, positive
 * and on their own tick (a strike across a tick band may not be).
 */
export function strikeGrid(spotSteps: number, stepRate: number, each: number): number[] {
  const step = strikeStep(spotSteps, stepRate);
  const atm = atTheMoney(spotSteps, step);
  const strikes: number[] = [];
  for (let i = -each; i <= each; i++) {
    const strike = atm + i * step;
    if (strike > 0 && onBistTick(strike)) strikes.push(strike);
  }
  return strikes;
}

/**
 * Whether a strike is offered at this spot: on the grid, or one step beyond its ends, so a
 * ticket opened before the spot moved half a step is not refused for that alone.
 */
export function strikeOffered(
  strikeSteps: number,
  spotSteps: number,
  stepRate: number,
  each: number,
): boolean {
  const step = strikeStep(spotSteps, stepRate);
  const atm = atTheMoney(spotSteps, step);
  return (
    strikeSteps > 0 &&
    strikeSteps % step === 0 &&
    Math.abs(strikeSteps - atm) <= (each + 1) * step &&
    onBistTick(strikeSteps)
  );
}

/** A session by its Istanbul calendar day (days since 1970-01-01) and the instants it opens and closes. */
export type SessionClose = { day: number; open: number; close: number };

/**
 * The time the underlying trades between `now` and `expiresAt`: the parts of the sessions inside
 * that span, or all of it when the market trades around the clock (`sessions` null). An option's
 * value grows with this, not with calendar time: a stock does not move over a weekend.
 */
export function tradingMsBetween(
  sessions: readonly { open: number; close: number }[] | null,
  now: number,
  expiresAt: number,
): number {
  if (expiresAt <= now) return 0;
  if (sessions === null) return expiresAt - now;
  let total = 0;
  for (const s of sessions) total += Math.max(0, Math.min(s.close, expiresAt) - Math.max(s.open, now));
  return total;
}
export type ExpiryKind = 'day' | 'week' | 'month';
export type Expiry = { kind: ExpiryKind; expiresAt: number };

/** Monday-based week number of a day (day 0, 1970-01-01, was a Thursday). */
const weekOf = (day: number) => Math.floor((day + 3) / 7);
const monthOf = (day: number) => {
  const date = new Date(day * DAY_MS);
  return date.getUTCFullYear() * 12 + date.getUTCMonth();
};

/** The last session of the first period (after `after`) whose key is reached by the sessions. */
function lastOfPeriod(
  sessions: readonly SessionClose[],
  key: (day: number) => number,
  after: number,
): SessionClose | null {
  let period: number | null = null;
  let last: SessionClose | null = null;
  for (const s of sessions) {
    if (period === null) period = key(s.day);
    else if (key(s.day) !== period) {
      if (last && last.close > after) return last;
      period = key(s.day);
    }
    last = s;
  }
  return null;
}

/**
 * The offered expiries from the coming sessions (ascending, e.g. the next ~70 days of the market
 * calendar): `day` the first session closing later than `now + minLifeMs`; `week` the last session
 * of that session's week, or of the next week when that is the same session; `month` likewise
 * after `week`. A kind the sessions cannot place (too short a list) is left out.
 */
export function optionExpiries(sessions: readonly SessionClose[], now: number, minLifeMs: number): Expiry[] {
  const eligible = sessions.filter((s) => s.close > now + minLifeMs);
  const first = eligible[0];
  if (!first) return [];
  const expiries: Expiry[] = [{ kind: 'day', expiresAt: first.close }];
  const week = lastOfPeriod(eligible, weekOf, first.close);
  if (!week) return expiries;
  expiries.push({ kind: 'week', expiresAt: week.close });
  const month = lastOfPeriod(eligible, monthOf, week.close);
  if (month) expiries.push({ kind: 'month', expiresAt: month.close });
  return expiries;
}
