import '../../styles/market.css';
import { memo } from 'react';
import { useTranslation } from '../../i18n/hook';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { firstLoad } from '../../../domain/protocol/first-load-endpoints';
import { call } from '../../api/call';
import { ErrorState } from '../../components/content/state-views';
import { useLiveData } from '../../components/content/use-live-data';
import { ChangeCell } from '../../components/market/change-cell';
import { FeedBadge } from '../../components/market/feed-badge';
import { instrumentHref } from '../../paths/shell-paths';
import { MarketStatusLine } from '../../components/market/market-status-line';
import { PriceCell } from '../../components/market/price-cell';
import { fromStockQuote, type RowQuote } from '../../market/quote';
import { useLiveQuote } from '../../market/use-live-quote';
import { prefs } from '../../state/prefs';

const loadIndices = () => call(firstLoad.indices, {}, { silent: true });

const IndexCard = memo(function IndexCard({ quote }: { quote: RowQuote }) {
  const live = useLiveQuote(quote);
  const { lang } = useSnapshot(prefs);
  return (
    <Link
      href={instrumentHref(quote.market, quote.symbol)}
      className="index-card"
      data-testid={`index-card-${quote.symbol}`}
    >
      <span className="index-card__symbol">{quote.symbol}</span>
      <PriceCell value={live.last} decimals={quote.decimals} locale={lang} testId={`price-${quote.symbol}`} />
      <ChangeCell pct={live.pct} locale={lang} />
    </Link>
  );
});

/** The Home tab's top: BIST session line and the three indices, live. */
export function IndexStrip() {
  const { t } = useTranslation('market');
  const data = useLiveData('home-indices', loadIndices, true, { keep: true });
  let body;
  if (data.status === 'loading')
    // Shaped as what replaces it (status line, three cards of three lines), so nothing below moves.
    body = (
      <div className="index-strip-loading" role="status" aria-busy="true" aria-label={t('list.loading')}>
        <p className="market-status" aria-hidden="true">
          <span className="skeleton skeleton--line" />
        </p>
        <div className="index-strip" aria-hidden="true">
          {[0, 1, 2].map((n) => (
            <div key={n} className="index-card">
              <span className="index-card__symbol">
                <span className="skeleton skeleton--line" />
              </span>
              <span className="price-cell">--</span>
              <span className="change-cell">--</span>
            </div>
          ))}
        </div>
      </div>
    );
  else if (data.status === 'error') body = <ErrorState error={data.error} onRetry={data.reload} />;
  else
    body = (
      <>
        <MarketStatusLine status={data.data.status} />
        {data.data.list.length > 0 && (
          <div className="index-strip">
            {data.data.list.map((quote) => (
              <IndexCard key={quote.symbol} quote={fromStockQuote(quote)} />
            ))}
          </div>
        )}
      </>
    );
  return (
    <section className="home-section" aria-labelledby="home-indices-title" data-testid="home-indices">
      <div className="home-section__head">
        <h2 id="home-indices-title" className="section-title">
          {t('home.indices')}
        </h2>
        <FeedBadge session={data.status === 'ready' ? data.data.status : null} bist />
      </div>
      {body}
    </section>
  );
}
