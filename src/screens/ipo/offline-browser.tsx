import { useTranslation } from '../../i18n/hook';
import { useSnapshot } from 'valtio';
import { formatDateTime } from '../../../domain/format/date';
import type { OfflineIpo } from '../../../domain/protocol/bulk';
import { offlineEndpoints } from '../../../domain/protocol/endpoints/offline';
import { call } from '../../api/call';
import { EmptyState, ErrorState, ListSkeleton } from '../../components/content/state-views';
import { usePaged } from '../../components/content/use-paged';
import { lotCount } from '../../components/trade/primary-format';
import { prefs } from '../../state/prefs';
import { IpoCardFrame, ipoHref, ORDER_PATH } from './ipo-card';
import { LoadMore } from './load-more';
import { formatTry } from '../../../domain/format/number';

const TONE = { upcoming: 'upcoming', open: 'subscribing', closed: 'listed' } as const;

/** Where an offline card leads: the order screen in its offline variant. */
export const offlineHref = (id: string) => `${ipoHref(id, ORDER_PATH)}&channel=offline`;

function OfflineCard({ ipo }: { ipo: OfflineIpo }) {
  const { t } = useTranslation('ipo');
  const { lang } = useSnapshot(prefs);
  const { offline } = ipo;
  return (
    <IpoCardFrame
      href={offlineHref(ipo.id)}
      testId={`offline-${ipo.id}`}
      ipo={ipo}
      badge={
        <span
          className={`ipo-badge ipo-badge--${TONE[offline.status]}`}
          data-testid={`offline-${ipo.id}-status`}
        >
          {t(`offline.status_${offline.status}`)}
        </span>
      }
      facts={[
        { label: t('card.price'), value: formatTry(ipo.issuePrice, lang) },
        { label: t('offline.tranche'), value: t('card.lots', lotCount(offline.lots, lang)) },
        { label: t('offline.min'), value: t('card.lots', lotCount(offline.minLots, lang)) },
      ]}
      method={t('offline.method_value')}
      applied={offline.applied === true ? t('offline.applied') : null}
      when={
        <span className="num">
          {offline.status === 'upcoming'
            ? `${t('offline.opens')} ${formatDateTime(offline.opensAt, lang)}`
            : `${t('offline.closes')} ${formatDateTime(offline.closesAt, lang)}`}
        </span>
      }
    />
  );
}

/** IPOs with their offline tranche, open ones first, then upcoming; closed ones are left out. */
export function OfflineBrowser() {
  const { t } = useTranslation('ipo');
  const paged = usePaged('offline-ipos', (page, size) =>
    call(offlineEndpoints.list, { page, size }, { silent: true }),
  );
  if (paged.first.status === 'loading') return <ListSkeleton rows={3} />;
  if (paged.first.status === 'error') return <ErrorState error={paged.first.error} onRetry={paged.reload} />;
  const rows = paged.rows
    .filter((ipo) => ipo.offline.status !== 'closed')
    .sort((a, b) => (a.offline.status === b.offline.status ? 0 : a.offline.status === 'open' ? -1 : 1));
  if (rows.length === 0) return <EmptyState title={t('offline.empty')} />;
  return (
    <>
      <ul className="card-list" data-testid="offline-list">
        {rows.map((ipo) => (
          <OfflineCard key={ipo.id} ipo={ipo} />
        ))}
      </ul>
      <LoadMore paged={paged} />
    </>
  );
}
