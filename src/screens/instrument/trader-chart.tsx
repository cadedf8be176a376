import '../../styles/instrument.css';
import '../../i18n/chart';
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { formatPrice } from '../../../domain/format/number';
import type { Market } from '../../../domain/market/instrument';
import { KlineChart } from '../../components/chart/kline-chart';
import { BookToolbar } from '../../components/depth/book-toolbar';
import { DepthChart } from '../../components/depth/depth-chart';
import { Screen } from '../../components/screen';
import { useTranslation } from '../../i18n/hook';
import { useTopic } from '../../market/client';
import { goBackOr } from '../../paths/navigation';
import { market as marketState } from '../../state/market';
import { prefs } from '../../state/prefs';
import { DrawingTools } from './drawing-tools';
import { IndicatorBar, IntervalBar } from './kline-toolbar';
import { useKlineSettings } from './kline-settings';
import { useDrawingLayer } from './use-drawing-layer';
import { useDrawings } from './use-drawings';
import { OrderLinesLayer, useOrderLinesLink } from './order-lines-layer';

type Props = {
  market: Market;
  symbol: string;
  scale: number;
  /** The instrument's price from the screen's first answer, until the stream's arrives. */
  fallbackLast: string;
  /** Where the close button leads when the chart was opened directly (no in-app back). */
  parent: string;
  /** Whether it has an order book (indices have none): the depth panel beside the chart. */
  book: boolean;
};

/**
 * The trader's chart: the whole viewport, laid out for landscape, with intervals, indicators,
 * lines drawn by touch and the book's depth beside it, with the book's grouping and pace. A portrait phone keeps it usable and is
 * asked to turn sideways; where the browser lets a page lock the orientation, it is locked.
 */
export function TraderChart({ market, symbol, scale, fallbackLast, parent, book }: Props) {
  const { t } = useTranslation('chart');
  const { lang } = useSnapshot(prefs);
  const last = useSnapshot(marketState).tickers[symbol]?.last ?? fallbackLast;
  const view = useKlineSettings();
  const { interval, main, sub, chooseInterval, chooseMain, chooseSub } = view;
  const drawings = useDrawings(symbol);
  const layer = useDrawingLayer({ ...drawings, scale });
  const orderLines = useOrderLinesLink(market, scale);
  useTopic({ kind: 'ticker', market, symbol });
  useTopic(book ? { kind: 'book', market, symbol } : null);
  useLandscape();

  return (
    <Screen className="trader-chart">
      <header className="trader-chart__bar">
        <button
          type="button"
          className="trader-chart__close"
          aria-label={t('close')}
          data-testid="trader-chart-close"
          onClick={() => goBackOr(parent)}
        >
          ×
        </button>
        <h1 className="trader-chart__symbol">{symbol}</h1>
        <span className="trader-chart__price num" data-testid="trader-chart-price">
          {formatPrice(last, lang, scale)}
        </span>
        <IntervalBar value={interval} onChange={chooseInterval} />
      </header>
      <p className="trader-chart__rotate" data-testid="trader-chart-rotate">
        {t('rotate')}
      </p>
      <div className="trader-chart__main">
        <div className="trader-chart__plot" data-tool={layer.tool}>
          <KlineChart
            market={market}
            symbol={symbol}
            scale={scale}
            view={view}
            onController={(controller) => {
              // Order lines first: a press on one is theirs, not a drawn line's under it.
              orderLines.onController(controller);
              layer.onController(controller);
            }}
          />
          <OrderLinesLayer link={orderLines} market={market} symbol={symbol} scale={scale} />
        </div>
        {book && (
          <aside className="trader-chart__side" data-testid="trader-chart-side">
            {/* The book's own grouping (applied in the worker): the depth beside the chart is of
              the same grouped levels as the book on the instrument screen. */}
            <BookToolbar market={market} symbol={symbol} priceScale={scale} />
            <DepthChart symbol={symbol} priceScale={scale} />
          </aside>
        )}
      </div>
      <footer className="trader-chart__tools">
        <DrawingTools symbol={symbol} scale={scale} last={last} drawings={drawings} layer={layer} />
        <IndicatorBar main={main} sub={sub} onMain={chooseMain} onSub={chooseSub} />
      </footer>
    </Screen>
  );
}

/**
 * Asks for landscape where a page may (an installed app, full screen); elsewhere the browser
 * refuses, and the layout and its hint do the rest. Unlocked on leaving.
 */
function useLandscape(): void {
  useEffect(() => {
    const orientation = screen.orientation as ScreenOrientation & {
      lock?: (orientation: 'landscape') => Promise<void>;
    };
    if (typeof orientation?.lock !== 'function') return;
    let locked = false;
    orientation.lock('landscape').then(
      () => (locked = true),
      () => undefined,
    );
    return () => {
      if (locked) orientation.unlock();
    };
  }, []);
}
