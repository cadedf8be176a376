import { describe, expect, it } from 'vitest';
import {
  atTheMoney,
  optionExpiries,
  strikeGrid,
  strikeOffered,
  strikeStep,
  tradingMsBetween,
  yearsToExpiry,
} from './grid';

const DAY = 86_400_000;
/** Istanbul day numbers: 2026-11-23 is a Monday. */
const MON = Math.floor(Date.parse('2026-11-23T00:00:00Z') / DAY);
/** 18:00 Istanbul = 15:00 UTC. */
const closeOf = (day: number) => day * DAY + 15 * 3_600_000;
const weekdays = (from: number, days: number, skip: number[] = []) => {
  const list = [];
  for (let day = from; day < from + days; day++) {
    const weekday = (day + 4) % 7;
    if (weekday !== 0 && weekday !== 6 && !skip.includes(day))
      list.push({ day, open: closeOf(day) - 8 * 3_600_000, close: closeOf(day) });
  }
  return list;
};

describe('the strike grid', () => {
  it('steps by a round share of the spot, on the spot’s tick', () => {
    // 100.00 TL = 10000 steps × 2.5% = 250 → 2.50 TL; 20.00 × 2.5% = 0.50; 56.78 × 2.5% = 1.4195 → 1.00;
    // 1234 × 2.5% = 30.85 → 25; 3.00 × 2.5% = 0.075 → 0.05;  0.20 × 2.5% → below a tick → 0.01
    expect(strikeStep(10_000, 0.025)).toBe(250);
    expect(strikeStep(2_000, 0.025)).toBe(50);
    expect(strikeStep(5_678, 0.025)).toBe(100);
    expect(strikeStep(123_400, 0.025)).toBe(2_500);
    expect(strikeStep(300, 0.025)).toBe(5);
    expect(strikeStep(20, 0.025)).toBe(1);
    // 19.00: 0.475 → 0.25, a multiple of the 0.01 tick
    expect(strikeStep(1_900, 0.025)).toBe(25);
  });

  it('lays ±5 steps around the at-the-money strike', () => {
    // spot 101.37, step 2.50: ATM = round(101.37/2.5)·2.5 = 41·2.5 = 102.50; 90.00 … 115.00
    expect(atTheMoney(10_137, 250)).toBe(10_250);
    expect(strikeGrid(10_137, 0.025, 5)).toEqual([
      9_000, 9_250, 9_500, 9_750, 10_000, 10_250, 10_500, 10_750, 11_000, 11_250, 11_500,
    ]);
    // spot 0.30: step 0.01, ATM 0.30, the grid stops above zero: 0.25 … 0.35
    expect(strikeGrid(30, 0.025, 5)).toEqual([25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35]);
    // spot 0.03: 0.01 … 0.08 (no zero or negative strikes)
    expect(strikeGrid(3, 0.025, 5)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('drops a strike off its own tick', () => {
    // 19.00: step 0.25, ATM 19.00, up to 20.25 — at ≥ 20 the tick is 0.02: 20.25 is off it, 20.00 and 20.50 are on it
    const grid = strikeGrid(1_900, 0.025, 6);
    expect(grid).toContain(2_000);
    expect(grid).toContain(2_050);
    expect(grid).not.toContain(2_025);
  });

  it('still offers a strike one step past the grid after the spot moved', () => {
    // spot moved 100.00 → 101.37: the grid was 87.50 … 112.50, now 90.00 … 115.00 (ATM 102.50);
    // 87.50 is 6 steps from it (still offered), 85.00 is 7 (not)
    expect(strikeOffered(8_750, 10_137, 0.025, 5)).toBe(true);
    expect(strikeOffered(8_500, 10_137, 0.025, 5)).toBe(false);
    expect(strikeOffered(9_000, 10_137, 0.025, 5)).toBe(true);
    expect(strikeOffered(8_750, 10_000, 0.025, 5)).toBe(true);
    expect(strikeOffered(11_750, 10_137, 0.025, 5)).toBe(true);
    expect(strikeOffered(12_000, 10_137, 0.025, 5)).toBe(false);
    expect(strikeOffered(10_010, 10_137, 0.025, 5)).toBe(false);
    expect(strikeOffered(0, 3, 0.025, 5)).toBe(false);
  });
});

describe('expiries on the market calendar', () => {
  const noon = MON * DAY + 9 * 3_600_000; // Monday 12:00 Istanbul
  const sessions = weekdays(MON, 70);

  it('offers today’s close, the week’s last and the month’s last', () => {
    // Mon 23 Nov 2026: today 18:00; Friday 27 Nov; Monday 30 Nov (November's last session)
    expect(optionExpiries(sessions, noon, 3_600_000)).toEqual([
      { kind: 'day', expiresAt: closeOf(MON) },
      { kind: 'week', expiresAt: closeOf(MON + 4) },
      { kind: 'month', expiresAt: closeOf(MON + 7) },
    ]);
  });

  it('moves to the next session inside the minimum life, and past a period that would repeat', () => {
    // Friday 27 Nov 17:30 with an hour's minimum life: day = Monday 30 Nov, which is also November's
    // last session, so week = Friday 4 Dec and month = Thursday 31 Dec
    const fri = MON + 4;
    const late = fri * DAY + 14.5 * 3_600_000;
    expect(optionExpiries(sessions, late, 3_600_000)).toEqual([
      { kind: 'day', expiresAt: closeOf(MON + 7) },
      { kind: 'week', expiresAt: closeOf(MON + 11) },
      { kind: 'month', expiresAt: closeOf(MON + 38) },
    ]);
  });

  it('ends a week on its last session before a holiday', () => {
    // Friday 27 Nov a holiday: the week ends Thursday 26 Nov
    const list = weekdays(MON, 70, [MON + 4]);
    expect(optionExpiries(list, noon, 0)[1]).toEqual({ kind: 'week', expiresAt: closeOf(MON + 3) });
  });

  it('leaves out what a short calendar cannot place', () => {
    expect(optionExpiries(weekdays(MON, 3), noon, 0)).toEqual([{ kind: 'day', expiresAt: closeOf(MON) }]);
    expect(optionExpiries([], noon, 0)).toEqual([]);
  });

  it('counts time to expiry in 365-day years', () => {
    expect(yearsToExpiry(0, 365 * DAY)).toBe(1);
    expect(yearsToExpiry(0, 6 * 3_600_000)).toBeCloseTo(0.000684931506849315, 15);
    expect(yearsToExpiry(10, 5)).toBe(0);
  });
});

describe('trading time to expiry', () => {
  const HOUR = 3_600_000;
  const sessions = weekdays(MON, 14);
  // Monday 23 Nov 12:00 Istanbul (09:00 UTC); the session runs 10:00–18:00.
  const mondayNoon = MON * DAY + 9 * HOUR;
  it('counts only the sessions’ hours on the exchange calendar', () => {
    // To Monday's close: 6 h. To Friday's: 6 + 4 × 8 = 38 h, whatever the nights between.
    expect(tradingMsBetween(sessions, mondayNoon, closeOf(MON))).toBe(6 * HOUR);
    expect(tradingMsBetween(sessions, mondayNoon, closeOf(MON + 4))).toBe(38 * HOUR);
    // Over the weekend to the next Monday's close: 38 + 8 = 46 h (Saturday and Sunday add nothing).
    expect(tradingMsBetween(sessions, mondayNoon, closeOf(MON + 7))).toBe(46 * HOUR);
    // From Saturday noon to Monday's close: one session.
    expect(tradingMsBetween(sessions, mondayNoon + 5 * DAY, closeOf(MON + 7))).toBe(8 * HOUR);
  });
  it('is all of the time around the clock, and nothing once expired', () => {
    expect(tradingMsBetween(null, mondayNoon, closeOf(MON + 4))).toBe(4 * DAY + 6 * HOUR);
    expect(tradingMsBetween(sessions, closeOf(MON), closeOf(MON))).toBe(0);
    expect(tradingMsBetween(null, closeOf(MON) + 1, closeOf(MON))).toBe(0);
  });
});
