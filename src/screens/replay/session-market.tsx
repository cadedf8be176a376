import { useEffect, useRef, useState } from 'react';
import { candleKey } from '../../../domain/market-data/contract';
import { replayKey, type ReplayView } from '../../../domain/market-data/replay-feed';
import { KlineChart, type KlineView } from '../../components/chart/kline-chart';
import { BookView } from '../../components/depth/book-view';
import { TradesTape } from '../../components/depth/trades-tape';
import { useTranslation } from '../../i18n/hook';
import { readStored } from '../../state/persisted';
import { onCandles } from '../../state/market';

type Instrument = ReplayView['instruments'][number];

/** The interval replay frames carry (server/replay/frames.ts). */
const INTERVAL = '1m';
const BOOK_LEVELS = 8;
const TAPE_ROWS = 10;

/**
 * The time of the newest bar the page holds for `key`, written on `node` as `data-last-bar`: the
 * chart draws no bar the page does not hold, so a test reads here that nothing past the replay's
 * clock reached the screen. On the DOM node, not through a render (a bar a poll).
 */
function useLastBar(key: string) {
  const node = useRef<HTMLElement>(null);
  useEffect(
    () =>
      onCandles(key, (patch) => {
        const bars = patch.reset?.bars ?? patch.bars ?? [];
        const last = bars[bars.length - 1];
        if (last && node.current) node.current.dataset.lastBar = String(last.time * 1_000);
      }),
    [key],
  );
  return node;
}

/**
 * The replayed instrument on the chart, book and tape the instrument screens use, fed by the
 * market-data worker from the replay's frames under the instrument's replayKey name (never the
 * live symbol's cells): one-minute candles, the book's best levels, the latest trades.
 */
export function ReplayMarket({ id, instrument }: { id: string; instrument: Instrument }) {
  const { t } = useTranslation('replay');
  const { symbol, market, priceScale, qtyScale } = instrument;
  const key = replayKey(id, symbol);
  const [view] = useState<KlineView>(() => ({
    interval: INTERVAL,
    main: readStored('mainInd'),
    sub: readStored('subInd'),
  }));
  const chart = useLastBar(candleKey(key, INTERVAL));
  return (
    <>
      <section
        className="replay-panel"
        aria-label={t('session.chart')}
        data-testid="replay-chart"
        ref={chart}
      >
        <h2>{`${symbol} · ${t('session.chart')}`}</h2>
        <KlineChart
          market={market}
          symbol={key}
          label={symbol}
          scale={priceScale}
          view={view}
          follow={false}
        />
      </section>
      <section className="replay-panel" aria-label={t('session.book')} data-testid="replay-book">
        <h2>{t('session.book')}</h2>
        <BookView symbol={key} priceScale={priceScale} qtyScale={qtyScale} depth={BOOK_LEVELS} />
      </section>
      <section className="replay-panel" aria-label={t('session.tape')} data-testid="replay-tape">
        <h2>{t('session.tape')}</h2>
        <TradesTape symbol={key} priceScale={priceScale} qtyScale={qtyScale} rows={TAPE_ROWS} />
      </section>
    </>
  );
}
