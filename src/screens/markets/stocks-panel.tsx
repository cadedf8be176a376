import { useTranslation } from '../../i18n/hook';
import { EmptyState, ErrorState } from '../../components/content/state-views';
import { QuoteList, QuoteListSkeleton } from '../../components/market/quote-list';
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
      <QuoteList rows={pages.rows} testId="stock-list" />
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
