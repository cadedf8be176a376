import { describe, expect, it, vi } from 'vitest';
import { fromChartTime, tickMarkLabels, toChartTime } from './chart-time';

// lightweight-charts' TickMarkType: Year, Month, DayOfMonth, Time, TimeWithSeconds.
const [YEAR, MONTH, DAY, TIME, SECONDS] = [0, 1, 2, 3, 4];
/** 24 Nov 2026 00:05:07 on an Istanbul wall clock, as the chart holds it. */
const MIDNIGHT = toChartTime(Date.UTC(2026, 10, 23, 21, 5, 7) / 1000);

describe('tickMarkLabels', () => {
  it('labels each mark kind in Istanbul wall time, in the reader’s language', () => {
    const tr = tickMarkLabels('tr-TR');
    const en = tickMarkLabels('en-US');
    expect([YEAR, MONTH, DAY].map((type) => tr(MIDNIGHT, type))).toEqual(['2026', 'Kas', '24']);
    expect([YEAR, MONTH, DAY].map((type) => en(MIDNIGHT, type))).toEqual(['2026', 'Nov', '24']);
    // 24-hour on the axis in both languages, and midnight is 00, never 24.
    expect(tr(MIDNIGHT, TIME)).toBe('00:05');
    expect(en(MIDNIGHT, TIME)).toBe('00:05');
    expect(en(MIDNIGHT, SECONDS)).toBe('00:05:07');
  });

  it('formats each label once: a repaint asks for the same few again', () => {
    // `format` is a getter returning a bound function (ECMA-402): one read per label made.
    const format = vi.spyOn(Intl.DateTimeFormat.prototype as { format: unknown }, 'format', 'get');
    try {
      const label = tickMarkLabels('tr-TR');
      for (let i = 0; i < 50; i += 1) label(MIDNIGHT + 900 * (i % 5), TIME);
      expect(format).toHaveBeenCalledTimes(5);
      expect(label(MIDNIGHT + 900, TIME)).toBe('00:20');
    } finally {
      format.mockRestore();
    }
  });

  it('gives an empty label for what the chart should never pass', () => {
    const label = tickMarkLabels('en-US');
    expect(label('2026-11-24', TIME)).toBe('');
    expect(label(MIDNIGHT, 7)).toBe('');
    expect(label(MIDNIGHT, Number.NaN)).toBe('');
  });

  it('keeps a bar’s time through the shift and back', () => {
    expect(fromChartTime(MIDNIGHT)).toBe(Date.UTC(2026, 10, 23, 21, 5, 7));
  });
});
