/**
 * Indicators are display-only maths on float64 (DECISIONS §6) computed incrementally, O(1) per
 * tick: `add` commits a new bar, `replace` swaps the last bar for its updated self (the live
 * candle), so a tick never recomputes history. Results are null until enough bars exist.
 */

/** What a bar gives an indicator. */
export type BarInput = { high: number; low: number; close: number; volume: number };

export const MAIN_INDICATORS = ['SMA', 'EMA', 'BOLL'] as const;
export type MainIndicator = (typeof MAIN_INDICATORS)[number];
export const SUB_INDICATORS = ['VOL', 'MACD', 'KDJ', 'RSI'] as const;
export type SubIndicator = (typeof SUB_INDICATORS)[number];

/** Periods per indicator; the defaults are what Turkish and Chinese broker apps show. */
export type IndicatorPeriods = {
  SMA: number[]; // default [5, 10, 30]
  EMA: number[]; // default [5, 10, 30]
  BOLL: [period: number, width: number]; // default [20, 2]
  VOL: number[]; // volume averages, default [5, 10]
  MACD: [fast: number, slow: number, signal: number]; // default [12, 26, 9]
  KDJ: [n: number, k: number, d: number]; // default [9, 3, 3]
  RSI: number[]; // default [6, 12, 24]
};

export type IndicatorConfig = { main: MainIndicator; sub: SubIndicator; periods: IndicatorPeriods };

/**
 * A configured indicator over a bar series: its line names (in drawing order) and the values of
 * each line for the bar just added or replaced.
 */
export interface IndicatorSeries {
  readonly lines: readonly string[];
  /**
   * The values for the bar added (`replace` false) or replaced, written into `out` in the order
   * of `lines`, NaN while warming up (the chart shows null there): no object per bar.
   */
  step(bar: BarInput, replace: boolean, out: number[]): void;
}
