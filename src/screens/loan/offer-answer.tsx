import { useState } from 'react';
import { useTranslation } from '../../i18n/hook';
import { useSnapshot } from 'valtio';
import type { Loan } from '../../../domain/protocol/loans';
import { loanEndpoints } from '../../../domain/protocol/endpoints/loans';
import { call } from '../../api/call';
import { FormAlert } from '../../components/form/submit-button';
import { useErrorText } from '../../components/content/state-views';
import { PasswordConfirmSheet } from '../../components/trade/confirm-sheet';
import { FigureRows } from '../../components/trade/figure-rows';
import { usePasswordConfirm } from '../../components/trade/use-password-confirm';
import { prefs } from '../../state/prefs';
import { scheduleRows } from './schedule-rows';
import { serverNow } from '../../api/server-clock';
import { Button } from '../../components/button';

/** The operator changed the amount: the new schedule, accepted with the trade password, or declined. */
export function OfferAnswer({ loan, onChanged }: { loan: Loan; onChanged: (loan: Loan) => void }) {
  const { t } = useTranslation('loan');
  const { lang } = useSnapshot(prefs);
  const sheet = usePasswordConfirm({ onDone: onChanged, onRefused: () => undefined });
  const rows = scheduleRows(
    {
      amount: loan.offeredAmount ?? loan.amount,
      days: loan.days,
      rateKind: loan.rateKind,
      rate: loan.rate,
      penaltyRate: loan.penaltyRate,
      start: serverNow(),
    },
    t,
    lang,
  );
  const { declining, declineError, decline } = useDecline(loan, onChanged);
  return (
    <div className="loan-stack">
      <p className="notice-card" role="note">
        {t('card.offer_note')}
      </p>
      <FigureRows rows={rows} testId="loan-offer-schedule" />
      <FormAlert message={sheet.formError || declineError} testId="loan-offer-error" />
      <div className="action-pair">
        <Button disabled={declining} testId="loan-decline" onClick={() => void decline()}>
          {t('card.decline')}
        </Button>
        <Button look="primary" testId="loan-accept" onClick={sheet.show}>
          {t('card.accept')}
        </Button>
      </div>
      {sheet.open && (
        <PasswordConfirmSheet
          title={t('sheet.accept_title')}
          rows={rows}
          costs={null}
          password={{ label: t('password_label'), hint: t('password_hint') }}
          tone="buy"
          confirmLabel={t('sheet.accept_confirm')}
          sheet={sheet}
          onConfirm={(pin) =>
            void sheet.send(() =>
              call(loanEndpoints.apply, { id: loan.id, accept: '1', tradePassword: pin }, { silent: true }),
            )
          }
          testId="loan-accept-confirm"
        />
      )}
    </div>
  );
}

/** Declining the changed amount: sent at once, no password, its refusal shown beside the buttons. */
function useDecline(loan: Loan, onChanged: (loan: Loan) => void) {
  const errorText = useErrorText();
  const [declining, setDeclining] = useState(false);
  const [declineError, setDeclineError] = useState('');
  const decline = async () => {
    setDeclining(true);
    setDeclineError('');
    try {
      onChanged(await call(loanEndpoints.apply, { id: loan.id, accept: '0' }, { silent: true }));
    } catch (error) {
      setDeclineError(errorText(error));
    } finally {
      setDeclining(false);
    }
  };
  return { declining, declineError, decline };
}
