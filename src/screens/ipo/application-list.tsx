import { useTranslation } from '../../i18n/hook';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { formatDateTime } from '../../../domain/format/date';
import type { ApplicationStatus } from '../../../domain/ipo/lifecycle';
import { APPLICATION_STATUSES } from '../../../domain/ipo/lifecycle';
import type { IpoApplication } from '../../../domain/protocol/ipo';
import { ipoEndpoints } from '../../../domain/protocol/endpoints/ipo';
import { call } from '../../api/call';
import { EmptyState } from '../../components/content/state-views';
import { useRecordChanges } from '../../market/use-record-changes';
import { prefs } from '../../state/prefs';
import { ipoHref, RECORD_PATH } from './ipo-card';
import { lotCount } from '../../components/trade/primary-format';
import { ApplicationStatusBadge } from './status-badge';
import { StatusPagedList, useStatusPaged } from './status-paged-list';
import { paths } from '../../paths/paths';
import { formatTry } from '../../../domain/format/number';
import { ButtonLink } from '../../components/button';

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
      <Link
        className="tap-card ipo-card"
        href={ipoHref(app.id, RECORD_PATH)}
        data-testid={`application-${app.id}`}
      >
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
  const list = useStatusPaged(
    'ipo-applications',
    'all',
    (status: ApplicationStatus | undefined, page, size) =>
      call(ipoEndpoints.applications, { page, size, status }, { silent: true }),
  );
  const { paged } = list;
  // An allocation is read whole: "allocated, pay by" shows the amount due, which only the read carries.
  useRecordChanges(IPO_RECORDS, () => void paged.refresh({ keepMore: true }));
  return (
    <StatusPagedList
      list={list}
      filters={FILTERS}
      label={t('applications.filter')}
      text={(option) => (option === 'all' ? t('applications.all') : t(`app_status.${option}`))}
      empty={
        <EmptyState
          title={t('applications.empty')}
          body={t('applications.empty_body')}
          action={
            <ButtonLink href={TAB_PATH} testId="applications-browse">
              {t('applications.browse')}
            </ButtonLink>
          }
        />
      }
      testId="application-list"
      onRefresh={() => paged.refresh({ keepMore: true })}
    >
      {(application) => <ApplicationCard key={application.id} application={application} />}
    </StatusPagedList>
  );
}
