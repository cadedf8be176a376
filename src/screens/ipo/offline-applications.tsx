import { useTranslation } from '../../i18n-hook';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { formatDateTime } from '../../../domain/format/date';
import type { OfflineApplication } from '../../../domain/protocol/bulk';
import { listOfflineApplications } from '../../api/bulk';
import { EmptyState, ErrorState, ListSkeleton } from '../../components/content/state-views';
import { usePaged } from '../../components/content/use-paged';
import { formatLots, formatTry } from '../../components/trade/primary-format';
import { prefs } from '../../state/prefs';
import { OFFLINE_LIST_PATH } from './ipo-card';
import { LoadMore } from './load-more';
import { ApplicationStatusBadge } from './status-badge';

/** One institutional application: which IPO, how many lots, what is held, what was allotted, when. */
function OfflineCard({ application: app }: { application: OfflineApplication }) {
  const { t } = useTranslation('ipo');
  const { lang } = useSnapshot(prefs);
  return (
    <li className="ipo-card ipo-card--static" data-testid={`offline-application-${app.id}`}>
      <span className="ipo-card__head">
        <span className="ipo-card__who">
          <span className="ipo-card__symbol">{app.symbol}</span>
          <span className="ipo-card__name">{app.name}</span>
        </span>
        <ApplicationStatusBadge status={app.status} testId={`offline-application-${app.id}-status`} />
      </span>
      <span className="ipo-card__facts">
        <span className="ipo-card__fact">
          <span className="ipo-card__label">{t('record.lots')}</span>
          <span className="num">{t('applications.lots', { lots: formatLots(app.lots, lang) })}</span>
        </span>
        <span className="ipo-card__fact">
          <span className="ipo-card__label">{t('record.held')}</span>
          <span className="num" data-testid={`offline-application-${app.id}-held`}>
            {formatTry(app.held, lang)}
          </span>
        </span>
        <span className="ipo-card__fact">
          <span className="ipo-card__label">{t('record.allotted')}</span>
          <span className="num">
            {app.allottedLots === null
              ? t('record.pending')
              : t('applications.lots', { lots: formatLots(app.allottedLots, lang) })}
          </span>
        </span>
      </span>
      <span className="ipo-card__foot">
        <span className="ipo-card__method ipo-card__when">{formatDateTime(app.appliedAt, lang)}</span>
        <span className="num">
          {t('offline.allocation')}:{' '}
          <span className="ipo-card__when">{formatDateTime(app.allocatedAt ?? app.allocationAt, lang)}</span>
        </span>
      </span>
    </li>
  );
}

/** The user's applications into IPOs' institutional tranches (active account), a page at a time. */
export function OfflineApplicationList() {
  const { t } = useTranslation('ipo');
  const paged = usePaged('offline-applications', (page, size) =>
    listOfflineApplications({ page, size }, { silent: true }),
  );
  if (paged.first.status === 'loading') return <ListSkeleton rows={4} />;
  if (paged.first.status === 'error') return <ErrorState error={paged.first.error} onRetry={paged.reload} />;
  if (paged.rows.length === 0)
    return (
      <EmptyState
        title={t('offline.mine_empty')}
        action={
          <Link className="button button--primary" href={OFFLINE_LIST_PATH} data-testid="offline-browse">
            {t('applications.browse')}
          </Link>
        }
      />
    );
  return (
    <>
      <ul className="ipo-list" data-testid="offline-application-list">
        {paged.rows.map((application) => (
          <OfflineCard key={application.id} application={application} />
        ))}
      </ul>
      <LoadMore paged={paged} />
    </>
  );
}
