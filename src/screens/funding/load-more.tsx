import { useTranslation } from '../../i18n-hook';
import { LoadMore as SharedLoadMore, type Paged } from '../../components/content/paged-list';

/** The funding records' "Load more" (the shared component, in funding's words). */
export function LoadMore({ paged }: { paged: Paged }) {
  const { t } = useTranslation('funding');
  return <SharedLoadMore paged={paged} label={t('records.more')} className="load-more" />;
}
