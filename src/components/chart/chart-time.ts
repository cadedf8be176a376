import type { UTCTimestamp } from 'lightweight-charts';
import { ISTANBUL_OFFSET_MS } from '../../../domain/market/instrument';

/**
 * lightweight-charts lays out its time axis in UTC. Every time on screen is Istanbul time
 * (DECISIONS §3, a fixed UTC+3), so bars are drawn shifted by the offset: a BIST day bar opening
 * at Istanbul midnight then sits on its own date instead of the evening before.
 */
const SHIFT_S = ISTANBUL_OFFSET_MS / 1000;

export function toChartTime(epochSeconds: number): UTCTimestamp {
  return (epochSeconds + SHIFT_S) as UTCTimestamp;
}

/** The real epoch in ms of a time read back from the chart. */
export function fromChartTime(time: unknown): number | null {
  return typeof time === 'number' ? (time - SHIFT_S) * 1000 : null;
}

// lightweight-charts' own tick labels call toLocaleString per label, which builds a new Intl
// format every time: the top function of the chart's first paint in a profile. One format per
// mark kind, each label made once (bars are shifted to Istanbul wall time, so the UTC fields are
// Istanbul's). 24-hour like the library's default, but with hourCycle so midnight is never "24".
const TICK_OPTIONS: Intl.DateTimeFormatOptions[] = [
  { year: 'numeric' },
  { month: 'short' },
  { day: 'numeric' },
  { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
  { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' },
];

/** A time-axis label maker for `locale`: (chart time, lightweight-charts' TickMarkType) → text. */
export function tickMarkLabels(locale: string): (time: unknown, type: number) => string {
  const formats: (Intl.DateTimeFormat | undefined)[] = [];
  const labels = new Map<number, string>();
  return (time, type) => {
    if (typeof time !== 'number' || !(type >= 0 && type < TICK_OPTIONS.length)) return '';
    const key = time * TICK_OPTIONS.length + type;
    let label = labels.get(key);
    if (label === undefined) {
      if (labels.size >= 2048) labels.clear();
      const format = (formats[type] ??= new Intl.DateTimeFormat(locale, {
        ...TICK_OPTIONS[type],
        timeZone: 'UTC',
      }));
      label = format.format(time * 1000);
      labels.set(key, label);
    }
    return label;
  };
}
