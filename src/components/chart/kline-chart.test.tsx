// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../i18n/setup';
import type { ChartBar, MarketDataApi, Topic } from '../../../domain/market-data/contract';
import { BARS_KEPT, candleKey, topicKey } from '../../../domain/market-data/contract';
import { setMarketDataApi } from '../../market/client';
import { applyPatch, resetMarket } from '../../state/market';
import { CHART_PACE_MS } from './chart-feed';
import { HISTORY_MARGIN, RECENT_BARS } from './chart-history';
import { KlineChart, type KlineView } from './kline-chart';
import type { Market } from '../../../domain/market/instrument';

/**
 * lightweight-charts draws on canvas, which jsdom lacks; a recording stand-in checks what the
 * chart is told: setData on a reset, update per bar, which series live in which pane.
 */
type FakeSeries = {
  kind: string;
  pane: number;
  options: Record<string, unknown>;
  points: Array<Record<string, unknown>>;
  data(): Array<Record<string, unknown>>;
  updates: Array<Record<string, unknown>>;
  removed: boolean;
  setData(data: Array<Record<string, unknown>>): void;
  update(point: Record<string, unknown>): void;
  dataByIndex(index: number): Record<string, unknown> | null;
};
type FakeChart = {
  series: FakeSeries[];
  removed: boolean;
  /** The chart's visible logical range listener: a scroll is a call to it. */
  onRange: ((range: { from: number; to: number } | null) => void) | null;
};
const charts = vi.hoisted(() => [] as FakeChart[]);
/** What every chart's time scale says it shows once it is laid out (null before). */
const shown = vi.hoisted(() => ({ range: null as { from: number; to: number } | null }));
vi.mock('lightweight-charts', () => ({
  CandlestickSeries: 'Candlestick',
  LineSeries: 'Line',
  HistogramSeries: 'Histogram',
  ColorType: { Solid: 'solid' },
  CrosshairMode: { Normal: 0 },
  MismatchDirection: { NearestLeft: -1 },
  createChart: () => {
    const record: FakeChart = { series: [], removed: false, onRange: null };
    charts.push(record);
    return {
      addSeries: (kind: string, options: Record<string, unknown>, pane = 0) => {
        const series: FakeSeries = {
          kind,
          pane,
          options,
          points: [],
          updates: [],
          removed: false,
          setData(data) {
            this.points = [...data];
          },
          update(point) {
            this.updates.push(point);
            const last = this.points.at(-1);
            if (last && last['time'] === point['time']) this.points[this.points.length - 1] = point;
            else this.points.push(point);
          },
          dataByIndex(index) {
            return this.points[Math.min(index, this.points.length - 1)] ?? null;
          },
          data() {
            return [...this.points];
          },
        };
        record.series.push(series);
        return series;
      },
      removeSeries: (series: FakeSeries) => {
        series.removed = true;
      },
      subscribeCrosshairMove: () => undefined,
      timeScale: () => ({
        subscribeVisibleLogicalRangeChange: (handler: FakeChart['onRange']) => {
          record.onRange = handler;
        },
        unsubscribeVisibleLogicalRangeChange: () => {
          record.onRange = null;
        },
        getVisibleLogicalRange: () => shown.range,
      }),
      unsubscribeCrosshairMove: () => undefined,
      panes: () => [{ setStretchFactor: () => undefined }, { setStretchFactor: () => undefined }],
      remove: () => {
        record.removed = true;
      },
    };
  },
}));

const HOUR = 3600;
const bar = (i: number, close: number): ChartBar => ({
  time: 1_767_225_600 + i * HOUR,
  open: close - 1,
  high: close + 1,
  low: close - 2,
  close,
  volume: 100 + i,
});
const bars = Array.from({ length: 30 }, (_, i) => bar(i, 300 + i / 4));
const points = (values: number[]) =>
  values.map((value, i) => ({ time: bars[i]!.time, value: i < 4 ? null : value }));

let topics: string[] = [];
beforeEach(() => {
  charts.length = 0;
  shown.range = null;
  topics = [];
  resetMarket();
  const api: MarketDataApi = {
    connect: () => undefined,
    setLocale: () => undefined,
    subscribe: (topic: Topic) => topics.push(topicKey(topic)),
    release: () => undefined,
    setStreaming: () => undefined,
    setIndicators: () => undefined,
    flush: () => null,
    stats: () => ({ messages: 0, malformed: 0, gaps: 0, duplicates: 0, resyncs: 0, reconnects: 0 }),
  };
  setMarketDataApi(api);
});
afterEach(() => cleanup());

const live = (series: FakeSeries[]) => series.filter((s) => !s.removed);
/** Long enough for live bars the pacer keeps to be drawn (a new bar waits at most one interval). */
const paced = () => act(async () => new Promise((resolve) => setTimeout(resolve, CHART_PACE_MS + 20)));

/** The chart of an instrument with two decimals, at a view. */
const klineAt = (market: Market, symbol: string, view: KlineView) => (
  <KlineChart market={market} symbol={symbol} scale={2} view={view} />
);

describe('KlineChart', () => {
  it('draws a reset with setData, then each new bar with update, never through React', async () => {
    const view = render(klineAt('stock', 'THYAO', { interval: '1h', main: 'SMA', sub: 'VOL' }));
    const element = screen.getByTestId('kline-chart');
    expect(element.dataset).toMatchObject({ bars: '0', main: 'SMA', sub: 'VOL', interval: '1h' });
    await act(async () => Promise.resolve());
    expect(topics).toEqual(['candles|THYAO|1h']);

    const closes = bars.map((b) => b.close);
    // The pacer's clock stands still from the reset to the update below, so the update comes
    // "within the pacer's interval" of it however slowly a loaded machine gets there (a full suite
    // once took longer than that between the two, and the update was drawn at once).
    const clock = vi.spyOn(performance, 'now').mockReturnValue(performance.now());
    await act(async () => {
      applyPatch({
        candles: {
          [candleKey('THYAO', '1h')]: {
            reset: {
              bars: [...bars],
              main: { MA5: points(closes), MA10: points(closes) },
              sub: { VOL: points(closes), MA5: points(closes) },
            },
          },
        },
      });
    });
    // The chart's code loads once it is mounted, and the chart is built with its first series in
    // a timer; the legend it reports from there renders with React's next commit, which on a
    // loaded machine can come after the chart exists (CI once saw '--' between the two).
    await waitFor(() => {
      expect(charts).toHaveLength(1);
      expect(screen.getByTestId('legend-close').textContent).not.toBe('--');
    });
    const chart = charts[0]!;
    const [candles] = chart.series;
    expect(candles!.kind).toBe('Candlestick');
    expect(candles!.points).toHaveLength(30);
    // Istanbul time on a UTC axis: shifted by three hours.
    expect(candles!.points[0]!['time']).toBe(bars[0]!.time + 3 * HOUR);
    expect(element.dataset.bars).toBe('30');
    const kinds = live(chart.series).map((s) => `${s.kind}@${s.pane}`);
    // Candles + MA5 + MA10 in pane 0; volume bars and the volume MA5 in pane 1 (VOL itself is the bars).
    expect(kinds.sort()).toEqual(['Candlestick@0', 'Histogram@1', 'Line@0', 'Line@0', 'Line@1'].sort());
    expect(screen.getByTestId('legend-close').textContent).toBe('307,25');
    expect(screen.getByTestId('legend-main-SMA').textContent).toContain('MA5 307,25');

    await act(async () => {
      applyPatch({
        candles: {
          [candleKey('THYAO', '1h')]: {
            bars: [bar(29, 308), bar(30, 309)],
            main: { MA5: [{ time: bar(30, 0).time, value: 308.5 }] },
          },
        },
      });
    });
    // Within the pacer's interval of the reset: paced, drawn together at the end of it.
    expect(candles!.updates).toHaveLength(0);
    clock.mockRestore();
    await paced();
    expect(candles!.updates).toHaveLength(2);
    expect(element.dataset.bars).toBe('31');
    expect(screen.getByTestId('legend-main-SMA').textContent).toContain('MA5 308,50');

    // Switching the sub indicator drops the volume pane's series until the worker's reset.
    view.rerender(klineAt('stock', 'THYAO', { interval: '1h', main: 'SMA', sub: 'MACD' }));
    expect(element.dataset.sub).toBe('MACD');
    expect(live(chart.series).filter((s) => s.pane === 1)).toHaveLength(0);
    await act(async () => {
      applyPatch({
        candles: {
          [candleKey('THYAO', '1h')]: {
            reset: {
              bars: [...bars],
              main: { MA5: points(closes) },
              sub: { DIF: points(closes), DEA: points(closes), MACD: points(closes) },
            },
          },
        },
      });
    });
    await act(async () => new Promise((resolve) => setTimeout(resolve, 260)));
    const pane1 = live(chart.series)
      .filter((s) => s.pane === 1)
      .map((s) => s.kind);
    expect(pane1.sort()).toEqual(['Histogram', 'Line', 'Line']);
    expect(screen.getByTestId('legend-sub-MACD').textContent).toMatch(/DIF .*DEA .*MACD /);

    view.unmount();
    expect(chart.removed).toBe(true);
  });

  it('says the chart is waiting until the series comes, and that nothing traded when it comes empty', async () => {
    render(klineAt('stock', 'EGEGD', { interval: '15m', main: 'SMA', sub: 'VOL' }));
    const element = screen.getByTestId('kline-chart');
    // The label is the box's ::after, picked by data-loaded (src/styles/instrument.css).
    expect(element.dataset.bars).toBe('0');
    expect(element.dataset.loaded).toBeUndefined();
    expect(element.dataset.waiting).toBeTruthy();
    expect(element.dataset.empty).toBeTruthy();
    expect(element.dataset.empty).not.toBe(element.dataset.waiting);
    // A stock before its listing has no bars at all (the broker's simulator makes none up).
    await act(async () => {
      applyPatch({ candles: { [candleKey('EGEGD', '15m')]: { reset: { bars: [], main: {}, sub: {} } } } });
    });
    await waitFor(() => expect(element.dataset.loaded).toBe(''));
    expect(element.dataset.bars).toBe('0');
  });

  it('redraws from the kept series once live bars take it well past BARS_KEPT', async () => {
    // A 1-minute chart left open for hours: `update` only appends, the page's copy keeps BARS_KEPT.
    const minute = (i: number) => ({ ...bar(0, 300), time: 1_767_225_600 + i * 60 });
    const key = candleKey('BTCUSDT', '1m');
    applyPatch({
      candles: {
        [key]: { reset: { bars: Array.from({ length: BARS_KEPT }, (_, i) => minute(i)), main: {}, sub: {} } },
      },
    });
    render(klineAt('coin', 'BTCUSDT', { interval: '1m', main: 'SMA', sub: 'VOL' }));
    const element = screen.getByTestId('kline-chart');
    await waitFor(() => expect(element.dataset.bars).toBe(String(BARS_KEPT)));
    const candles = charts[0]!.series[0]!;
    const sent = async (from: number, count: number) => {
      await act(async () => {
        for (let i = from; i < from + count; i++) applyPatch({ candles: { [key]: { bars: [minute(i)] } } });
      });
      await paced();
    };
    // A couple of hours of bars: still drawn by update, one more bar each.
    await sent(BARS_KEPT, 120);
    expect(element.dataset.bars).toBe(String(BARS_KEPT + 120));
    // The newest RECENT_BARS were drawn first; a scroll back draws the rest before them.
    expect(candles.points).toHaveLength(RECENT_BARS + 120);
    act(() => charts[0]!.onRange?.({ from: HISTORY_MARGIN - 1, to: HISTORY_MARGIN + 50 }));
    expect(candles.points).toHaveLength(BARS_KEPT + 120);
    // A few hours more: the chart is redrawn with the newest BARS_KEPT, the newest first again.
    await sent(BARS_KEPT + 120, 200);
    expect(element.dataset.bars).toBe(String(BARS_KEPT));
    expect(candles.points).toHaveLength(RECENT_BARS);
    expect(candles.points.at(-1)!['time']).toBe(minute(BARS_KEPT + 319).time + 3 * HOUR);
  });

  it('draws the newest bars first and the older ones, live bars kept, once the view nears them', async () => {
    const key = candleKey('THYAO', '1h');
    const many = Array.from({ length: RECENT_BARS + 100 }, (_, i) => bar(i, 300 + (i % 7)));
    const line = (offset: number) =>
      many.map((b, i) => ({ time: b.time, value: i < 4 ? null : b.close + offset }));
    applyPatch({
      candles: {
        [key]: { reset: { bars: many, main: { MA5: line(1) }, sub: { VOL: line(0), MA5: line(2) } } },
      },
    });
    render(klineAt('stock', 'THYAO', { interval: '1h', main: 'SMA', sub: 'VOL' }));
    const element = screen.getByTestId('kline-chart');
    // The legend renders with React's next commit, which may come after the bars are counted.
    await waitFor(() => {
      expect(element.dataset.bars).toBe(String(RECENT_BARS + 100));
      expect(screen.getByTestId('legend-close').textContent).not.toBe('--');
    });
    const chart = charts[0]!;
    const [candles, ...others] = live(chart.series);
    const volume = others.find((s) => s.kind === 'Histogram')!;
    const lines = others.filter((s) => s.kind === 'Line');
    expect(candles!.points).toHaveLength(RECENT_BARS);
    expect(candles!.points[0]!['time']).toBe(many[100]!.time + 3 * HOUR);
    for (const series of [volume, ...lines]) expect(series.points).toHaveLength(RECENT_BARS);
    // The legend's change is against the bar before the newest, drawn or not.
    const last = many.at(-1)!;
    expect(screen.getByTestId('legend-close').textContent).toBe(`${last.close},00`);
    expect(last.close - many.at(-2)!.close).toBe(-6);
    expect(document.querySelector('.kline-legend__change--down')).not.toBeNull();

    // A live bar, then a view far from the first drawn bar: nothing more is drawn.
    applyPatch({ candles: { [key]: { bars: [bar(RECENT_BARS + 100, 305)] } } });
    await paced();
    act(() => chart.onRange?.({ from: HISTORY_MARGIN + 1, to: HISTORY_MARGIN + 60 }));
    expect(candles!.points).toHaveLength(RECENT_BARS + 1);

    // Within HISTORY_MARGIN of it: every bar, in order, the live one last; each line whole too.
    act(() => chart.onRange?.({ from: HISTORY_MARGIN - 1, to: HISTORY_MARGIN + 58 }));
    const times = candles!.points.map((point) => point['time']);
    expect(times).toEqual([...many, bar(RECENT_BARS + 100, 0)].map((b) => b.time + 3 * HOUR));
    expect(volume.points).toHaveLength(RECENT_BARS + 101);
    for (const series of lines) {
      expect(series.points.map((point) => point['time'])).toEqual(times.slice(0, RECENT_BARS + 100));
      expect(series.points.slice(0, 4).every((point) => !('value' in point))).toBe(true);
    }
    expect(element.dataset.bars).toBe(String(RECENT_BARS + 101));
  });

  it('draws every bar at once on a chart wide enough to show past the newest RECENT_BARS', async () => {
    shown.range = { from: -20, to: RECENT_BARS + 4 };
    const many = Array.from({ length: RECENT_BARS + 40 }, (_, i) => bar(i, 300));
    applyPatch({ candles: { [candleKey('THYAO', '1d')]: { reset: { bars: many, main: {}, sub: {} } } } });
    render(klineAt('stock', 'THYAO', { interval: '1d', main: 'SMA', sub: 'VOL' }));
    await waitFor(() => expect(charts[0]?.series[0]?.points).toHaveLength(RECENT_BARS + 40));
    expect(live(charts[0]!.series).find((s) => s.kind === 'Histogram')!.points).toHaveLength(
      RECENT_BARS + 40,
    );
  });

  it('holds changes of the newest bar for a while after the chart is built, a new bar not', async () => {
    const key = candleKey('THYAO', '1h');
    // The pacer's clock stands still from the chart's build on, so the hold lasts its whole
    // FIRST_FRAME_HOLD_MS on the timer however slowly a loaded machine gets to the next line.
    const clock = vi.spyOn(performance, 'now').mockReturnValue(performance.now());
    applyPatch({ candles: { [key]: { reset: { bars: [...bars], main: {}, sub: {} } } } });
    render(klineAt('stock', 'THYAO', { interval: '1h', main: 'SMA', sub: 'VOL' }));
    await waitFor(() => expect(screen.getByTestId('kline-chart').dataset.bars).toBe('30'));
    const candles = charts[0]!.series[0]!;
    // The newest bar moves: no repaint right after the chart's first frame.
    applyPatch({ candles: { [key]: { bars: [bar(29, 310)] } } });
    await paced();
    expect(candles.updates).toHaveLength(0);
    // A new bar waits one interval at most, and the change before it goes with it, in order.
    applyPatch({ candles: { [key]: { bars: [bar(30, 311)] } } });
    await paced();
    clock.mockRestore();
    expect(candles.updates.map((point) => point['close'])).toEqual([310, 311]);
    expect(screen.getByTestId('kline-chart').dataset.bars).toBe('31');
    expect(screen.getByTestId('legend-close').textContent).toBe('311,00');
  });

  it('starts from the series so far when mounted after the data arrived', async () => {
    applyPatch({
      candles: { [candleKey('BTCUSDT', '1d')]: { reset: { bars: [...bars], main: {}, sub: {} } } },
    });
    render(klineAt('coin', 'BTCUSDT', { interval: '1d', main: 'EMA', sub: 'RSI' }));
    await waitFor(() => expect(screen.getByTestId('kline-chart').dataset.bars).toBe('30'));
    expect(document.body.textContent).not.toMatch(/NaN|undefined/);
  });
});
