import { useTranslation } from '../../i18n/hook';
import { useSnapshot } from 'valtio';
import { formatMoney } from '../../../domain/format/number';
import type { Withdrawal } from '../../../domain/protocol/funding';
import { fundingBankEndpoints } from '../../../domain/protocol/endpoints/funding-bank';
import { call } from '../../api/call';
import { useMoneyAction } from '../../components/form/use-money-action';
import { ConfirmSheet } from '../../components/trade/confirm-sheet';
import { showToast } from '../../services/toast';
import { prefs } from '../../state/prefs';

/** Asks before cancelling a pending withdrawal; says that the held amount comes back. */
export function CancelSheet({
  withdrawal,
  onClose,
  onCancelled,
}: {
  withdrawal: Withdrawal;
  onClose: () => void;
  onCancelled: () => void;
}) {
  const { t } = useTranslation('funding');
  const { lang } = useSnapshot(prefs);
  const action = useMoneyAction();
  const amount = formatMoney(withdrawal.amount, lang, { currency: withdrawal.currency });

  async function cancel() {
    const outcome = await action.run(() =>
      call(fundingBankEndpoints.cancelWithdrawal, { id: withdrawal.id }, { silent: true }),
    );
    if (outcome.status !== 'done') return;
    showToast(t('records.cancelled_toast', { amount }));
    onCancelled();
  }

  return (
    <ConfirmSheet
      title={t('records.cancel_title')}
      rows={[{ label: t('withdraw.amount'), value: amount }]}
      costs={<p className="hint">{t('records.cancel_note', { amount })}</p>}
      needPassword={false}
      tone="sell"
      confirmLabel={t('records.cancel_confirm')}
      busy={action.busy}
      error={action.error}
      onConfirm={() => void cancel()}
      onCancel={onClose}
      testId="cancel-sheet"
    />
  );
}
