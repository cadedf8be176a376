import { useTranslation } from '../../i18n-hook';
import { aiProductEndpoints } from '../../../domain/protocol/endpoints/ai-products';
import { call } from '../../api/call';
import { LoadMore } from '../../components/content/load-more';
import { EmptyState, ErrorState, ListSkeleton } from '../../components/content/state-views';
import { usePaged } from '../../components/content/use-paged';
import { ProductCard } from './ai-parts';

/** Every product, a page at a time: the list screen, and the chooser of a screen opened without an id. */
export function ProductBrowser() {
  const { t } = useTranslation('ai');
  const paged = usePaged('ai-products', (page, size) =>
    call(aiProductEndpoints.list, { page, size }, { silent: true }),
  );
  if (paged.first.status === 'loading') return <ListSkeleton rows={3} />;
  if (paged.first.status === 'error') return <ErrorState error={paged.first.error} onRetry={paged.reload} />;
  if (paged.rows.length === 0) return <EmptyState title={t('list.empty')} />;
  return (
    <>
      <ul className="ai-list" data-testid="ai-list">
        {paged.rows.map((product) => (
          <ProductCard key={product.id} product={product} />
        ))}
      </ul>
      <LoadMore paged={paged} label={t('title')} className="ai-more" />
    </>
  );
}
