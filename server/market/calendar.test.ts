import { describe, expect, it } from 'vitest';
import { createCalendar, TURKISH_HOLIDAYS } from './calendar';

/** An Istanbul wall-clock time (UTC+3) as epoch ms. */
function ist(date: string, time: string): number {
  return Date.parse(`${date}T${time}:00+03:00`);
}

describe('BIST session calendar', () => {
  const calendar = createCalendar({ alwaysOpen: false });

  it('opens at 10:00 and closes at 18:00 on a weekday', () => {
    const before = calendar.status('BIST', ist('2026-11-24', '09:59'));
    expect(before).toMatchObject({ state: 'closed', open: false, holiday: null });
    expect(before.nextOpen).toBe(ist('2026-11-24', '10:00'));
    expect(before.nextClose).toBe(ist('2026-11-24', '18:00'));

    const open = calendar.status('BIST', ist('2026-11-24', '10:00'));
    expect(open).toMatchObject({ market: 'BIST', state: 'open', open: true });
    expect(open.nextClose).toBe(ist('2026-11-24', '18:00'));
    expect(open.nextOpen).toBe(ist('2026-11-25', '10:00'));
    expect(calendar.isOpen(ist('2026-11-24', '17:59'))).toBe(true);

    const after = calendar.status('BIST', ist('2026-11-24', '18:00'));
    expect(after).toMatchObject({ state: 'closed', open: false });
    expect(after.nextOpen).toBe(ist('2026-11-25', '10:00'));
    expect(calendar.nextChange(ist('2026-11-24', '12:00'))).toBe(ist('2026-11-24', '18:00'));
    expect(calendar.nextChange(ist('2026-11-24', '19:00'))).toBe(ist('2026-11-25', '10:00'));
  });

  it('is shut at the weekend and opens again on Monday', () => {
    for (const at of [ist('2026-11-21', '12:00'), ist('2026-11-22', '23:59')]) {
      const status = calendar.status('BIST', at);
      expect(status).toMatchObject({ state: 'weekend', open: false });
      expect(status.nextOpen).toBe(ist('2026-11-23', '10:00'));
    }
    expect(calendar.status('BIST', ist('2026-11-20', '18:30')).nextOpen).toBe(ist('2026-11-23', '10:00'));
  });

  it('is shut on a public holiday and names it', () => {
    const status = calendar.status('BIST', ist('2026-10-29', '11:00'));
    expect(status).toMatchObject({ state: 'holiday', open: false, holiday: 'republic_day' });
    expect(status.nextOpen).toBe(ist('2026-10-30', '10:00'));
    expect(calendar.session(calendar.dayOf(ist('2026-10-29', '11:00')))).toBeNull();
    expect(calendar.status('BIST', ist('2027-01-01', '11:00'))).toMatchObject({
      state: 'holiday',
      holiday: 'new_year',
    });
  });

  it('trades a half day until 12:30', () => {
    const morning = calendar.status('BIST', ist('2026-10-28', '11:00'));
    expect(morning).toMatchObject({ state: 'open', open: true, holiday: 'republic_day_eve' });
    expect(morning.nextClose).toBe(ist('2026-10-28', '12:30'));
    const afternoon = calendar.status('BIST', ist('2026-10-28', '12:30'));
    expect(afternoon).toMatchObject({ state: 'closed', open: false });
    // The 29th is Republic Day, so the next session is the 30th.
    expect(afternoon.nextOpen).toBe(ist('2026-10-30', '10:00'));
  });

  it('finds the next open across a long feast and a weekend', () => {
    // Kurban Bayramı 2026: arife Tue 26 May (half day), feast Wed 27 – Fri 29, then the weekend.
    const status = calendar.status('BIST', ist('2026-05-26', '13:00'));
    expect(status).toMatchObject({ state: 'closed', open: false });
    expect(status.nextOpen).toBe(ist('2026-06-01', '10:00'));
    expect(status.nextClose).toBe(ist('2026-06-01', '18:00'));
    expect(calendar.status('BIST', ist('2026-05-28', '10:30'))).toMatchObject({
      state: 'holiday',
      holiday: 'sacrifice_feast',
    });
  });

  it('takes its holidays from configuration', () => {
    const custom = createCalendar({
      alwaysOpen: false,
      holidays: [{ date: '2026-11-24', key: 'test_day', half: false }],
    });
    expect(custom.status('BIST', ist('2026-11-24', '11:00'))).toMatchObject({
      state: 'holiday',
      holiday: 'test_day',
    });
    expect(custom.isOpen(ist('2026-10-29', '11:00'))).toBe(true);
    expect(TURKISH_HOLIDAYS.length).toBeGreaterThan(20);
  });

  it('is always open under the switch, and coins always trade', () => {
    const always = createCalendar({ alwaysOpen: true });
    const sunday = ist('2026-11-22', '03:00');
    expect(always.status('BIST', sunday)).toMatchObject({
      state: 'always_open',
      open: true,
      nextOpen: null,
      nextClose: null,
    });
    expect(always.isOpen(sunday)).toBe(true);
    expect(always.nextChange(sunday)).toBeNull();
    expect(calendar.status('CRYPTO', sunday)).toMatchObject({ market: 'CRYPTO', state: 'open', open: true });
  });
});
