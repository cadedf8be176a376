import { useDeferredValue } from 'react';
import { useTranslation } from '../../i18n/hook';
import { EmptyState, ErrorState } from '../../components/content/state-views';
import { QuoteList, QuoteListSkeleton } from '../../components/market/quote-list';
import type { RowQuote } from '../../market/quote';
import type { Sort } from '../../market/sort';
import { useStockPages } from './use-stock-pages';
import { Button } from '../../components/button';

/** BIST stocks, sorted by the server, a page at a time. */
export function StocksPanel({ sort }: { sort: Sort }) {
  const { t } = useTranslation('market');
  const pages = useStockPages(sort);
  if (pages.status === 'loading') return <QuoteListSkeleton />;
  if (pages.status === 'error') return <ErrorState error={pages.error} onRetry={pages.retry} />;
  if (pages.rows.length === 0) return <EmptyState title={t('list.empty')} body={t('list.empty_body')} />;
  const hasMore = pages.rows.length < pages.total;
  return (
    <>
      <StockRows rows={pages.rows} />
      {hasMore && (
        <Button
          className="list-more"
          testId="list-more"
          disabled={pages.more === 'loading'}
          onClick={pages.loadMore}
        >
          {t(pages.more === 'error' ? 'list.more_retry' : 'list.more')}
        </Button>
      )}
    </>
  );
}

/** More than a phone's screen holds (~12 rows at 844 px), fewer than a page. */
const FIRST_ROWS = 14;

/**
 * The list's rows, those on screen first: its first render draws FIRST_ROWS, and the rest of the
 * page follows in a render React may pause for input, in slices of a few milliseconds. All 30 in
 * one render were the screen's longest task on a phone (the page's first answer arrives while the
 * entry's work is barely done), to draw rows below the fold.
 */
function StockRows({ rows }: { rows: RowQuote[] }) {
  const shown = useDeferredValue(rows, rows.slice(0, FIRST_ROWS));
  return <QuoteList rows={shown} testId="stock-list" />;
}
