import type { UTCTimestamp } from 'lightweight-charts';
import { ISTANBUL_OFFSET_MS } from '../../../domain/market/instrument';
import { cachedLabels } from './label-cache';

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
  const kinds: ((time: number) => string)[] = [];
  return (time, type) => {
    const options = Number.isInteger(type) ? TICK_OPTIONS[type] : undefined;
    if (typeof time !== 'number' || options === undefined) return '';
    let label = kinds[type];
    if (!label) {
      const format = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });
      label = kinds[type] = cachedLabels((at) => format.format(at * 1000));
    }
    return label(time);
  };
}
