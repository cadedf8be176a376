import './namespace';
import { useState } from 'react';
import { useTranslation } from '../../i18n/hook';
import { useSnapshot } from 'valtio';
import { formatDateTime } from '../../../domain/format/date';
import { formatMoney } from '../../../domain/format/number';
import { FUNDING_STATUSES, type Withdrawal } from '../../../domain/protocol/funding';
import { RecordList } from '../../components/funding/record-list';
import { useLiveRecords } from '../../components/content/use-live-records';
import { withStatus } from '../../market/use-record-changes';
import { usePaged } from '../../components/content/use-paged';
import { Navbar } from '../../components/navbar';
import { Screen } from '../../components/screen';
import { prefs } from '../../state/prefs';
import { CancelSheet } from './cancel-sheet';
import { WithdrawalSheet } from './record-sheets';
import { StatusBadge } from '../../components/funding/status-badge';
import { RecordCard } from '../../components/funding/record-card';
import { StatusChips, type StatusFilter } from './status-chips';
import { useBankName } from '../../components/funding/bank-name';
import { PullToRefresh } from '../../components/pull/pull-to-refresh';
import { paths } from '../../paths/paths';
import { fundingBankEndpoints } from '../../../domain/protocol/endpoints/funding-bank';
import { call } from '../../api/call';
import { Button } from '../../components/button';

const FILTERS: readonly StatusFilter[] = ['all', 'pending', 'success', 'failed', 'cancelled'];
const WITHDRAWALS = ['withdrawal'] as const;

/**
 * /pages/withdraw/withdrawRecord (the drawer's "withdrawal record"): withdrawals with their
 * status; a pending one can be cancelled (its hold comes back); a tap opens the detail as a sheet
 * (the crypto work owns the separate record-detail routes).
 */
export default function WithdrawRecordScreen() {
  const { t } = useTranslation('funding');
  const [filter, setFilter] = useState<StatusFilter>('all');
  const [open, setOpen] = useState<Withdrawal | null>(null);
  const [cancelling, setCancelling] = useState<Withdrawal | null>(null);
  const status = filter === 'all' ? undefined : filter;
  const paged = usePaged<Withdrawal>(`withdrawals-${filter}`, (page, size, after) =>
    call(
      fundingBankEndpoints.withdrawals,
      { status, page, size, ...(after ? { before: after.id } : {}) },
      { silent: true },
    ),
  );
  // A row the filter then leaves out is dropped by the re-read: the copies held keep the status.
  useLiveRecords(paged, WITHDRAWALS, FUNDING_STATUSES, (change) => {
    setOpen((held) => held && withStatus(held, change, FUNDING_STATUSES));
    setCancelling((held) => held && withStatus(held, change, FUNDING_STATUSES));
  });
  // Sheets show the row as the list now has it: a decision shows in the open detail, and the
  // cancel sheet of a withdrawal that is no longer pending closes before its button can be tapped.
  const live = (w: Withdrawal) => paged.rows.find((row) => row.id === w.id) ?? w;
  const shown = open && live(open);
  const cancellable = cancelling && live(cancelling).status === 'pending' ? live(cancelling) : null;

  const body = (
    <RecordList
      paged={paged}
      empty={{ title: t('records.empty_withdrawals'), href: paths.bankWithdraw, label: t('withdraw.title') }}
      testId="withdrawal-list"
    >
      {(withdrawal) => (
        <WithdrawalRow
          key={withdrawal.id}
          withdrawal={withdrawal}
          onOpen={() => setOpen(withdrawal)}
          onCancel={() => setCancelling(withdrawal)}
        />
      )}
    </RecordList>
  );
  return (
    <Screen className="funding-screen">
      <Navbar title={t('records.withdrawals_title')} />
      <div className="screen__body">
        <StatusChips value={filter} options={FILTERS} onChange={setFilter} kind="withdrawal" />
        <PullToRefresh onRefresh={() => paged.refresh({ keepMore: true })}>{body}</PullToRefresh>
      </div>
      {shown && <WithdrawalSheet withdrawal={shown} onClose={() => setOpen(null)} />}
      {cancellable && (
        <CancelSheet
          withdrawal={cancellable}
          onClose={() => setCancelling(null)}
          onCancelled={() => {
            setCancelling(null);
            void paged.refresh();
          }}
        />
      )}
    </Screen>
  );
}

/** One withdrawal: amount, where to and when, its status; a pending one has its cancel button. */
function WithdrawalRow({
  withdrawal,
  onOpen,
  onCancel,
}: {
  withdrawal: Withdrawal;
  onOpen: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('funding');
  const bankNameOf = useBankName();
  const { lang } = useSnapshot(prefs);
  return (
    <RecordCard
      open={{ onOpen }}
      openTestId={`withdrawal-${withdrawal.id}`}
      title={formatMoney(withdrawal.amount, lang, { currency: withdrawal.currency })}
      status={<StatusBadge status={withdrawal.status} kind="withdrawal" />}
      lines={[
        `${withdrawal.card ? bankNameOf(withdrawal.card.bankName) : (withdrawal.chain ?? '')} · ${formatDateTime(withdrawal.createdAt, lang)}`,
      ]}
      action={
        withdrawal.status === 'pending' && (
          <Button testId={`cancel-${withdrawal.id}`} onClick={onCancel}>
            {t('records.cancel')}
          </Button>
        )
      }
    />
  );
}
