import { describe, expect, it } from 'vitest';
import { hoursAt, minutesOf } from './hours';

// Istanbul has kept UTC+3 all year since 2016: 09:00 there is 06:00Z. 2026-11-23 is a Monday.
const WEEKDAYS = { alwaysOpen: false, days: [1, 2, 3, 4, 5], from: '09:00', to: '17:00' };
const at = (iso: string) => Date.parse(iso);

describe('funding hours (Europe/Istanbul)', () => {
  it('reads HH:MM as minutes', () => {
    expect(minutesOf('09:30')).toBe(570);
    expect(minutesOf('24:00')).toBe(1440);
  });

  it('is open inside the window and closed at its end', () => {
    expect(hoursAt(WEEKDAYS, at('2026-11-23T06:00:00Z'))).toEqual({ open: true, nextOpen: null });
    expect(hoursAt(WEEKDAYS, at('2026-11-23T13:59:59Z'))).toEqual({ open: true, nextOpen: null });
    // 17:00 Istanbul on Monday: the next opening is Tuesday 09:00 Istanbul.
    expect(hoursAt(WEEKDAYS, at('2026-11-23T14:00:00Z'))).toEqual({
      open: false,
      nextOpen: at('2026-11-24T06:00:00Z'),
    });
  });

  it('opens later today when it is still early', () => {
    // 08:59 Istanbul Monday.
    expect(hoursAt(WEEKDAYS, at('2026-11-23T05:59:00Z'))).toEqual({
      open: false,
      nextOpen: at('2026-11-23T06:00:00Z'),
    });
  });

  it('skips the weekend, across the UTC date line too', () => {
    // Saturday 12:00 Istanbul → Monday 09:00.
    expect(hoursAt(WEEKDAYS, at('2026-11-28T09:00:00Z')).nextOpen).toBe(at('2026-11-30T06:00:00Z'));
    // Friday 22:30Z is already Saturday 01:30 in Istanbul.
    expect(hoursAt(WEEKDAYS, at('2026-11-27T22:30:00Z'))).toEqual({
      open: false,
      nextOpen: at('2026-11-30T06:00:00Z'),
    });
    // Sunday 23:30Z is Monday 02:30 in Istanbul: opens that morning.
    expect(hoursAt(WEEKDAYS, at('2026-11-29T23:30:00Z')).nextOpen).toBe(at('2026-11-30T06:00:00Z'));
  });

  it('runs to midnight with 24:00, and never opens without days', () => {
    const late = { alwaysOpen: false, days: [1], from: '00:00', to: '24:00' };
    expect(hoursAt(late, at('2026-11-23T20:59:00Z')).open).toBe(true);
    // Monday 23:59 Istanbul open; Tuesday 00:00 closed until next Monday.
    expect(hoursAt(late, at('2026-11-23T21:00:00Z'))).toEqual({
      open: false,
      nextOpen: at('2026-11-29T21:00:00Z'),
    });
    expect(hoursAt({ ...WEEKDAYS, days: [] }, at('2026-11-23T08:00:00Z'))).toEqual({
      open: false,
      nextOpen: null,
    });
  });

  it('is always open with the switch', () => {
    expect(hoursAt({ ...WEEKDAYS, alwaysOpen: true }, at('2026-11-28T09:00:00Z'))).toEqual({
      open: true,
      nextOpen: null,
    });
  });
});
