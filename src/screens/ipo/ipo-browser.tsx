import { useState } from 'react';
import { useTranslation } from '../../i18n-hook';
import { IPO_STATUSES, type IpoStatusWire } from '../../../domain/protocol/ipo';
import { ipoEndpoints } from '../../../domain/protocol/endpoints/ipo';
import { call } from '../../api/call';
import { EmptyState, ErrorState, ListSkeleton } from '../../components/content/state-views';
import { usePaged } from '../../components/content/use-paged';
import { FilterChips } from './filter-chips';
import { IpoCard } from './ipo-card';
import { LoadMore } from './load-more';
import { useNow } from '../../components/content/use-now';
import { PullToRefresh } from '../../components/pull/pull-to-refresh';

type Filter = IpoStatusWire | 'all';
const FILTERS: readonly Filter[] = ['all', ...IPO_STATUSES];

/**
 * Every IPO, newest window first, filtered by status, a page at a time. The IPO list screen, and
 * the chooser of a screen opened without an id (`to`: where a tap leads, with the IPO's id).
 */
export function IpoBrowser({ to, initial = 'all' }: { to?: string; initial?: Filter }) {
  const { t } = useTranslation('ipo');
  const [filter, setFilter] = useState<Filter>(initial);
  const status = filter === 'all' ? undefined : filter;
  const paged = usePaged(`ipos-${filter}`, (page, size) =>
    call(ipoEndpoints.list, { page, size, status }, { silent: true }),
  );
  const now = useNow(paged.rows.length > 0);

  let body;
  if (paged.first.status === 'loading') body = <ListSkeleton rows={4} />;
  else if (paged.first.status === 'error')
    body = <ErrorState error={paged.first.error} onRetry={paged.reload} />;
  else if (paged.rows.length === 0) body = <EmptyState title={t('list.empty')} />;
  else
    body = (
      <>
        <ul className="ipo-list" data-testid="ipo-list">
          {paged.rows.map((ipo) => (
            <IpoCard
              key={ipo.id}
              ipo={ipo}
              now={now}
              onElapsed={() => void paged.refresh()}
              {...(to ? { to } : {})}
            />
          ))}
        </ul>
        <LoadMore paged={paged} />
      </>
    );
  return (
    <div className="ipo-stack">
      <FilterChips
        label={t('list.filter')}
        value={filter}
        options={FILTERS}
        text={(option) => (option === 'all' ? t('list.all') : t(`status.${option}`))}
        onChange={setFilter}
      />
      <PullToRefresh onRefresh={() => paged.refresh()}>{body}</PullToRefresh>
    </div>
  );
}
