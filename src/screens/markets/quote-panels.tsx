import { useMemo } from 'react';
import { useTranslation } from '../../i18n-hook';
import { getCoinQuotes, getIndices } from '../../api/market';
import { EmptyState, ErrorState } from '../../components/content/state-views';
import { useLiveData } from '../../components/content/use-live-data';
import { QuoteList, QuoteListSkeleton } from '../../components/market/quote-list';
import { fromCoinQuote, fromStockQuote, sortQuotes, type RowQuote } from '../../market/quote';
import type { Sort } from '../../market/sort';

const loadIndices = async () => (await getIndices({ silent: true })).list.map(fromStockQuote);
const loadCoins = async () => (await getCoinQuotes({ silent: true })).map(fromCoinQuote);

/** A short list loaded whole and sorted here, by the figures shown when the sort was chosen. */
function SortedPanel({ name, load, sort }: { name: string; load: () => Promise<RowQuote[]>; sort: Sort }) {
  const { t } = useTranslation('market');
  const data = useLiveData(name, load);
  const loaded = data.status === 'ready' ? data.data : null;
  const rows = useMemo(() => (loaded ? sortQuotes(loaded, sort) : []), [loaded, sort]);
  if (data.status === 'loading') return <QuoteListSkeleton rows={3} />;
  if (data.status === 'error') return <ErrorState error={data.error} onRetry={data.reload} />;
  if (rows.length === 0) return <EmptyState title={t('list.empty')} body={t('list.empty_body')} />;
  return <QuoteList rows={rows} testId={`${name}-list`} />;
}

export function IndicesPanel({ sort }: { sort: Sort }) {
  return <SortedPanel name="indices" load={loadIndices} sort={sort} />;
}

export function CoinsPanel({ sort }: { sort: Sort }) {
  return <SortedPanel name="coins" load={loadCoins} sort={sort} />;
}
