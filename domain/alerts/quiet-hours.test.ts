import { describe, expect, it } from 'vitest';
import { clockMinutes, clockText, inQuietHours } from './quiet-hours';

describe('quiet hours on Istanbul time, worked by hand', () => {
  const at = (iso: string) => Date.parse(iso);
  const night = [clockMinutes('22:00'), clockMinutes('07:00')] as const;

  it('reads and writes the clock', () => {
    expect(clockMinutes('22:00')).toBe(1320);
    expect(clockMinutes('07:05')).toBe(425);
    expect(clockMinutes('24:00')).toBeNull();
    expect(clockMinutes('')).toBeNull();
    expect(clockText(425)).toBe('07:05');
  });

  it('a span over midnight: 22:00–07:00 Istanbul is 19:00–04:00 UTC', () => {
    expect(inQuietHours(at('2026-11-28T18:59:59Z'), ...night)).toBe(false); // 21:59 local
    expect(inQuietHours(at('2026-11-28T19:00:00Z'), ...night)).toBe(true); // 22:00
    expect(inQuietHours(at('2026-11-28T23:30:00Z'), ...night)).toBe(true); // 02:30
    expect(inQuietHours(at('2026-11-29T03:59:00Z'), ...night)).toBe(true); // 06:59
    expect(inQuietHours(at('2026-11-29T04:00:00Z'), ...night)).toBe(false); // 07:00
  });

  it('a span within a day, and none', () => {
    const lunch = [clockMinutes('12:00'), clockMinutes('13:30')] as const;
    expect(inQuietHours(at('2026-11-28T09:15:00Z'), ...lunch)).toBe(true); // 12:15
    expect(inQuietHours(at('2026-11-28T10:30:00Z'), ...lunch)).toBe(false); // 13:30
    expect(inQuietHours(at('2026-11-28T09:15:00Z'), null, null)).toBe(false);
  });
});
