import { useState } from 'react';
import { useTranslation } from '../../i18n-hook';
import { useSnapshot } from 'valtio';
import { formatMoney } from '../../../domain/format/number';
import type { Withdrawal } from '../../../domain/protocol/funding';
import { cancelWithdrawal } from '../../api/funding';
import { isApiError } from '../../api/request';
import { useErrorText } from '../../components/content/state-views';
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
  const errorText = useErrorText();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const amount = formatMoney(withdrawal.amount, lang, { currency: withdrawal.currency });

  async function cancel() {
    setBusy(true);
    setError('');
    try {
      await cancelWithdrawal(withdrawal.id, { silent: true });
      showToast(t('records.cancelled_toast', { amount }));
      onCancelled();
    } catch (failure) {
      if (isApiError(failure) && failure.kind === 'session') return;
      setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <ConfirmSheet
      title={t('records.cancel_title')}
      rows={[{ label: t('withdraw.amount'), value: amount }]}
      costs={<p className="hint">{t('records.cancel_note', { amount })}</p>}
      needPassword={false}
      tone="sell"
      confirmLabel={t('records.cancel_confirm')}
      busy={busy}
      error={error}
      onConfirm={() => void cancel()}
      onCancel={onClose}
      testId="cancel-sheet"
    />
  );
}
