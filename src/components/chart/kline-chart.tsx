import '../../styles/instrument.css';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n-hook';
import { useSnapshot } from 'valtio';
import { formatDateTime } from '../../../domain/format/date';
import { formatPrice } from '../../../domain/format/number';
import type { MainIndicator, SubIndicator } from '../../../domain/indicators/types';
import { BARS_KEPT, candleKey, topicKey, type CandlesPatch } from '../../../domain/market-data/contract';
import type { Interval, Market } from '../../../domain/market/instrument';
import { useTopic } from '../../market/client';
import { candlesNow, onCandles } from '../../state/market';
import { prefs } from '../../state/prefs';
import { theme } from '../../state/theme';
import { isStale, StreamNote, useStreamHealth } from '../market/stream-note';
import { readChartTheme } from './chart-theme';
import type { KlineController, LegendData } from './kline-controller';
import { KlineLegend, subValue } from './kline-legend';
import { cachedLabels } from './label-cache';
import { pacePatches } from './patch-pacer';

/** A live bar redraws the chart at most four times a second (see patch-pacer.ts). */
const CHART_PACE_MS = 250;
/**
 * Live bars reach the chart by `update`, which only appends: a 1-minute coin chart left open a
 * day would hold 1,440 bars more than the BARS_KEPT the worker and the page keep. This many bars
 * past that, the chart is redrawn from the page's copy: once every ~4 hours at 1 minute, a
 * single setData like a reset's.
 */
const REDRAW_PAST = 250;

type Props = {
  market: Market;
  symbol: string;
  interval: Interval;
  /** Price decimals of the instrument. */
  scale: number;
  main: MainIndicator;
  sub: SubIndicator;
  /** A small chart on another screen: no legend, fewer axis labels (CSS). */
  compact?: boolean;
  /** Told of each chart built for these bars (and of null when it goes), to draw on it. */
  onController?: (controller: KlineController | null) => void;
};

/**
 * The candle chart with its main overlay and sub pane. Bars reach lightweight-charts straight from
 * the candle listener (`onCandles`), never through React state; only the legend renders.
 */
export function KlineChart({ market, symbol, interval, scale, main, sub, compact, onController }: Props) {
  const { t } = useTranslation('instrument');
  const { lang } = useSnapshot(prefs);
  // The canvas takes resolved colours (./chart-theme.ts): a palette change builds the chart anew
  // from the page's copy of the bars, as a language change does.
  const { shown } = useSnapshot(theme);
  const container = useRef<HTMLDivElement>(null);
  const controller = useRef<KlineController | null>(null);
  const subRef = useRef(sub);
  const onControllerRef = useRef(onController);
  onControllerRef.current = onController;
  const [legend, setLegend] = useState<LegendData | null>(null);
  useTopic({ kind: 'candles', market, symbol, interval });
  const health = useStreamHealth(topicKey({ kind: 'candles', market, symbol, interval }));
  const stale = isStale(health);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    element.dataset.bars = '0';
    delete element.dataset.loaded;
    // The chart is built with its first series, not before: an empty chart paints all its
    // canvases once for nothing, a long task on a phone just before the real first paint. Its
    // code (lightweight-charts, ~50 KiB) loads from here, after the screen's first paint, in
    // parallel with the worker's first series, which it cannot draw without anyway: the quote
    // above it no longer shares a phone's network with the chart library.
    let stopped = false;
    const key = candleKey(symbol, interval);
    let chart: KlineController | null = null;
    /** Bars the chart holds (its onBars count). */
    let drawn = 0;
    let Controller: typeof KlineController | null = null;
    // Axis labels are formatted once per value (./label-cache).
    const priceLabel = cachedLabels((value) => formatPrice(value.toFixed(scale), lang, scale));
    const subLabels = new Map<SubIndicator, (value: number) => string>();
    const subLabel = (kind: SubIndicator, value: number): string => {
      let label = subLabels.get(kind);
      if (!label) subLabels.set(kind, (label = cachedLabels((v) => subValue(kind, v, scale, lang))));
      return label(value);
    };
    const create = (Built: typeof KlineController): KlineController => {
      chart = new Built(element, {
        theme: readChartTheme(element),
        locale: lang,
        scale,
        sub: subRef.current,
        formatPrice: priceLabel,
        formatSub: subLabel,
        formatTime: (ms) => formatDateTime(ms, lang),
        onLegend: setLegend,
        onBars: (count) => {
          drawn = count;
          element.dataset.bars = String(count);
          // Once: this runs on every drawn patch, and an attribute write is a DOM mutation.
          if (element.dataset.loaded === undefined) element.dataset.loaded = '';
        },
      });
      controller.current = chart;
      onControllerRef.current?.(chart);
      return chart;
    };
    // Built and fed in one task, a timer after the series arrives (not inside the worker's
    // message). Feeding it a task later was tried (session 14): on a 4x-throttled phone the chart's
    // animation frame came between the two and painted the empty chart (124-164 ms), then painted
    // again with the series.
    let building: ReturnType<typeof setTimeout> | undefined;
    const waiting: CandlesPatch[] = [];
    const build = () => {
      if (stopped || chart || !Controller || waiting.length === 0) return;
      const Built = Controller;
      building ??= setTimeout(() => {
        const built = create(Built);
        for (const next of waiting.splice(0)) built.apply(next);
      }, 0);
    };
    const draw = (patch: CandlesPatch) => {
      if (chart) {
        chart.apply(patch);
        const kept = drawn > BARS_KEPT + REDRAW_PAST ? candlesNow(key) : undefined;
        if (kept) chart.apply({ reset: kept });
        return;
      }
      waiting.push(patch);
      build();
    };
    const load = () =>
      void import('./kline-controller').then(
        (module) => {
          Controller = module.KlineController;
          build();
        },
        // Offline with the chart's code never fetched: the chart keeps saying it is waiting.
        () => undefined,
      );
    // After the frame that shows the screen has been presented (the second frame's callback runs
    // once the first is on screen), so the request follows that paint instead of racing it.
    let loading: ReturnType<typeof setTimeout> | undefined;
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => {
        loading = setTimeout(load, 0);
      });
    });
    const pacer = pacePatches<CandlesPatch>(draw, CHART_PACE_MS);
    const stop = onCandles(key, (patch) => pacer.push(patch));
    return () => {
      stopped = true;
      cancelAnimationFrame(frame);
      clearTimeout(loading);
      stop();
      pacer.stop();
      clearTimeout(building);
      controller.current = null;
      if (chart) onControllerRef.current?.(null);
      chart?.destroy();
      setLegend(null);
    };
  }, [symbol, interval, scale, lang, shown]);

  useEffect(() => {
    subRef.current = sub;
    controller.current?.setSub(sub);
  }, [sub]);

  return (
    <div
      className={`kline${compact ? ' kline--compact' : ''}${stale ? ' kline--stale' : ''}`}
      data-testid="kline"
      data-state={health?.state ?? 'waiting'}
    >
      {!compact && <KlineLegend data={legend} scale={scale} main={main} sub={sub} locale={lang} />}
      <StreamNote health={health} testId="kline-stale" className="kline__stale" />
      <div
        ref={container}
        className="kline-chart"
        role="img"
        aria-label={t('kline.chart_label', { symbol })}
        data-testid="kline-chart"
        data-main={main}
        data-sub={sub}
        data-interval={interval}
        data-waiting={t('kline.waiting')}
        data-empty={t('kline.no_trades')}
      />
    </div>
  );
}
