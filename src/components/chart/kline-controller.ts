import {
  CandlestickSeries,
  HistogramSeries,
  MismatchDirection,
  createChart,
  type CandlestickData,
  type IChartApi,
  type ISeriesApi,
  type LogicalRange,
  type MouseEventParams,
  type Time,
  type UTCTimestamp,
} from 'lightweight-charts';
import type { ChartBar, CandlesPatch, IndicatorLines } from '../../../domain/market-data/contract';
import type { SubIndicator } from '../../../domain/indicators/types';
import type { ChartTheme } from './chart-theme';
import { HISTORY_MARGIN, splitReset, type ChartReset } from './chart-history';
import { chartOptions } from './chart-options';
import { toCandle, valueIn } from './chart-points';
import { fromChartTime, toChartTime } from './chart-time';
import { DrawingsPrimitive, type DrawingColours } from './drawings-primitive';
import { IndicatorLayer, type LayerEntry } from './indicator-layer';

export type LegendLine = { name: string; colour: string; value: number | null };
export type LegendData = {
  /** Epoch ms of the bar's open. */
  time: number | null;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number | null;
  prevClose: number | null;
  main: LegendLine[];
  sub: LegendLine[];
};

/** A tap on the candles' pane: where, and the bar's time and the price there when known. */
export type ChartTap = { point: { x: number; y: number }; time: number | null; price: number | null };

export type ControllerOptions = {
  theme: ChartTheme;
  /** Month and weekday names on the time axis. */
  locale: string;
  scale: number;
  sub: SubIndicator;
  formatPrice: (value: number) => string;
  /** The sub pane's values (volume, MACD, KDJ, RSI) by the sub indicator shown. */
  formatSub: (sub: SubIndicator, value: number) => string;
  formatTime: (epochMs: number) => string;
  onLegend: (legend: LegendData | null) => void;
  onBars: (count: number) => void;
};

const SUB_PANE = 1;
const NONE: ReadonlySet<string> = new Set();
const MACD_HISTOGRAM: ReadonlySet<string> = new Set(['MACD']);
const VOL_OWN: ReadonlySet<string> = new Set(['VOL']);
const SUB_PRECISION: Record<SubIndicator, (scale: number) => number> = {
  VOL: () => 0,
  MACD: (scale) => Math.min(scale + 2, 8),
  KDJ: () => 2,
  RSI: () => 2,
};

/**
 * Owns one lightweight-charts instance: candles and the main overlay in pane 0, the sub indicator
 * in pane 1. Series data never passes through React: a reset is `setData`, anything else `update`.
 */
export class KlineController {
  readonly chart: IChartApi;
  /** The candle series: drawings attach to it and read its price scale. */
  readonly candles: ISeriesApi<'Candlestick'>;
  private volume: ISeriesApi<'Histogram'> | null = null;
  private readonly main: IndicatorLayer;
  private readonly sub: IndicatorLayer;
  private subKind: SubIndicator;
  /** Bars the chart has, `held` of them drawn and the rest in `older`. */
  private bars = 0;
  private held = 0;
  private older: ChartReset | null = null;
  private lastTime = -Infinity;
  private readonly lastMain = new Map<string, number | null>();
  private readonly lastSub = new Map<string, number | null>();
  private hovering = false;

  constructor(
    container: HTMLElement,
    private readonly options: ControllerOptions,
  ) {
    const { theme, scale } = options;
    this.chart = createChart(container, chartOptions(theme, options.locale, options.formatTime));
    this.candles = this.chart.addSeries(CandlestickSeries, {
      upColor: theme.up,
      downColor: theme.down,
      borderUpColor: theme.up,
      borderDownColor: theme.down,
      wickUpColor: theme.up,
      wickDownColor: theme.down,
      priceFormat: { type: 'custom', minMove: 10 ** -scale, formatter: options.formatPrice },
    });
    const layer = { colours: theme.lines, up: theme.up, down: theme.down };
    this.main = new IndicatorLayer(this.chart, {
      ...layer,
      pane: 0,
      precision: scale,
      format: options.formatPrice,
    });
    this.sub = new IndicatorLayer(this.chart, {
      ...layer,
      pane: SUB_PANE,
      precision: SUB_PRECISION[options.sub](scale),
      format: (value) => options.formatSub(options.sub, value),
    });
    this.subKind = options.sub;
    this.chart.subscribeCrosshairMove(this.onCrosshair);
    this.chart.timeScale().subscribeVisibleLogicalRangeChange(this.onRange);
  }

  /** A new sub indicator: its lines arrive with the worker's next reset; the old ones go now. */
  setSub(sub: SubIndicator): void {
    if (sub === this.subKind) return;
    this.subKind = sub;
    this.sub.clear();
    if (sub !== 'VOL' && this.volume) {
      this.chart.removeSeries(this.volume);
      this.volume = null;
    }
  }

  apply(patch: CandlesPatch): void {
    if (patch.reset) {
      // The newest bars first: the older ones wait for a scroll back (chart-history.ts).
      const { now, older } = splitReset(patch.reset);
      const { bars, main, sub } = now;
      // Set once every series holds the new bars: a range event inside a setData must not mix
      // the old reset's history with the new one's.
      this.older = null;
      this.candles.setData(bars.map(toCandle));
      this.bars = patch.reset.bars.length;
      this.held = bars.length;
      this.lastTime = bars.at(-1)?.time ?? -Infinity;
      this.ensureVolume()?.setData(bars.map((bar) => this.toVolume(bar)));
      this.main.setAll(main);
      this.sub.setAll(sub, {
        precision: SUB_PRECISION[this.subKind](this.options.scale),
        format: (value) => this.options.formatSub(this.subKind, value),
        histograms: this.subKind === 'MACD' ? MACD_HISTOGRAM : NONE,
        skip: this.subKind === 'VOL' ? VOL_OWN : NONE,
      });
      this.lastMain.clear();
      this.lastSub.clear();
      remember(this.lastMain, main);
      remember(this.lastSub, sub);
      this.layoutPanes();
      this.older = older;
      // A wide chart may show past the first drawn bar already.
      this.onRange(this.chart.timeScale().getVisibleLogicalRange());
    } else {
      for (const bar of patch.bars ?? []) {
        if (bar.time < this.lastTime) continue;
        if (bar.time > this.lastTime) {
          this.bars += 1;
          this.held += 1;
        }
        this.lastTime = bar.time;
        this.candles.update(toCandle(bar));
        this.volume?.update(this.toVolume(bar));
      }
      if (patch.main) this.main.update(patch.main);
      if (patch.sub) this.sub.update(patch.sub);
      if (patch.main) remember(this.lastMain, patch.main);
      if (patch.sub) remember(this.lastSub, patch.sub);
    }
    this.options.onBars(this.bars);
    if (!this.hovering) this.options.onLegend(this.legendAt(null));
  }

  /**
   * Lines drawn on the candles' pane, and taps on it as a time (epoch ms, of the bar under the
   * finger) and a price. Built here, with the chart's code, so the screen that draws ships none.
   */
  drawOn(
    colours: DrawingColours,
    onTap: (tap: ChartTap) => void,
  ): { layer: DrawingsPrimitive; stop: () => void } {
    // A drawing may sit on any bar the chart has.
    this.drawOlder();
    const layer = new DrawingsPrimitive(colours);
    this.candles.attachPrimitive(layer);
    const onClick = (param: MouseEventParams<Time>) => {
      if (!param.point || (param.paneIndex ?? 0) !== 0) return;
      const time = param.time ?? this.chart.timeScale().coordinateToTime(param.point.x);
      onTap({
        point: param.point,
        time: fromChartTime(time),
        price: this.candles.coordinateToPrice(param.point.y),
      });
    };
    this.chart.subscribeClick(onClick);
    return {
      layer,
      stop: () => {
        this.chart.unsubscribeClick(onClick);
        this.candles.detachPrimitive(layer);
      },
    };
  }

  destroy(): void {
    this.chart.unsubscribeCrosshairMove(this.onCrosshair);
    this.chart.timeScale().unsubscribeVisibleLogicalRangeChange(this.onRange);
    this.chart.remove();
  }

  /** The bars a reset held back, put before those drawn (their live updates included). */
  private drawOlder(): void {
    const older = this.older;
    if (!older) return;
    this.older = null;
    this.candles.setData([...older.bars.map(toCandle), ...this.candles.data()]);
    this.volume?.setData([...older.bars.map((bar) => this.toVolume(bar)), ...this.volume.data()]);
    this.main.prepend(older.main);
    this.sub.prepend(older.sub);
    this.held += older.bars.length;
  }

  private readonly onRange = (range: LogicalRange | null): void => {
    if (this.older && range && range.from < HISTORY_MARGIN) this.drawOlder();
  };

  private ensureVolume(): ISeriesApi<'Histogram'> | null {
    if (this.subKind !== 'VOL') return null;
    this.volume ??= this.chart.addSeries(
      HistogramSeries,
      {
        priceFormat: {
          type: 'custom',
          minMove: 1,
          formatter: (value: number) => this.options.formatSub('VOL', value),
        },
        priceLineVisible: false,
        lastValueVisible: false,
      },
      SUB_PANE,
    );
    return this.volume;
  }

  private layoutPanes(): void {
    const panes = this.chart.panes();
    panes[0]?.setStretchFactor(3);
    panes[SUB_PANE]?.setStretchFactor(1);
  }

  private toVolume(bar: ChartBar) {
    const { up, down } = this.options.theme;
    const colour = bar.close >= bar.open ? up : down;
    return { time: toChartTime(bar.time), value: bar.volume, color: colour };
  }

  private readonly onCrosshair = (param: MouseEventParams<Time>): void => {
    this.hovering = param.time !== undefined && param.logical !== undefined;
    this.options.onLegend(this.legendAt(this.hovering ? param : null));
  };

  private legendAt(param: MouseEventParams<Time> | null): LegendData | null {
    const index = param?.logical ?? this.held - 1;
    const bar = (param?.seriesData.get(this.candles) ??
      this.candles.dataByIndex(index, MismatchDirection.NearestLeft)) as CandlestickData<UTCTimestamp> | null;
    if (!bar || !('close' in bar)) return null;
    const previous = this.candles.dataByIndex(Number(index) - 1) as CandlestickData<UTCTimestamp> | null;
    const valueOf = (last: Map<string, number | null>) => (entry: LayerEntry) => {
      if (!param) return { name: entry.name, colour: entry.colour, value: last.get(entry.name) ?? null };
      const point = param.seriesData.get(entry.series);
      return { name: entry.name, colour: entry.colour, value: valueIn(point) };
    };
    return {
      time: fromChartTime(bar.time),
      open: bar.open,
      high: bar.high,
      low: bar.low,
      close: bar.close,
      volume: valueIn({ value: bar.customValues?.['volume'] }),
      prevClose: previous && 'close' in previous ? previous.close : null,
      main: this.main.entries().map(valueOf(this.lastMain)),
      sub: this.sub.entries().map(valueOf(this.lastSub)),
    };
  }
}

/** The newest value of each line in a patch, for the legend while no crosshair is shown. */
function remember(target: Map<string, number | null>, lines: IndicatorLines): void {
  for (const name in lines) {
    const last = lines[name]!.at(-1);
    if (last) target.set(name, last.value);
  }
}
