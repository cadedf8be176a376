import './search-i18n';
import { firstLoad } from '../../../domain/protocol/first-load-endpoints';
import { call } from '../../api/call';
import { useLiveData } from '../../components/content/use-live-data';
import { HomeSection } from './home-section';
import { QuoteList, QuoteListSkeleton } from '../../components/market/quote-list';
import { useTranslation } from '../../i18n/hook';
import { getCoinQuotes } from '../../market/coin-quotes';
import { fromCoinQuote, fromStockQuote, sortQuotes, type RowQuote } from '../../market/quote';

/** How many of the most traded stocks, then coins, the search offers before anything is typed. */
export const POPULAR_STOCKS = 5;
export const POPULAR_COINS = 3;

/**
 * Today's most traded instruments, from the lists the markets screen shows: the stocks by turnover
 * (the server sorts them), the coin pairs by 24 h quote volume. Nothing here is a fixed list.
 */
async function loadPopular(): Promise<RowQuote[]> {
  const [stocks, coins] = await Promise.all([
    call(
      firstLoad.stockList,
      { page: 1, size: POPULAR_STOCKS, sort: 'turnover', order: 'desc', market: 'stock' },
      { silent: true },
    ),
    getCoinQuotes({ silent: true }),
  ]);
  const byVolume = sortQuotes(coins.map(fromCoinQuote), { field: 'volume', direction: 'desc' });
  return [...stocks.list.slice(0, POPULAR_STOCKS).map(fromStockQuote), ...byVolume.slice(0, POPULAR_COINS)];
}

/**
 * "Popular" under the search field: rows that stream like the market list's and open the
 * instrument. A failed read leaves the section out: the field and the recent searches still work.
 */
export function SearchPopular({ onOpen }: { onOpen: (symbol: string) => void }) {
  const { t } = useTranslation('search');
  const popular = useLiveData('search|popular', loadPopular);
  if (popular.status === 'error' || (popular.status === 'ready' && popular.data.length === 0)) return null;
  return (
    <HomeSection
      title={t('popular')}
      testId="search-popular"
      aside={<span className="search-popular__note">{t('popular_note')}</span>}
    >
      {popular.status === 'loading' ? (
        <QuoteListSkeleton rows={3} />
      ) : (
        <QuoteList rows={popular.data} testId="search-popular-list" onOpen={onOpen} />
      )}
    </HomeSection>
  );
}
