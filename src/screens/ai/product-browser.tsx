import { useTranslation } from '../../i18n/hook';
import { aiProductEndpoints } from '../../../domain/protocol/endpoints/ai-products';
import { call } from '../../api/call';
import { EmptyState } from '../../components/content/state-views';
import { PagedList } from '../../components/content/paged-list';
import { usePaged } from '../../components/content/use-paged';
import { ProductCard } from './ai-parts';

/** Every product, a page at a time: the list screen, and the chooser of a screen opened without an id. */
export function ProductBrowser() {
  const { t } = useTranslation('ai');
  const paged = usePaged('ai-products', (page, size) =>
    call(aiProductEndpoints.list, { page, size }, { silent: true }),
  );
  return (
    <PagedList
      paged={paged}
      empty={<EmptyState title={t('list.empty')} />}
      look="ai"
      testId="ai-list"
      moreLabel={t('more')}
    >
      {(product) => <ProductCard key={product.id} product={product} />}
    </PagedList>
  );
}
