import '../../styles/instrument.css';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/hook';
import { useSnapshot } from 'valtio';
import { formatDateTime } from '../../../domain/format/date';
import type { MainIndicator, SubIndicator } from '../../../domain/indicators/types';
import { topicKey } from '../../../domain/market-data/contract';
import type { Interval, Market } from '../../../domain/market/instrument';
import { useTopic } from '../../market/client';
import { prefs } from '../../state/prefs';
import { theme } from '../../state/theme';
import { isStale, StreamNote, useStreamHealth } from '../market/stream-note';
import { readChartTheme } from './chart-theme';
import type { KlineController, LegendData } from './kline-controller';
import { KlineLegend } from './kline-legend';
import { chartLabels } from './chart-labels';
import { feedChart } from './chart-feed';
import { noteRender } from '../../services/render-stats';

/** What the chart shows of its bars: their interval and the two indicators, as a screen keeps them. */
export type KlineView = { interval: Interval; main: MainIndicator; sub: SubIndicator };

type Props = {
  market: Market;
  symbol: string;
  /** Price decimals of the instrument. */
  scale: number;
  view: KlineView;
  /** A small chart on another screen: no legend, fewer axis labels (CSS). */
  compact?: boolean;
  /** Told of each chart built for these bars (and of null when it goes), to draw on it. */
  onController?: (controller: KlineController | null) => void;
  /**
   * Whether the chart follows the live candles topic itself (default); false when another source
   * fills its series (a replay's, under a replayKey name), and then `label` names the instrument.
   */
  follow?: boolean;
  label?: string;
};

/**
 * The candle chart with its main overlay and sub pane. Bars reach lightweight-charts straight from
 * the candle listener (`onCandles`), never through React state; only the legend renders.
 */
export function KlineChart({
  market,
  symbol,
  scale,
  view,
  compact,
  onController,
  follow = true,
  label = symbol,
}: Props) {
  const { interval, main, sub } = view;
  // The UI bench's count: one render a drawn patch (the legend is this component's state), none
  // for an order line (they reach the canvas through their primitive).
  noteRender('kline-chart');
  const { t } = useTranslation('instrument');
  const { lang } = useSnapshot(prefs);
  const { container, legend } = useBuiltChart({ symbol, interval, scale, sub, onController });
  useTopic(follow ? { kind: 'candles', market, symbol, interval } : null);
  const health = useStreamHealth(topicKey({ kind: 'candles', market, symbol, interval }));
  const stale = isStale(health);

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
        aria-label={t('kline.chart_label', { symbol: label })}
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

/**
 * Builds the chart for the container's bars and keeps it: anew on another symbol, interval, scale,
 * language or palette; the sub indicator is changed in place.
 */
function useBuiltChart({
  symbol,
  interval,
  scale,
  sub,
  onController,
}: Pick<Props, 'symbol' | 'scale' | 'onController'> & Pick<KlineView, 'interval' | 'sub'>) {
  const { lang } = useSnapshot(prefs);
  const [legend, setLegend] = useState<LegendData | null>(null);
  // The canvas takes resolved colours (./chart-theme.ts): a palette change builds the chart anew
  // from the page's copy of the bars, as a language change does.
  const { shown } = useSnapshot(theme);
  const container = useRef<HTMLDivElement>(null);
  const controller = useRef<KlineController | null>(null);
  const subRef = useRef(sub);
  const onControllerRef = useRef(onController);
  onControllerRef.current = onController;
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    element.dataset.bars = '0';
    delete element.dataset.loaded;
    let chart: KlineController | null = null;
    const labels = chartLabels(scale, lang);
    const stop = feedChart({
      element,
      symbol,
      interval,
      options: () => ({
        theme: readChartTheme(element),
        locale: lang,
        scale,
        sub: subRef.current,
        ...labels,
        formatTime: (ms) => formatDateTime(ms, lang),
        onLegend: setLegend,
        onBars: (count) => {
          element.dataset.bars = String(count);
          // Once: this runs on every drawn patch, and an attribute write is a DOM mutation.
          if (element.dataset.loaded === undefined) element.dataset.loaded = '';
        },
      }),
      onBuilt: (built) => {
        chart = built;
        controller.current = built;
        onControllerRef.current?.(built);
      },
    });
    return () => {
      stop();
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

  return { container, legend };
}
