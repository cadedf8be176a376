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
