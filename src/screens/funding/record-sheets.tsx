import { useTranslation } from '../../i18n/hook';
import { useSnapshot } from 'valtio';
import { formatDateTime } from '../../../domain/format/date';
import { formatIban, normaliseIban } from '../../../domain/funding/iban';
import { formatMoney } from '../../../domain/format/number';
import type { Deposit, Withdrawal } from '../../../domain/protocol/funding';
import { BottomSheet } from '../../components/trade/bottom-sheet';
import { FigureRows, type FigureRow } from '../../components/trade/figure-rows';
import { prefs } from '../../state/prefs';
import { StatusBadge } from '../../components/funding/status-badge';
import { useBankName } from '../../components/funding/bank-name';

/** Optional rows drop out rather than show empty: a pending request has no decision time yet. */
function present(rows: readonly (FigureRow | null)[]): FigureRow[] {
  return rows.filter((row): row is FigureRow => row !== null);
}

/** One deposit with every timestamp and the ledger reference that credited it. */
export function DepositSheet({ deposit, onClose }: { deposit: Deposit; onClose: () => void }) {
  const { t } = useTranslation('funding');
  const { lang } = useSnapshot(prefs);
  const time = (ms: number) => formatDateTime(ms, lang);
  const rows = present([
    { label: t('records.status'), value: <StatusBadge status={deposit.status} kind="deposit" /> },
    { label: t('deposit.amount'), value: formatMoney(deposit.amount, lang, { currency: deposit.currency }) },
    { label: t('records.method'), value: t(`deposit.method_${deposit.kind}`) },
    deposit.channel && { label: t('deposit.to'), value: deposit.channel.bankName },
    deposit.channel && { label: t('channel.iban'), value: formatIban(normaliseIban(deposit.channel.iban)) },
    deposit.referenceCode !== null ? { label: t('channel.reference'), value: deposit.referenceCode } : null,
    deposit.hasReceipt ? { label: t('offline.receipt'), value: t('records.attached') } : null,
    deposit.chain !== null ? { label: t('records.chain'), value: deposit.chain } : null,
    deposit.txHash !== null ? { label: t('records.tx_hash'), value: deposit.txHash } : null,
    { label: t('records.created'), value: time(deposit.createdAt), testId: 'detail-created' },
    deposit.decidedAt !== null ? { label: t('records.decided'), value: time(deposit.decidedAt) } : null,
    deposit.reason !== null
      ? { label: t('records.reason'), value: deposit.reason, testId: 'detail-reason' }
      : null,
    deposit.transactionId !== null
      ? { label: t('records.ledger'), value: deposit.transactionId, testId: 'detail-ledger' }
      : null,
  ]);
  return (
    <BottomSheet title={t('records.deposit_detail')} onClose={onClose} testId="deposit-sheet">
      <FigureRows rows={rows} />
    </BottomSheet>
  );
}

/** One withdrawal: amount, fee, what arrived, every timestamp, the hold and settle postings. */
export function WithdrawalSheet({ withdrawal, onClose }: { withdrawal: Withdrawal; onClose: () => void }) {
  const { t } = useTranslation('funding');
  const bankNameOf = useBankName();
  const { lang } = useSnapshot(prefs);
  const time = (ms: number) => formatDateTime(ms, lang);
  const money = (value: string) => formatMoney(value, lang, { currency: withdrawal.currency });
  const rows = present([
    { label: t('records.status'), value: <StatusBadge status={withdrawal.status} kind="withdrawal" /> },
    { label: t('withdraw.amount'), value: money(withdrawal.amount) },
    { label: t('withdraw.fee'), value: money(withdrawal.fee) },
    { label: t('withdraw.receive'), value: money(withdrawal.receive), tone: 'strong' },
    withdrawal.card && {
      label: t('withdraw.to_card'),
      value: `${bankNameOf(withdrawal.card.bankName)} ${withdrawal.card.accountNumber}`,
    },
    withdrawal.address !== null ? { label: t('records.address'), value: withdrawal.address } : null,
    withdrawal.txHash !== null ? { label: t('records.tx_hash'), value: withdrawal.txHash } : null,
    { label: t('records.created'), value: time(withdrawal.createdAt), testId: 'detail-created' },
    withdrawal.decidedAt !== null ? { label: t('records.decided'), value: time(withdrawal.decidedAt) } : null,
    withdrawal.cancelledAt !== null
      ? { label: t('records.cancelled'), value: time(withdrawal.cancelledAt) }
      : null,
    withdrawal.reason !== null
      ? { label: t('records.reason'), value: withdrawal.reason, testId: 'detail-reason' }
      : null,
    { label: t('records.hold_ledger'), value: withdrawal.holdTransactionId, testId: 'detail-ledger' },
    withdrawal.settleTransactionId !== null
      ? { label: t('records.settle_ledger'), value: withdrawal.settleTransactionId }
      : null,
  ]);
  return (
    <BottomSheet title={t('records.withdrawal_detail')} onClose={onClose} testId="withdrawal-sheet">
      <FigureRows rows={rows} />
    </BottomSheet>
  );
}
