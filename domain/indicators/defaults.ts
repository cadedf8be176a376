import {
  MAIN_INDICATORS,
  SUB_INDICATORS,
  type IndicatorConfig,
  type IndicatorPeriods,
  type MainIndicator,
  type SubIndicator,
} from './types';

/** What Turkish and Chinese broker apps show out of the box. */
export const DEFAULT_PERIODS: IndicatorPeriods = {
  SMA: [5, 10, 30],
  EMA: [5, 10, 30],
  BOLL: [20, 2],
  VOL: [5, 10],
  MACD: [12, 26, 9],
  KDJ: [9, 3, 3],
  RSI: [6, 12, 24],
};

export const DEFAULT_INDICATOR_CONFIG: IndicatorConfig = {
  main: 'SMA',
  sub: 'VOL',
  periods: DEFAULT_PERIODS,
};

const MAX_PERIOD = 500;
const isPeriod = (p: unknown): p is number =>
  Number.isInteger(p) && (p as number) >= 1 && (p as number) <= MAX_PERIOD;

function periodList(raw: unknown, fallback: number[]): number[] {
  if (!Array.isArray(raw) || raw.length === 0 || raw.length > 6 || !raw.every(isPeriod)) return fallback;
  return raw;
}

function periodTriple(raw: unknown, fallback: [number, number, number]): [number, number, number] {
  if (!Array.isArray(raw) || raw.length !== 3) return fallback;
  const [a, b, c] = raw as unknown[];
  return isPeriod(a) && isPeriod(b) && isPeriod(c) ? [a, b, c] : fallback;
}

function bollPeriods(raw: unknown, fallback: [number, number]): [number, number] {
  if (!Array.isArray(raw) || raw.length !== 2) return fallback;
  const [period, width] = raw as unknown[];
  if (!isPeriod(period) || typeof width !== 'number' || !(width > 0 && width <= 10)) return fallback;
  return [period, width];
}

const field = (raw: unknown, key: string): unknown =>
  typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>)[key] : undefined;

export const parseMainIndicator = (raw: unknown): MainIndicator =>
  MAIN_INDICATORS.find((m) => m === raw) ?? DEFAULT_INDICATOR_CONFIG.main;

export const parseSubIndicator = (raw: unknown): SubIndicator =>
  SUB_INDICATORS.find((s) => s === raw) ?? DEFAULT_INDICATOR_CONFIG.sub;

/**
 * Reads a persisted or user-edited configuration (`mainInd`, `subInd` and periods from storage):
 * whatever is missing or out of range falls back to the default, so a stale or hand-edited value
 * can never break the chart.
 */
export function parseIndicatorConfig(raw: unknown): IndicatorConfig {
  const periods = field(raw, 'periods');
  const d = DEFAULT_PERIODS;
  return {
    main: parseMainIndicator(field(raw, 'main')),
    sub: parseSubIndicator(field(raw, 'sub')),
    periods: {
      SMA: periodList(field(periods, 'SMA'), d.SMA),
      EMA: periodList(field(periods, 'EMA'), d.EMA),
      BOLL: bollPeriods(field(periods, 'BOLL'), d.BOLL),
      VOL: periodList(field(periods, 'VOL'), d.VOL),
      MACD: periodTriple(field(periods, 'MACD'), d.MACD),
      KDJ: periodTriple(field(periods, 'KDJ'), d.KDJ),
      RSI: periodList(field(periods, 'RSI'), d.RSI),
    },
  };
}
