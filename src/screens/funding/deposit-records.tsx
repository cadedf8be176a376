import './namespace';
import { useState } from 'react';
import { useTranslation } from '../../i18n/hook';
import { Link } from 'wouter';
import { useSnapshot } from 'valtio';
import { formatDateTime } from '../../../domain/format/date';
import { formatMoney } from '../../../domain/format/number';
import { FUNDING_STATUSES, type Deposit } from '../../../domain/protocol/funding';
import { RecordList } from '../../components/funding/record-list';
import { RecordCard } from '../../components/funding/record-card';
import { useLiveRecords } from '../../components/content/use-live-records';
import { withStatus } from '../../market/use-record-changes';
import { usePaged } from '../../components/content/use-paged';
import { Navbar } from '../../components/navbar';
import { Screen } from '../../components/screen';
import { prefs } from '../../state/prefs';
import { DepositSheet } from './record-sheets';
import { StatusBadge } from '../../components/funding/status-badge';
import { StatusChips, type StatusFilter } from './status-chips';
import { PullToRefresh } from '../../components/pull/pull-to-refresh';
import { paths } from '../../paths/paths';
import { fundingBankEndpoints } from '../../../domain/protocol/endpoints/funding-bank';
import { call } from '../../api/call';

const FILTERS: readonly StatusFilter[] = ['all', 'pending', 'success', 'failed'];
const DEPOSITS = ['deposit'] as const;

/**
 * The TRY deposits list behind two routes: /pages/recharge/bankRecord (the drawer's "recharge
 * record", asked for with currency=TRY) and /pages/recharge/rechargeRecord. GET
 * /user/recharge/order is the bank side of the contract (SPEC §7 lists it under "bank
 * deposit/withdraw"; crypto deposits have GET /coin/recharge/order), so neither says "all": both
 * point to the crypto deposit records instead.
 */
export function DepositRecords({ scope }: { scope: 'bank' | 'try' }) {
  const { t } = useTranslation('funding');
  const [filter, setFilter] = useState<StatusFilter>('all');
  const [open, setOpen] = useState<Deposit | null>(null);
  const status = filter === 'all' ? undefined : filter;
  const currency = scope === 'bank' ? 'TRY' : undefined;
  const paged = usePaged<Deposit>(`deposits-${scope}-${filter}`, (page, size, after) =>
    call(
      fundingBankEndpoints.deposits,
      { status, ...(currency ? { currency } : {}), page, size, ...(after ? { before: after.id } : {}) },
      { silent: true },
    ),
  );
  // A row the filter then leaves out is dropped by the re-read: its open sheet keeps the status.
  useLiveRecords(paged, DEPOSITS, FUNDING_STATUSES, (change) =>
    setOpen((held) => held && withStatus(held, change, FUNDING_STATUSES)),
  );
  // The open detail is the row as the list now has it: a decision shows in the sheet too.
  const shown = open && (paged.rows.find((row) => row.id === open.id) ?? open);

  const body = (
    <RecordList
      paged={paged}
      empty={{ title: t('records.empty_deposits'), href: paths.recharge, label: t('deposit.title') }}
      testId="deposit-list"
    >
      {(deposit) => <DepositRow key={deposit.id} deposit={deposit} onOpen={setOpen} />}
    </RecordList>
  );
  return (
    <Screen className="funding-screen">
      <Navbar title={t(scope === 'bank' ? 'records.bank_title' : 'records.deposits_title')} />
      <div className="screen__body">
        <StatusChips value={filter} options={FILTERS} onChange={setFilter} kind="deposit" />
        <p className="hint" data-testid="records-crypto">
          {t('records.crypto_note')}{' '}
          <Link className="text-link" href={paths.coinRechargeList} data-testid="records-crypto-link">
            {t('records.crypto_link')}
          </Link>
        </p>
        <PullToRefresh onRefresh={() => paged.refresh({ keepMore: true })}>{body}</PullToRefresh>
      </div>
      {shown && <DepositSheet deposit={shown} onClose={() => setOpen(null)} />}
    </Screen>
  );
}

/** One deposit: amount first, how and when, and where it stands; a tap opens its detail. */
function DepositRow({ deposit, onOpen }: { deposit: Deposit; onOpen: (deposit: Deposit) => void }) {
  const { t } = useTranslation('funding');
  const { lang } = useSnapshot(prefs);
  return (
    <RecordCard
      open={{ onOpen: () => onOpen(deposit) }}
      openTestId={`deposit-${deposit.id}`}
      title={formatMoney(deposit.amount, lang, { currency: deposit.currency })}
      status={<StatusBadge status={deposit.status} kind="deposit" />}
      lines={[`${t(`deposit.method_${deposit.kind}`)} · ${formatDateTime(deposit.createdAt, lang)}`]}
    />
  );
}
