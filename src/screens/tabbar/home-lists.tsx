import '../../styles/market.css';
import { useMemo } from 'react';
import { useTranslation } from '../../i18n/hook';
import { Link } from 'wouter';
import { firstLoad } from '../../../domain/protocol/first-load-endpoints';
import { call } from '../../api/call';
import { getCoinQuotes } from '../../market/coin-quotes';
import { EmptyState, ErrorState } from '../../components/content/state-views';
import { useLiveData } from '../../components/content/use-live-data';
import { QuoteList, QuoteListSkeleton } from '../../components/market/quote-list';
import { fromCoinQuote, fromStockQuote, sortQuotes, type RowQuote } from '../../market/quote';
import { MARKETS_PATH, STOCK_LIST_PATH } from '../../paths/shell-paths';

/** How many rows each Home list shows; "see all" opens the full list. */
export const HOME_ROWS = 5;

const loadHot = async () => (await call(firstLoad.hot, {}, { silent: true })).map(fromStockQuote);
// Ranked by USDT volume: the USDT/TRY rate pair's volume is in TRY, so it is not one of them.
const loadCoins = async () =>
  (await getCoinQuotes({ silent: true })).filter((coin) => coin.quote === 'USDT').map(fromCoinQuote);

/** Hot stocks keep the server's order; coins are ranked here by traded value. */
type Props = {
  name: string;
  title: string;
  more: string;
  load: () => Promise<RowQuote[]>;
  byVolume?: boolean;
};

function HomeList({ name, title, more, load, byVolume = false }: Props) {
  const { t } = useTranslation('market');
  const data = useLiveData(name, load, true, { keep: true });
  const loaded = data.status === 'ready' ? data.data : null;
  const rows = useMemo(() => {
    if (!loaded) return [];
    const ordered = byVolume ? sortQuotes(loaded, { field: 'volume', direction: 'desc' }) : loaded;
    return ordered.slice(0, HOME_ROWS);
  }, [loaded, byVolume]);
  let body;
  if (data.status === 'loading') body = <QuoteListSkeleton rows={HOME_ROWS} />;
  else if (data.status === 'error') body = <ErrorState error={data.error} onRetry={data.reload} />;
  else if (rows.length === 0) body = <EmptyState title={t('list.empty')} body={t('list.empty_body')} />;
  else body = <QuoteList rows={rows} testId={name} />;
  return (
    <section className="home-section" aria-labelledby={`${name}-title`}>
      <div className="home-section__head">
        <h2 id={`${name}-title`} className="section-title">
          {title}
        </h2>
        <Link href={more} className="text-link" data-testid={`${name}-more`}>
          {t('home.see_all')}
        </Link>
      </div>
      {body}
    </section>
  );
}

export function HotStocks() {
  const { t } = useTranslation('market');
  return (
    <HomeList name="home-hot" title={t('home.hot')} more={`${STOCK_LIST_PATH}?sort=volume`} load={loadHot} />
  );
}

export function TopCoins() {
  const { t } = useTranslation('market');
  return (
    <HomeList
      name="home-coins"
      title={t('home.coins')}
      more={`${MARKETS_PATH}?segment=coins`}
      load={loadCoins}
      byVolume
    />
  );
}
