import { useTranslation } from '../../i18n/hook';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { formatDateTime } from '../../../domain/format/date';
import { OFFLINE_APPLICATION_STATUSES, type OfflineApplication } from '../../../domain/protocol/bulk';
import { offlineEndpoints } from '../../../domain/protocol/endpoints/offline';
import { call } from '../../api/call';
import { EmptyState, ErrorState, ListSkeleton } from '../../components/content/state-views';
import { useLiveRecords } from '../../components/content/use-live-records';
import { usePaged } from '../../components/content/use-paged';
import { prefs } from '../../state/prefs';
import { OFFLINE_LIST_PATH } from './ipo-card';
import { ApplicationFacts } from './application-list';
import { LoadMore } from './load-more';
import { offlineHref } from './offline-browser';
import { ButtonLink } from '../../components/button';

/**
 * One institutional application: which IPO, how many lots, what is held, what was allotted, when;
 * it opens the IPO's offline screen, which shows the application in full.
 */
function OfflineCard({ application: app }: { application: OfflineApplication }) {
  const { t } = useTranslation('ipo');
  const { lang } = useSnapshot(prefs);
  return (
    <li>
      <Link
        className="tap-card ipo-card"
        href={offlineHref(app.ipoId)}
        data-testid={`offline-application-${app.id}`}
      >
        <ApplicationFacts application={app} testId={`offline-application-${app.id}`} />
        <span className="ipo-card__foot">
          <span className="ipo-card__method ipo-card__when">{formatDateTime(app.appliedAt, lang)}</span>
          <span className="num">
            {t('offline.allocation')}:{' '}
            <span className="ipo-card__when">
              {formatDateTime(app.allocatedAt ?? app.allocationAt, lang)}
            </span>
          </span>
        </span>
      </Link>
    </li>
  );
}

const OFFLINE_RECORDS = ['bulk'] as const;

/** The user's applications into IPOs' institutional tranches (active account), a page at a time. */
export function OfflineApplicationList() {
  const { t } = useTranslation('ipo');
  const paged = usePaged('offline-applications', (page, size) =>
    call(offlineEndpoints.applications, { page, size }, { silent: true }),
  );
  useLiveRecords(paged, OFFLINE_RECORDS, OFFLINE_APPLICATION_STATUSES);
  if (paged.first.status === 'loading') return <ListSkeleton rows={4} />;
  if (paged.first.status === 'error') return <ErrorState error={paged.first.error} onRetry={paged.reload} />;
  if (paged.rows.length === 0)
    return (
      <EmptyState
        title={t('offline.mine_empty')}
        action={
          <ButtonLink href={OFFLINE_LIST_PATH} testId="offline-browse">
            {t('applications.browse')}
          </ButtonLink>
        }
      />
    );
  return (
    <>
      <ul className="card-list" data-testid="offline-application-list">
        {paged.rows.map((application) => (
          <OfflineCard key={application.id} application={application} />
        ))}
      </ul>
      <LoadMore paged={paged} />
    </>
  );
}
