import { useState } from 'react';
import { useTranslation } from '../../i18n/hook';
import { useSnapshot } from 'valtio';
import { formatDateTime } from '../../../domain/format/date';
import type { Withdrawal } from '../../../domain/protocol/funding';
import { fundingBankEndpoints } from '../../../domain/protocol/endpoints/funding-bank';
import { isApiError } from '../../api/request';
import { call } from '../../api/call';
import { useMoneyAction } from '../../components/form/use-money-action';
import { ConfirmSheet } from '../../components/trade/confirm-sheet';
import { showToast } from '../../services/toast';
import { prefs } from '../../state/prefs';
import { useCoinAmount } from './coin-chain-picker';
import { Button } from '../../components/button';

/**
 * Cancel on a pending withdrawal, asked once more in a sheet (money moves back). A refusal (it was
 * decided meanwhile: WITHDRAWAL_NOT_PENDING) is shown in the sheet and the list re-read.
 */
export function CancelWithdrawal({ withdrawal, onDone }: { withdrawal: Withdrawal; onDone: () => void }) {
  const { t } = useTranslation('coinFunding');
  const { lang } = useSnapshot(prefs);
  const amount = useCoinAmount();
  const [open, setOpen] = useState(false);
  const action = useMoneyAction();
  const confirm = async () => {
    const outcome = await action.run(() =>
      call(fundingBankEndpoints.cancelWithdrawal, { id: withdrawal.id }, { silent: true }),
    );
    if (outcome.status === 'done') {
      const done = outcome.result;
      setOpen(false);
      showToast(t('records.cancelled', { amount: amount(done.amount, done.currency) }));
      onDone();
    } else if (outcome.status === 'refused') {
      const { error } = outcome;
      if (isApiError(error) && error.key === 'WITHDRAWAL_NOT_PENDING') onDone();
    }
  };
  return (
    <>
      <Button
        testId={`record-cancel-${withdrawal.id}`}
        onClick={() => {
          action.setError('');
          setOpen(true);
        }}
      >
        {t('records.cancel')}
      </Button>
      {open && (
        <ConfirmSheet
          title={t('records.cancel_title')}
          rows={[
            { label: t('detail.amount'), value: amount(withdrawal.amount, withdrawal.currency) },
            { label: t('detail.chain'), value: withdrawal.chain ?? t('detail.none') },
            { label: t('detail.created'), value: formatDateTime(withdrawal.createdAt, lang) },
          ]}
          costs={null}
          needPassword={false}
          tone="sell"
          confirmLabel={t('records.cancel_confirm')}
          busy={action.busy}
          error={action.error}
          onConfirm={() => void confirm()}
          onCancel={() => setOpen(false)}
          testId="cancel-sheet"
        />
      )}
    </>
  );
}
