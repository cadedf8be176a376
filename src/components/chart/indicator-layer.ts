import {
  HistogramSeries,
  LineSeries,
  type IChartApi,
  type ISeriesApi,
  type LineData,
  type HistogramData,
  type WhitespaceData,
  type UTCTimestamp,
} from 'lightweight-charts';
import type { IndicatorLines, IndicatorPoint } from '../../../domain/market-data/contract';
import { toChartTime } from './chart-time';

type LineApi = ISeriesApi<'Line'> | ISeriesApi<'Histogram'>;
export type LayerEntry = { name: string; colour: string; series: LineApi };
type Point = LineData<UTCTimestamp> | HistogramData<UTCTimestamp> | WhitespaceData<UTCTimestamp>;

export type LayerOptions = {
  pane: number;
  colours: string[];
  up: string;
  down: string;
  precision: number;
  /** Axis and crosshair label of this layer's values. */
  format: (value: number) => string;
  /** Lines drawn as bars around zero (the MACD histogram). */
  histograms?: ReadonlySet<string>;
  /** Lines drawn elsewhere (VOL's own volume: the chart draws it coloured by candle direction). */
  skip?: ReadonlySet<string>;
};

/**
 * The lines of one indicator in one pane, created from the names the worker sends (`MA5`, `UP`,
 * `DIF`…), so a new indicator or new periods only need a new reset from the worker.
 */
export class IndicatorLayer {
  private series = new Map<string, LineApi>();
  private names: string[] = [];

  constructor(
    private readonly chart: IChartApi,
    private options: LayerOptions,
  ) {}

  /** Replaces every line (a reset); recreates the series when the set of names changed. */
  setAll(lines: IndicatorLines, options?: Partial<LayerOptions>): void {
    if (options) this.options = { ...this.options, ...options };
    const names = Object.keys(lines).filter((name) => !this.options.skip?.has(name));
    if (names.join('|') !== this.names.join('|') || options) this.rebuild(names);
    for (const name of names)
      this.series.get(name)?.setData(lines[name]!.map((point) => this.toPoint(name, point)));
  }

  /** Appends or replaces the points of the bars that changed. */
  update(lines: IndicatorLines): void {
    for (const name in lines) {
      const series = this.series.get(name);
      if (!series) continue;
      for (const point of lines[name]!) series.update(this.toPoint(name, point));
    }
  }

  /** Puts older points before each line's (the history a scroll back reaches). */
  prepend(lines: IndicatorLines): void {
    for (const [name, series] of this.series) {
      const older = lines[name];
      if (older?.length)
        series.setData([...older.map((point) => this.toPoint(name, point)), ...series.data()]);
    }
  }

  /** Line names with their colours, in drawing order (the legend's keys). */
  entries(): LayerEntry[] {
    return this.names.map((name) => ({ name, colour: this.colourOf(name), series: this.series.get(name)! }));
  }

  clear(): void {
    for (const series of this.series.values()) this.chart.removeSeries(series);
    this.series.clear();
    this.names = [];
  }

  private colourOf(name: string): string {
    const { colours } = this.options;
    return colours[this.names.indexOf(name) % colours.length] ?? colours[0] ?? '#ffffff';
  }

  private rebuild(names: string[]): void {
    this.clear();
    this.names = names;
    const { pane, precision } = this.options;
    const priceFormat = {
      type: 'custom' as const,
      minMove: 10 ** -precision,
      formatter: this.options.format,
    };
    for (const name of names) {
      const common = { priceLineVisible: false, lastValueVisible: false, priceFormat };
      const series = this.options.histograms?.has(name)
        ? this.chart.addSeries(HistogramSeries, common, pane)
        : this.chart.addSeries(
            LineSeries,
            { ...common, color: this.colourOf(name), lineWidth: 1, crosshairMarkerVisible: false },
            pane,
          );
      this.series.set(name, series);
    }
  }

  private toPoint(name: string, point: IndicatorPoint): Point {
    const time = toChartTime(point.time);
    if (point.value === null || !Number.isFinite(point.value)) return { time };
    if (!this.options.histograms?.has(name)) return { time, value: point.value };
    return { time, value: point.value, color: point.value >= 0 ? this.options.up : this.options.down };
  }
}
