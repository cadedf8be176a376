import { describe, it, expect } from 'vitest';
import { formatDate, formatDateTime, formatLocalDate, formatTime, perLocaleFormat } from './date';
import { formatDayLabel } from './day-label';
import type { EpochInput } from './date';
import { EMPTY } from './number';

// Instants are written in UTC; Istanbul is UTC+3 all year since September 2016.
const utc = (y: number, mo: number, d: number, h = 0, mi = 0) => Date.UTC(y, mo - 1, d, h, mi);

const AFTERNOON = utc(2026, 3, 5, 11, 7); // 05-03-2026 14:07 in Istanbul
const AFTER_MIDNIGHT = utc(2026, 3, 4, 21, 30); // still 4 March in UTC, already 5 March 00:30 in Istanbul
const NOON = utc(2026, 3, 5, 9, 0);
const NEW_YEAR = utc(2025, 12, 31, 21, 0); // 01-01-2026 00:00 in Istanbul
const OLD_YEAR_END = utc(2025, 12, 31, 20, 59); // 31-12-2025 23:59 in Istanbul
const LEAP_DAY = utc(2024, 2, 28, 21, 15); // 29-02-2024 00:15 in Istanbul
const AFTER_LEAP_DAY = utc(2024, 2, 29, 21, 0); // 01-03-2024 00:00 in Istanbul
const UTC_NEW_YEAR = utc(2026, 1, 1, 0, 0); // 03:00 in Istanbul
const WINTER = utc(2026, 1, 15, 12, 0);
const SUMMER = utc(2026, 7, 15, 12, 0);

const UNUSABLE: [string, unknown][] = [
  ['null', null],
  ['undefined', undefined],
  ['zero', 0],
  ['string zero', '0'],
  ['negative', -1],
  ['negative string', '-5'],
  ['NaN', Number.NaN],
  ['Infinity', Number.POSITIVE_INFINITY],
  ['empty string', ''],
  ['letters', 'abc'],
  ['exponent string', '1.5e12'],
  ['fractional string', '1772708820000.5'],
  ['padded string', ' 1772708820000'],
  ['ISO string', '2026-03-05T11:07:00Z'],
  ['beyond Date range', 8.64e15 + 1],
  ['object', {}],
  ['Date object', new Date(AFTERNOON)],
];

const unusable = (v: unknown) => v as EpochInput;

describe('formatDateTime', () => {
  it.each<[string, EpochInput, string, string]>([
    ['afternoon', AFTERNOON, '05.03.2026 14:07', '03/05/2026, 2:07 PM'],
    ['numeric string', '1772708820000', '05.03.2026 14:07', '03/05/2026, 2:07 PM'],
    [
      'UTC 21:30 rolls into the next Istanbul day',
      AFTER_MIDNIGHT,
      '05.03.2026 00:30',
      '03/05/2026, 12:30 AM',
    ],
    ['noon is 12 PM', NOON, '05.03.2026 12:00', '03/05/2026, 12:00 PM'],
    ['new year in Istanbul before UTC', NEW_YEAR, '01.01.2026 00:00', '01/01/2026, 12:00 AM'],
    ['last minute of the year', OLD_YEAR_END, '31.12.2025 23:59', '12/31/2025, 11:59 PM'],
    ['leap day', LEAP_DAY, '29.02.2024 00:15', '02/29/2024, 12:15 AM'],
    ['day after a leap day', AFTER_LEAP_DAY, '01.03.2024 00:00', '03/01/2024, 12:00 AM'],
    ['UTC midnight is 03:00', UTC_NEW_YEAR, '01.01.2026 03:00', '01/01/2026, 3:00 AM'],
    ['winter is +3', WINTER, '15.01.2026 15:00', '01/15/2026, 3:00 PM'],
    ['summer is +3 too', SUMMER, '15.07.2026 15:00', '07/15/2026, 3:00 PM'],
    // Before 2016 Istanbul kept DST; the zone database shows the offset in force then (+2 in winter).
    ['historic winter offset', utc(2015, 1, 15, 12, 0), '15.01.2015 14:00', '01/15/2015, 2:00 PM'],
    [
      'seconds are dropped, not rounded',
      utc(2026, 3, 5, 11, 7) + 59_999,
      '05.03.2026 14:07',
      '03/05/2026, 2:07 PM',
    ],
    ['first millisecond of the epoch', 1, '01.01.1970 02:00', '01/01/1970, 2:00 AM'],
  ])('%s', (_label, ms, tr, en) => {
    expect(formatDateTime(ms, 'tr-TR')).toBe(tr);
    expect(formatDateTime(ms, 'en-US')).toBe(en);
  });

  it.each(UNUSABLE)('shows %s as --', (_label, value) => {
    expect(formatDateTime(unusable(value), 'tr-TR')).toBe(EMPTY);
    expect(formatDateTime(unusable(value), 'en-US')).toBe(EMPTY);
  });
});

describe('formatDate', () => {
  it.each<[string, EpochInput, string, string, string]>([
    ['afternoon', AFTERNOON, '05-03-2026', '2026-03-05', '03.05'],
    ['numeric string', '1772708820000', '05-03-2026', '2026-03-05', '03.05'],
    ['next Istanbul day', AFTER_MIDNIGHT, '05-03-2026', '2026-03-05', '03.05'],
    ['new year', NEW_YEAR, '01-01-2026', '2026-01-01', '01.01'],
    ['year end', OLD_YEAR_END, '31-12-2025', '2025-12-31', '12.31'],
    ['leap day', LEAP_DAY, '29-02-2024', '2024-02-29', '02.29'],
    ['day after a leap day', AFTER_LEAP_DAY, '01-03-2024', '2024-03-01', '03.01'],
  ])('%s', (_label, ms, ddmmyyyy, yyyymmdd, mmdd) => {
    expect(formatDate(ms, 'dd-mm-yyyy')).toBe(ddmmyyyy);
    expect(formatDate(ms, 'yyyy-mm-dd')).toBe(yyyymmdd);
    expect(formatDate(ms, 'mm.dd')).toBe(mmdd);
  });

  it('defaults to dd-mm-yyyy', () => {
    expect(formatDate(AFTERNOON)).toBe('05-03-2026');
  });

  it.each(UNUSABLE)('shows %s as --', (_label, value) => {
    expect(formatDate(unusable(value), 'yyyy-mm-dd')).toBe(EMPTY);
    expect(formatDate(unusable(value), 'mm.dd')).toBe(EMPTY);
  });
});

describe('formatLocalDate', () => {
  it.each<[string, EpochInput, string, string]>([
    ['afternoon', AFTERNOON, '05.03.2026', '03/05/2026'],
    ['next Istanbul day', AFTER_MIDNIGHT, '05.03.2026', '03/05/2026'],
    ['year end', OLD_YEAR_END, '31.12.2025', '12/31/2025'],
    ['leap day', LEAP_DAY, '29.02.2024', '02/29/2024'],
  ])('%s', (_label, ms, tr, en) => {
    expect(formatLocalDate(ms, 'tr-TR')).toBe(tr);
    expect(formatLocalDate(ms, 'en-US')).toBe(en);
  });

  it("is the date part of the same instant's date and time", () => {
    expect(formatDateTime(AFTERNOON, 'en-US').startsWith(`${formatLocalDate(AFTERNOON, 'en-US')},`)).toBe(
      true,
    );
    expect(formatDateTime(AFTERNOON, 'tr-TR').startsWith(formatLocalDate(AFTERNOON, 'tr-TR'))).toBe(true);
  });

  it.each(UNUSABLE)('shows %s as --', (_label, value) => {
    expect(formatLocalDate(unusable(value), 'tr-TR')).toBe(EMPTY);
    expect(formatLocalDate(unusable(value), 'en-US')).toBe(EMPTY);
  });
});

describe('formatTime', () => {
  it.each<[string, EpochInput, string, string]>([
    ['afternoon', AFTERNOON, '14:07', '2:07 PM'],
    ['just after midnight', AFTER_MIDNIGHT, '00:30', '12:30 AM'],
    ['noon', NOON, '12:00', '12:00 PM'],
    ['one minute before midnight', OLD_YEAR_END, '23:59', '11:59 PM'],
    ['morning', UTC_NEW_YEAR, '03:00', '3:00 AM'],
    ['numeric string', '1772708820000', '14:07', '2:07 PM'],
  ])('%s', (_label, ms, tr, en) => {
    expect(formatTime(ms, 'tr-TR')).toBe(tr);
    expect(formatTime(ms, 'en-US')).toBe(en);
  });

  it.each(UNUSABLE)('shows %s as --', (_label, value) => {
    expect(formatTime(unusable(value), 'tr-TR')).toBe(EMPTY);
    expect(formatTime(unusable(value), 'en-US')).toBe(EMPTY);
  });
});

describe('formatDayLabel', () => {
  const NOW = AFTERNOON; // 5 March 2026, 14:07 in Istanbul

  it.each<[string, EpochInput, EpochInput, string, string]>([
    ['the same instant', NOW, NOW, 'Bugün', 'Today'],
    ['earlier today, on the previous UTC date', AFTER_MIDNIGHT, NOW, 'Bugün', 'Today'],
    ['later today (clock skew)', utc(2026, 3, 5, 20, 59), NOW, 'Bugün', 'Today'],
    ['last minute of yesterday', utc(2026, 3, 4, 20, 59), NOW, 'Dün', 'Yesterday'],
    ['first minute of yesterday', utc(2026, 3, 3, 21, 0), NOW, 'Dün', 'Yesterday'],
    ['two days ago', utc(2026, 3, 3, 20, 59), NOW, '03.03.2026', '03/03/2026'],
    ['tomorrow', utc(2026, 3, 6, 9, 0), NOW, '06.03.2026', '03/06/2026'],
    // Twenty minutes ago, but across Istanbul midnight: a calendar day, not a 24-hour span.
    [
      'twenty minutes ago across midnight',
      utc(2026, 3, 4, 20, 50),
      utc(2026, 3, 4, 21, 10),
      'Dün',
      'Yesterday',
    ],
    ['23 hours ago on the same day', utc(2026, 3, 4, 21, 0), utc(2026, 3, 5, 20, 0), 'Bugün', 'Today'],
    ['across the year boundary', utc(2025, 12, 31, 10, 0), utc(2026, 1, 1, 9, 0), 'Dün', 'Yesterday'],
    ['across a leap day', utc(2024, 2, 29, 9, 0), utc(2024, 3, 1, 9, 0), 'Dün', 'Yesterday'],
    ['two days across a leap day', utc(2024, 2, 28, 9, 0), utc(2024, 3, 1, 9, 0), '28.02.2024', '02/28/2024'],
    ['a year ago', utc(2025, 3, 5, 11, 7), NOW, '05.03.2025', '03/05/2025'],
    ['numeric strings', '1772708820000', String(NOW), 'Bugün', 'Today'],
    ['unusable now falls back to the date', AFTERNOON, null, '05.03.2026', '03/05/2026'],
    ['zero now falls back to the date', AFTERNOON, 0, '05.03.2026', '03/05/2026'],
  ])('%s', (_label, ms, now, tr, en) => {
    expect(formatDayLabel(ms, now, 'tr-TR')).toBe(tr);
    expect(formatDayLabel(ms, now, 'en-US')).toBe(en);
  });

  it.each(UNUSABLE)('shows %s as --', (_label, value) => {
    expect(formatDayLabel(unusable(value), NOW, 'tr-TR')).toBe(EMPTY);
    expect(formatDayLabel(unusable(value), NOW, 'en-US')).toBe(EMPTY);
  });
});

describe('perLocaleFormat', () => {
  const clock = perLocaleFormat((locale) => ({
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hour12: locale === 'en-US',
  }));

  it('reads the clock in Istanbul, in each locale its own way', () => {
    // 11:07:09 UTC is 14:07:09 in Istanbul.
    const at = AFTERNOON + 9_000;
    expect(clock('tr-TR').format(at)).toBe('14:07:09');
    expect(clock('en-US').format(at)).toBe('02:07:09 PM');
  });

  it('builds one format per locale and hands the same one back', () => {
    expect(clock('tr-TR')).toBe(clock('tr-TR'));
    expect(clock('en-US')).toBe(clock('en-US'));
    expect(clock('tr-TR')).not.toBe(clock('en-US'));
  });
});
