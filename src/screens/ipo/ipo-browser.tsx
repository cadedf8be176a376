import { useTranslation } from '../../i18n/hook';
import { IPO_STATUSES, type IpoStatus } from '../../../domain/ipo/lifecycle';
import { ipoEndpoints } from '../../../domain/protocol/endpoints/ipo';
import { call } from '../../api/call';
import { EmptyState } from '../../components/content/state-views';
import { IpoCard } from './ipo-card';
import { useNow } from '../../components/content/use-now';
import { StatusPagedList, useStatusPaged } from './status-paged-list';

type Filter = IpoStatus | 'all';
const FILTERS: readonly Filter[] = ['all', ...IPO_STATUSES];

/**
 * Every IPO, newest window first, filtered by status, a page at a time. The IPO list screen, and
 * the chooser of a screen opened without an id (`to`: where a tap leads, with the IPO's id).
 */
export function IpoBrowser({ to, initial = 'all' }: { to?: string; initial?: Filter }) {
  const { t } = useTranslation('ipo');
  const list = useStatusPaged('ipos', initial, (status: IpoStatus | undefined, page, size) =>
    call(ipoEndpoints.list, { page, size, status }, { silent: true }),
  );
  const { paged } = list;
  const now = useNow(paged.rows.length > 0);
  return (
    <StatusPagedList
      list={list}
      filters={FILTERS}
      label={t('list.filter')}
      text={(option) => (option === 'all' ? t('list.all') : t(`status.${option}`))}
      empty={<EmptyState title={t('list.empty')} />}
      testId="ipo-list"
      onRefresh={() => paged.refresh()}
    >
      {(ipo) => (
        <IpoCard
          key={ipo.id}
          ipo={ipo}
          now={now}
          onElapsed={() => void paged.refresh()}
          {...(to ? { to } : {})}
        />
      )}
    </StatusPagedList>
  );
}
