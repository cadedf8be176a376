import './namespace';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/hook';
import { useSnapshot } from 'valtio';
import { useSearch } from 'wouter';
import { ipoEndpoints } from '../../../domain/protocol/endpoints/ipo';
import { call } from '../../api/call';
import { EmptyState, ErrorState, ListSkeleton } from '../../components/content/state-views';
import { useLiveData } from '../../components/content/use-live-data';
import { useRecordChanges } from '../../market/use-record-changes';
import { FigureRows } from '../../components/trade/figure-rows';
import { Navbar } from '../../components/navbar';
import { Screen } from '../../components/screen';
import { prefs } from '../../state/prefs';
import { applicationDates, applicationRows } from './application-rows';
import { ApplicationList } from './application-list';
import { ipoHref } from './ipo-card';
import { idFromSearch } from '../../components/content/search-id';
import { PayAllotment } from './pay-allotment';
import { ApplicationStatusBadge } from './status-badge';
import { ButtonLink } from '../../components/button';

/** The contract has no single-application call: the newest page (size 100, the most it allows) holds it. */
const RECENT_SIZE = 100;

const IPO_RECORDS = ['ipo'] as const;

function RecordBody({ id }: { id: string }) {
  const { t } = useTranslation('ipo');
  const { lang } = useSnapshot(prefs);
  const load = useCallback(
    () => call(ipoEndpoints.applications, { size: RECENT_SIZE }, { silent: true }),
    [],
  );
  const data = useLiveData('ipo-applications-recent', load);
  const { update } = data;
  // Behind what is shown: a reload went through the skeleton, which remounted the payment and
  // lost the refusal it had just shown ("can't be paid now" never appeared).
  const refresh = useCallback(
    () =>
      void load().then(
        (fresh) => update(() => fresh),
        () => undefined,
      ),
    [load, update],
  );
  // An allocation, a refund or a lapse is read at once, whole: not patched in place, since "pay"
  // needs the amount due that only the read carries.
  useRecordChanges(IPO_RECORDS, refresh);
  // Paid: the payment and its button are gone, and focus with them; the record's head (symbol,
  // name, the new status) takes it, so a screen reader says what happened.
  const head = useRef<HTMLElement>(null);
  const [paid, setPaid] = useState(false);
  useEffect(() => {
    if (paid) head.current?.focus();
  }, [paid]);
  if (data.status === 'loading') return <ListSkeleton rows={6} />;
  if (data.status === 'error') return <ErrorState error={data.error} onRetry={data.reload} />;
  const app = data.data.list.find((row) => row.id === id);
  // A stale or mistyped link: say so, and offer the applications to pick from (not a dead end).
  if (!app)
    return (
      <div className="ipo-stack" data-testid="record-missing">
        <EmptyState title={t('record.not_found')} body={t('record.choose')} />
        <ApplicationList />
      </div>
    );
  return (
    <div className="ipo-stack" data-testid="record">
      <header ref={head} className="ipo-head result-title" tabIndex={-1} data-testid="record-head">
        <div className="ipo-head__who">
          <span className="ipo-head__symbol">{app.symbol}</span>
          <span className="ipo-head__name">{app.name}</span>
        </div>
        <ApplicationStatusBadge status={app.status} testId="record-status" />
      </header>
      {app.status === 'allocated_pending_payment' && (
        <PayAllotment
          app={app}
          onPaid={(paidApp) => {
            update((page) => ({
              ...page,
              list: page.list.map((row) => (row.id === paidApp.id ? paidApp : row)),
            }));
            setPaid(true);
            refresh();
          }}
          onRefused={refresh}
        />
      )}
      <FigureRows rows={applicationRows(app, t, lang)} testId="record-money" />
      <FigureRows rows={applicationDates(app, t, lang)} testId="record-dates" />
      <ButtonLink look="secondary" href={ipoHref(app.ipoId)} testId="record-ipo">
        {t('record.ipo')}
      </ButtonLink>
    </div>
  );
}

/** /pages/stockIPO/ipoRecord?id=: one application in full; without an id, the applications to choose from. */
export default function RecordScreen() {
  const { t } = useTranslation('ipo');
  const id = idFromSearch(useSearch());
  return (
    <Screen className="ipo-screen">
      {/* Without an id it is the list of applications, and says so (it read "Application details"). */}
      <Navbar title={t(id === null ? 'applications.title' : 'record.title')} />
      <div className="screen__body">
        {id === null ? (
          <div className="ipo-stack" data-testid="ipo-chooser">
            <p className="lead">{t('record.choose')}</p>
            <ApplicationList />
          </div>
        ) : (
          <RecordBody key={id} id={id} />
        )}
      </div>
    </Screen>
  );
}
