import { useState } from 'react';
import { useTranslation } from '../../i18n-hook';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { formatDateTime } from '../../../domain/format/date';
import type { ApplicationStatus } from '../../../domain/ipo/lifecycle';
import { APPLICATION_STATUSES, type IpoApplication } from '../../../domain/protocol/ipo';
import { ipoEndpoints } from '../../../domain/protocol/endpoints/ipo';
import { call } from '../../api/call';
import { EmptyState, ErrorState, ListSkeleton } from '../../components/content/state-views';
import { usePaged } from '../../components/content/use-paged';
import { useRecordChanges } from '../../market/use-record-changes';
import { prefs } from '../../state/prefs';
import { FilterChips } from './filter-chips';
import { ipoHref, RECORD_PATH } from './ipo-card';
import { lotCount, formatTry } from '../../components/trade/primary-format';
import { LoadMore } from './load-more';
import { ApplicationStatusBadge } from './status-badge';
import { PullToRefresh } from '../../components/pull/pull-to-refresh';
import { paths } from '../../routes/paths';

type Filter = ApplicationStatus | 'all';
const FILTERS: readonly Filter[] = ['all', ...APPLICATION_STATUSES];
const TAB_PATH = paths.ipoTab;

/**
 * An application card's head and facts, retail or institutional: which IPO, its status, how many
 * lots, what is held, what was allotted (`testId`-status, -held, -allotted inside).
 */
export function ApplicationFacts({
  application: app,
  testId,
}: {
  application: Pick<IpoApplication, 'symbol' | 'name' | 'status' | 'lots' | 'held' | 'allottedLots'>;
  testId: string;
}) {
  const { t } = useTranslation('ipo');
  const { lang } = useSnapshot(prefs);
  return (
    <>
      <span className="ipo-card__head">
        <span className="ipo-card__who">
          <span className="ipo-card__symbol">{app.symbol}</span>
          <span className="ipo-card__name">{app.name}</span>
        </span>
        <ApplicationStatusBadge status={app.status} testId={`${testId}-status`} />
      </span>
      <span className="ipo-card__facts">
        <span className="ipo-card__fact">
          <span className="ipo-card__label">{t('record.lots')}</span>
          <span className="num">{t('applications.lots', lotCount(app.lots, lang))}</span>
        </span>
        <span className="ipo-card__fact">
          <span className="ipo-card__label">{t('record.held')}</span>
          <span className="num" data-testid={`${testId}-held`}>
            {formatTry(app.held, lang)}
          </span>
        </span>
        <span className="ipo-card__fact">
          <span className="ipo-card__label">{t('record.allotted')}</span>
          <span className="num" data-testid={`${testId}-allotted`}>
            {app.allottedLots === null
              ? t('record.pending')
              : t('applications.lots', lotCount(app.allottedLots, lang))}
          </span>
        </span>
      </span>
    </>
  );
}

/** One application as a card: which IPO, how many lots, what is held, what was allotted. */
export function ApplicationCard({ application }: { application: IpoApplication }) {
  const { t } = useTranslation('ipo');
  const { lang } = useSnapshot(prefs);
  const app = application;
  return (
    <li>
      <Link className="ipo-card" href={ipoHref(app.id, RECORD_PATH)} data-testid={`application-${app.id}`}>
        <ApplicationFacts application={app} testId={`application-${app.id}`} />
        <span className="ipo-card__foot">
          <span className="ipo-card__method">
            {formatDateTime(app.appliedAt, lang)}
            {app.auto && <> · {t('applications.auto')}</>}
          </span>
          {app.status === 'allocated_pending_payment' && (
            <span className="num" data-testid={`application-${app.id}-due`}>
              {t('applications.due', {
                amount: formatTry(app.due, lang),
                date: formatDateTime(app.payBy, lang),
              })}
            </span>
          )}
          {app.refundedAt !== null && (
            <span className="num" data-testid={`application-${app.id}-refunded`}>
              {t('record.refunded')}: {formatTry(app.refunded, lang)}
            </span>
          )}
        </span>
      </Link>
    </li>
  );
}

const IPO_RECORDS = ['ipo'] as const;

/** The user's applications (active account), by status, a page at a time. */
export function ApplicationList() {
  const { t } = useTranslation('ipo');
  const [filter, setFilter] = useState<Filter>('all');
  const status = filter === 'all' ? undefined : filter;
  const paged = usePaged(`ipo-applications-${filter}`, (page, size) =>
    call(ipoEndpoints.applications, { page, size, status }, { silent: true }),
  );
  // An allocation is read whole: "allocated, pay by" shows the amount due, which only the read carries.
  useRecordChanges(IPO_RECORDS, () => void paged.refresh({ keepMore: true }));
  let body;
  if (paged.first.status === 'loading') body = <ListSkeleton rows={4} />;
  else if (paged.first.status === 'error')
    body = <ErrorState error={paged.first.error} onRetry={paged.reload} />;
  else if (paged.rows.length === 0)
    body = (
      <EmptyState
        title={t('applications.empty')}
        body={t('applications.empty_body')}
        action={
          <Link className="button button--primary" href={TAB_PATH} data-testid="applications-browse">
            {t('applications.browse')}
          </Link>
        }
      />
    );
  else
    body = (
      <>
        <ul className="ipo-list" data-testid="application-list">
          {paged.rows.map((application) => (
            <ApplicationCard key={application.id} application={application} />
          ))}
        </ul>
        <LoadMore paged={paged} />
      </>
    );
  return (
    <div className="ipo-stack">
      <FilterChips
        label={t('applications.filter')}
        value={filter}
        options={FILTERS}
        text={(option) => (option === 'all' ? t('applications.all') : t(`app_status.${option}`))}
        onChange={setFilter}
      />
      <PullToRefresh onRefresh={() => paged.refresh({ keepMore: true })}>{body}</PullToRefresh>
    </div>
  );
}
