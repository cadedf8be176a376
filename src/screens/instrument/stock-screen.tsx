import '../../i18n/instrument';
import { Link } from 'wouter';
import { useEffect } from 'react';
import { useTranslation } from '../../i18n/hook';
import type { StockInfo } from '../../../domain/protocol/market';
import { openingQuery } from '../../api/early';
import { getStockInfo, prefetchStockInfo } from '../../api/instrument';
import { useLiveData } from '../../components/content/use-live-data';
import { MarketStatusLine } from '../../components/market/market-status-line';
import { StarButton } from '../../components/market/star-button';
import { DepthTabs } from '../../components/depth/depth-tabs';
import { OptionLink } from '../../components/trade/option-link';
import { usePollInterval, useTopic } from '../../market/client';
import { INSTRUMENT_POLL_MS } from './poll-interval';
import { CompactChart } from './kline-body';
import { InstrumentFrame } from './instrument-frame';
import { KlineLink } from './kline-link';
import { QuoteHeader } from './quote-header';
import { StockBadges } from './stock-badges';
import { StockStats } from './stock-stats';
import { StockTradeBar, useListed } from './trade-bar';
import { InstrumentChooser } from './instrument-chooser';
import { useSymbol } from './use-symbol';
import { klineHref, paths, withQuery } from '../../paths/paths';
import { instrumentHref } from '../../paths/shell-paths';
import { rememberStock } from '../../state/last-stock';

/** BIST shares trade in whole lots of 1; the book shows share counts without decimals. */
const SHARE_QTY_SCALE = 0;

// Opened on a stock, its facts and first price are asked for as this chunk loads (src/api/early.ts).
const opening = openingQuery(paths.stock)?.get('symbol')?.trim().toUpperCase();
if (opening) prefetchStockInfo(opening);

/** /pages/stock/index?symbol=THYAO: a stock's or an index's live quote, day figures, book and trades. */
export default function StockScreen() {
  const symbol = useSymbol();
  return symbol === '' ? (
    <InstrumentChooser kind="stock" target={paths.stock} />
  ) : (
    <StockView symbol={symbol} />
  );
}

function StockView({ symbol }: { symbol: string }) {
  const load = useLiveData(`stock-info|${symbol}`, () => getStockInfo(symbol));
  const info = load.data;
  const market = info?.market ?? 'stock';
  const tradable = info !== undefined && market === 'stock';
  useTopic(info ? { kind: 'ticker', market, symbol } : null);
  useTopic(tradable ? { kind: 'book', market, symbol } : null);
  useTopic(tradable ? { kind: 'trades', market, symbol } : null);
  // One instrument in view: re-read it every 2 s if the stream can't carry it (lists take 5 s).
  usePollInterval(INSTRUMENT_POLL_MS);
  // A share the broker knows (not an index): the Trade tab opened without a symbol starts on it.
  useEffect(() => {
    if (tradable) rememberStock(symbol);
  }, [tradable, symbol]);

  return (
    <InstrumentFrame
      title={symbol || '--'}
      chooser={{ kind: 'stock', target: paths.stock }}
      load={load}
      actions={<StarButton market={market} symbol={symbol} />}
      session={(data) => data.status}
      footer={(data) => (data.market === 'stock' ? <StockTradeBar info={data} /> : null)}
    >
      {(data) => <StockBody info={data} />}
    </InstrumentFrame>
  );
}

function StockBody({ info }: { info: StockInfo }) {
  const { t } = useTranslation('instrument');
  // An IPO's stock has no options before it lists (the broker answers NOT_TRADABLE).
  const listed = useListed(info.listingAt);
  return (
    <>
      <div className="instrument-head">
        <p className="instrument-head__name" data-testid="instrument-name">
          {info.name}
        </p>
        <StockBadges info={info} />
      </div>
      <MarketStatusLine status={info.status} />
      <QuoteHeader
        symbol={info.symbol}
        scale={info.priceScale}
        fallback={{ last: info.price, change: info.change, pct: info.changePct }}
      />
      <StockStats info={info} />
      <CompactChart
        market={info.market}
        symbol={info.symbol}
        scale={info.priceScale}
        href={withQuery(paths.traderChart, { symbol: info.symbol, interval: '5m' })}
      />
      <KlineLink href={klineHref('stock', info.symbol)} />
      {info.market === 'stock' && listed && <OptionLink symbol={info.symbol} />}
      {info.market === 'stock' ? (
        <DepthTabs
          market="stock"
          symbol={info.symbol}
          priceScale={info.priceScale}
          qtyScale={SHARE_QTY_SCALE}
        />
      ) : (
        <section className="card members" aria-label={t('index.members')}>
          <h2 className="section-title">{t('index.members')}</h2>
          <p className="members__note">{t('index.no_book')}</p>
          <ul className="members__list" data-testid="index-members">
            {info.members.map((member) => (
              <li key={member}>
                <Link className="member-chip" href={instrumentHref('stock', member)}>
                  {member}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
