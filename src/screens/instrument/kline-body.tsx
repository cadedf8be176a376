import '../../i18n/instrument';
import { useState } from 'react';
import type { Market } from '../../../domain/market/instrument';
import { useTranslation } from '../../i18n/hook';
import { Link } from 'wouter';
import { readStored } from '../../state/persisted';
import { KlineChart, type KlineView } from '../../components/chart/kline-chart';
import { useTopic } from '../../market/client';
import { FullChartLink } from './full-chart-link';
import { IndicatorBar, IntervalBar } from './kline-toolbar';
import { useKlineSettings } from './kline-settings';
import { QuoteHeader, type QuoteFallback } from './quote-header';
import { useOrderLines } from './use-order-lines';

type Props = { market: Market; symbol: string; scale: number; fallback: QuoteFallback };

/** The kline screen's content: live quote, interval and indicator switches, chart. */
export function KlineBody({ market, symbol, scale, fallback }: Props) {
  const view = useKlineSettings();
  const { interval, main, sub, chooseInterval, chooseMain, chooseSub } = view;
  useTopic({ kind: 'ticker', market, symbol });
  const orderLines = useOrderLines(market, symbol, scale);

  return (
    <>
      <QuoteHeader symbol={symbol} scale={scale} fallback={fallback} />
      <IntervalBar value={interval} onChange={chooseInterval} />
      <KlineChart
        market={market}
        symbol={symbol}
        scale={scale}
        view={view}
        onController={orderLines.onController}
      />
      {orderLines.layer}
      <div className="kline-foot">
        <IndicatorBar main={main} sub={sub} onMain={chooseMain} onSub={chooseSub} />
        <FullChartLink market={market} symbol={symbol} interval={interval} />
      </div>
    </>
  );
}

/** The day at a glance: 5-minute candles (the link the screen gives opens the full chart at them). */
const COMPACT_INTERVAL = '5m';

type CompactProps = {
  market: Market;
  symbol: string;
  scale: number;
  /** The full chart, at this chart's interval. */
  href: string;
};

/**
 * A small live chart for a screen that has none of its own; a tap anywhere on it opens the full
 * chart (the whole box is the link, so a finger meant for it never scrolls the small one).
 */
export function CompactChart({ market, symbol, scale, href }: CompactProps) {
  const { t } = useTranslation('instrument');
  // The indicators the user chose on the full chart, which also configure the worker.
  const [view] = useState<KlineView>(() => ({
    interval: COMPACT_INTERVAL,
    main: readStored('mainInd'),
    sub: readStored('subInd'),
  }));
  return (
    <section className="compact-chart card" data-testid="compact-chart">
      <KlineChart market={market} symbol={symbol} scale={scale} view={view} compact />
      <Link className="compact-chart__open" href={href} data-testid="compact-chart-open">
        {/* The visible words start the link's name (what a voice user says), the symbol ends it. */}
        <span>{t('chart.compact_hint')}</span>
        <span className="visually-hidden"> {symbol}</span>
      </Link>
    </section>
  );
}
