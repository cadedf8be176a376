import './namespace';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/hook';
import { Link, useSearch } from 'wouter';
import type { Loan } from '../../../domain/protocol/loans';
import { loanEndpoints } from '../../../domain/protocol/endpoints/loans';
import { call } from '../../api/call';
import { EmptyState, ErrorState, ListSkeleton } from '../../components/content/state-views';
import { useLiveData } from '../../components/content/use-live-data';
import { usePrivateRefetch } from '../../market/use-private-refetch';
import { useRecordChanges } from '../../market/use-record-changes';
import { Navbar } from '../../components/navbar';
import { Screen } from '../../components/screen';
import { TabPanel, Tabs } from '../../components/tabs';
import { ApplyPanel } from './apply-panel';
import { LoanCard } from './loan-card';
import { paths } from '../../paths/paths';

type Tab = 'apply' | 'mine';
const TABS: readonly Tab[] = ['apply', 'mine'];
const SERVICE_PATH = paths.userService;
const LIVE = ['messages', 'balances'] as const;
const LOAN_RECORDS = ['loan'] as const;
/** Interest accrues by the moment: a loan out is read again this often while it is shown. */
const ACCRUING_REFRESH_MS = 60_000;

function ApplyTab({ onApplied }: { onApplied: () => void }) {
  const load = useCallback(() => call(loanEndpoints.terms, {}, { silent: true }), []);
  const terms = useLiveData('loan-terms', load);
  if (terms.status === 'loading') return <ListSkeleton rows={5} />;
  if (terms.status === 'error') return <ErrorState error={terms.error} onRetry={terms.reload} />;
  return <ApplyPanel terms={terms.data} onApplied={onApplied} />;
}

function MineTab() {
  const { t } = useTranslation('loan');
  const load = useCallback(() => call(loanEndpoints.list, { size: 50 }, { silent: true }), []);
  const loans = useLiveData('loan-list', load);
  // Staff decisions arrive as a message and a balance change: the list follows in the background,
  // keeping an open form or sheet (a reload would show the skeleton and drop them).
  usePrivateRefetch(LIVE, loans.refresh);
  // A decision is read at once, whole: not patched in place, since an offer's "accept" needs the
  // offered amount the status alone does not carry (it showed the amount applied for meanwhile).
  useRecordChanges(LOAN_RECORDS, loans.refresh);
  const accruing = loans.status === 'ready' && loans.data.list.some((l) => l.status === 'active');
  const { refresh } = loans;
  useEffect(() => {
    if (!accruing) return undefined;
    const timer = setInterval(refresh, ACCRUING_REFRESH_MS);
    return () => clearInterval(timer);
  }, [accruing, refresh]);
  if (loans.status === 'loading') return <ListSkeleton rows={3} />;
  if (loans.status === 'error') return <ErrorState error={loans.error} onRetry={loans.reload} />;
  if (loans.data.list.length === 0) return <EmptyState title={t('empty.title')} body={t('empty.body')} />;
  const changed = (next: Loan) =>
    loans.update((page) => ({ ...page, list: page.list.map((l) => (l.id === next.id ? next : l)) }));
  return (
    <ul className="card-list loan-list" data-testid="loan-list">
      {loans.data.list.map((loan) => (
        <LoanCard key={loan.id} loan={loan} onChanged={changed} />
      ))}
    </ul>
  );
}

/**
 * /pages/user/loan[?tab=mine]: loans — the terms and the full schedule before applying,
 * and the user's loans with their next step (accept a changed amount, repay). The amount is
 * arranged with a customer-service manager (SPEC §1): the chat is one tap away.
 */
export default function LoanScreen() {
  const { t } = useTranslation('loan');
  const params = new URLSearchParams(useSearch());
  const [tab, setTab] = useState<Tab>(params.get('tab') === 'mine' ? 'mine' : 'apply');
  const [notice, setNotice] = useState('');
  return (
    <Screen className="loan-screen">
      <Navbar title={t('title')} />
      <Tabs
        label={t('tabs.label')}
        idPrefix="loan"
        options={TABS.map((value) => ({ value, label: t(`tabs.${value}`), testId: `loan-tab-${value}` }))}
        selected={tab}
        onSelect={(next) => {
          setNotice('');
          setTab(next);
        }}
      />
      <TabPanel className="screen__body" idPrefix="loan" selected={tab}>
        {notice !== '' && (
          <p className="notice-card" role="status" data-testid="loan-notice">
            {notice}
          </p>
        )}
        {tab === 'apply' ? (
          <ApplyTab
            onApplied={() => {
              setNotice(t('applied'));
              setTab('mine');
            }}
          />
        ) : (
          <MineTab />
        )}
        <Link href={SERVICE_PATH} className="loan-service-link" data-testid="loan-service-link">
          {t('service_link')}
        </Link>
      </TabPanel>
    </Screen>
  );
}
