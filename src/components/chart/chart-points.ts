import type { CandlestickData, UTCTimestamp } from 'lightweight-charts';
import type { ChartBar } from '../../../domain/market-data/contract';
import { toChartTime } from './chart-time';

/** A finite number a series point holds, or null (a whitespace point, a gap). */
export function valueIn(point: unknown): number | null {
  if (typeof point !== 'object' || point === null || !('value' in point)) return null;
  return typeof point.value === 'number' && Number.isFinite(point.value) ? point.value : null;
}

export function toCandle(bar: ChartBar): CandlestickData<UTCTimestamp> {
  const { open, high, low, close, volume } = bar;
  // The volume rides along so the legend has it whichever sub indicator is drawn.
  return { time: toChartTime(bar.time), open, high, low, close, customValues: { volume } };
}
