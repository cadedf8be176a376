import { useTranslation } from '../../i18n/hook';
import { LoadMore as SharedLoadMore, type Paged } from '../../components/content/paged-list';

/** The IPO lists' "Show more" (the shared component, in the IPO screens' words). */
export function LoadMore({ paged }: { paged: Paged }) {
  const { t } = useTranslation('ipo');
  return <SharedLoadMore paged={paged} label={t('list.more')} className="ipo-more" />;
}
