// The kline chart's floor: the same lightweight-charts chart as the kline screen's
// (src/components/chart/kline-controller.ts with its default SMA overlay and VOL sub pane), built
// and fed in one task with nothing of the app in the page: no React, no worker, no formatters of
// ours. Built by tests/bench/kline-floor.ts, which puts the bars in `__KLINE_FLOOR__`.
import {
  CandlestickSeries,
  ColorType,
  CrosshairMode,
  HistogramSeries,
  LineSeries,
  createChart,
  type UTCTimestamp,
} from 'lightweight-charts';
import type { FloorData } from '../kline-floor-data';

declare const __KLINE_FLOOR__: FloorData;

// The app's dark theme (src/components/chart/chart-theme.ts's fallbacks, tokens.css).
const BACKGROUND = '#0b0d12';
const TEXT = '#9aa3b2';
const GRID = '#2a2f3a';
const UP = '#30d158';
const DOWN = '#ff5a52';
const LINES = ['#f5c842', '#c77dff', '#4da3ff', '#ff9f0a'];
const SUB_PANE = 1;

const { bars, main, sub, scale } = __KLINE_FLOOR__;
const time = (t: number) => t as UTCTimestamp;
const priceFormat = { type: 'price' as const, precision: scale, minMove: 10 ** -scale };

const chart = createChart(document.getElementById('chart')!, {
  autoSize: true,
  layout: {
    background: { type: ColorType.Solid, color: BACKGROUND },
    textColor: TEXT,
    attributionLogo: false,
    panes: { separatorColor: GRID },
  },
  grid: { vertLines: { color: GRID }, horzLines: { color: GRID } },
  crosshair: { mode: CrosshairMode.Normal },
  rightPriceScale: { borderColor: GRID },
  timeScale: { borderColor: GRID, timeVisible: true, rightOffset: 4 },
  localization: { locale: 'tr-TR' },
});
const candles = chart.addSeries(CandlestickSeries, {
  upColor: UP,
  downColor: DOWN,
  borderUpColor: UP,
  borderDownColor: DOWN,
  wickUpColor: UP,
  wickDownColor: DOWN,
  priceFormat,
});
// In the controller's order: the candles, the volume, then each layer's lines.
candles.setData(
  bars.map((b) => ({ time: time(b.time), open: b.open, high: b.high, low: b.low, close: b.close })),
);
const volume = chart.addSeries(
  HistogramSeries,
  { priceFormat: { type: 'volume' }, priceLineVisible: false, lastValueVisible: false },
  SUB_PANE,
);
volume.setData(
  bars.map((b) => ({ time: time(b.time), value: b.volume, color: b.close >= b.open ? UP : DOWN })),
);
function lines(set: Record<string, (number | null)[]>, pane: number, precision: number): void {
  Object.entries(set).forEach(([, values], index) => {
    const series = chart.addSeries(
      LineSeries,
      {
        priceLineVisible: false,
        lastValueVisible: false,
        priceFormat: { type: 'price', precision, minMove: 10 ** -precision },
        color: LINES[index % LINES.length],
        lineWidth: 1,
        crosshairMarkerVisible: false,
      },
      pane,
    );
    series.setData(
      values.map((value, i) =>
        value === null ? { time: time(bars[i]!.time) } : { time: time(bars[i]!.time), value },
      ),
    );
  });
}
lines(main, 0, scale);
lines(sub, SUB_PANE, 0);
const panes = chart.panes();
panes[0]?.setStretchFactor(3);
panes[SUB_PANE]?.setStretchFactor(1);
