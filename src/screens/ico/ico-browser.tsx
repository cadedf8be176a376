import { useTranslation } from '../../i18n/hook';
import type { IcoStatusWire } from '../../../domain/protocol/ico';
import { icoEndpoints } from '../../../domain/protocol/endpoints/ico';
import { call } from '../../api/call';
import { EmptyState } from '../../components/content/state-views';
import { PagedList } from '../../components/content/paged-list';
import { usePaged } from '../../components/content/use-paged';
import { useNow } from '../../components/content/use-now';
import { PullToRefresh } from '../../components/pull/pull-to-refresh';
import { IcoCard } from './ico-parts';

/**
 * Every coin sale, newest window first, a page at a time: the list screen, and the chooser of a
 * screen opened without an id (`to`: where a tap leads; `status`: only those, e.g. subscribing).
 */
export function IcoBrowser({ to, status }: { to?: string; status?: IcoStatusWire }) {
  const { t } = useTranslation('ico');
  const paged = usePaged(`icos-${status ?? 'all'}`, (page, size) =>
    call(icoEndpoints.list, { page, size, status }, { silent: true }),
  );
  const now = useNow(paged.rows.length > 0);
  return (
    <PullToRefresh onRefresh={() => paged.refresh()}>
      <PagedList
        paged={paged}
        empty={<EmptyState title={t('list.empty')} />}
        look="ipo"
        testId="ico-list"
        moreLabel={t('list.more')}
      >
        {(ico) => (
          <IcoCard
            key={ico.id}
            ico={ico}
            now={now}
            onElapsed={() => void paged.refresh()}
            {...(to ? { to } : {})}
          />
        )}
      </PagedList>
    </PullToRefresh>
  );
}
