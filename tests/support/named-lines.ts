import type { BarInput, IndicatorSeries } from '../../domain/indicators/types';

/** One value per named line (e.g. `MA5`, `UP`, `DIF`), null while warming up. */
export type LineValues = Record<string, number | null>;

/** An indicator series read the way a test states it: each step's values by line name. */
export function named(series: IndicatorSeries): {
  lines: readonly string[];
  add: (bar: BarInput) => LineValues;
  replace: (bar: BarInput) => LineValues;
} {
  const values: number[] = series.lines.map(() => NaN);
  const step = (bar: BarInput, replace: boolean): LineValues => {
    series.step(bar, replace, values);
    return Object.fromEntries(
      series.lines.map((line, i) => [line, Number.isNaN(values[i]) ? null : values[i]!]),
    );
  };
  return { lines: series.lines, add: (bar) => step(bar, false), replace: (bar) => step(bar, true) };
}
