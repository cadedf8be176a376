import { useMemo } from 'react';
import { useTranslation } from '../../i18n/hook';
import type { IndicesAnswer } from '../../../domain/protocol/market';
import { getCoinQuotes } from '../../market/coin-quotes';
import { EmptyState, ErrorState } from '../../components/content/state-views';
import { useLiveData, type LiveData, type LiveState } from '../../components/content/use-live-data';
import { QuoteList, QuoteListSkeleton } from '../../components/market/quote-list';
import { fromCoinQuote, fromStockQuote, sortQuotes, type RowQuote } from '../../market/quote';
import type { Sort } from '../../market/sort';

const loadCoins = async () => (await getCoinQuotes({ silent: true })).map(fromCoinQuote);

/** A short list loaded whole and sorted here, by the figures shown when the sort was chosen. */
function SortedPanel({
  name,
  data,
  reload,
  sort,
}: {
  name: string;
  data: LiveState<RowQuote[]>;
  reload: () => void;
  sort: Sort;
}) {
  const { t } = useTranslation('market');
  const loaded = data.status === 'ready' ? data.data : null;
  const rows = useMemo(() => (loaded ? sortQuotes(loaded, sort) : []), [loaded, sort]);
  if (data.status === 'loading') return <QuoteListSkeleton rows={3} />;
  if (data.status === 'error') return <ErrorState error={data.error} onRetry={reload} />;
  if (rows.length === 0) return <EmptyState title={t('list.empty')} body={t('list.empty_body')} />;
  return <QuoteList rows={rows} testId={`${name}-list`} />;
}

/** The indices, from the answer the screen's session badge reads too (useBistIndices). */
export function IndicesPanel({ indices, sort }: { indices: LiveData<IndicesAnswer>; sort: Sort }) {
  const answer = indices.status === 'ready' ? indices.data : null;
  const data = useMemo(
    (): LiveState<RowQuote[]> =>
      answer
        ? { status: 'ready', data: answer.list.map(fromStockQuote), error: undefined }
        : indices.status === 'error'
          ? { status: 'error', data: undefined, error: indices.error }
          : { status: 'loading', data: undefined, error: undefined },
    [answer, indices.status, indices.error],
  );
  return <SortedPanel name="indices" data={data} reload={indices.reload} sort={sort} />;
}

export function CoinsPanel({ sort }: { sort: Sort }) {
  const coins = useLiveData('coins', loadCoins);
  return <SortedPanel name="coins" data={coins} reload={coins.reload} sort={sort} />;
}
