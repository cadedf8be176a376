import { useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from '../../i18n/hook';
import { useSnapshot } from 'valtio';
import type { Loan } from '../../../domain/protocol/loans';
import { loanEndpoints } from '../../../domain/protocol/endpoints/loans';
import { call } from '../../api/call';
import { AppForm, FormAlert, SubmitButton } from '../../components/form/submit-button';
import { AmountField } from '../../components/form/amount-field';
import { useAmountField } from '../../components/form/use-amount-field';
import { TRY_SCALE } from '../../../domain/format/money';
import type { FigureRow } from '../../components/trade/figure-rows';
import type { Locale } from '../../../domain/format/locale';
import { PasswordConfirmSheet } from '../../components/trade/confirm-sheet';
import { usePasswordConfirm } from '../../components/trade/use-password-confirm';
import { prefs } from '../../state/prefs';
import { formatTry } from '../../../domain/format/number';
import { Button } from '../../components/button';

/** Repays up to what is owed: held in the stock account until the operator approves it. */
export function RepayForm({ loan, onChanged }: { loan: Loan; onChanged: (loan: Loan) => void }) {
  const { t } = useTranslation('loan');
  const { lang } = useSnapshot(prefs);
  // Up to what is owed: a repayment above it is not a repayment.
  const field = useAmountField({ decimals: TRY_SCALE, unit: 'TRY', max: loan.owed });
  // Paying it all off settles the charges to the moment of confirming, which a typed amount
  // read a minute earlier would fall a kuruş short of.
  const [payoff, setPayoff] = useState(false);
  const sheet = usePasswordConfirm({ onDone: onChanged, onRefused: () => undefined });
  const amount = field.value;
  const owed = formatTry(loan.owed, lang);
  const submit = () => {
    setPayoff(false);
    sheet.setFormError('');
    if (field.check() !== null) sheet.show();
  };
  return (
    <div className="loan-repay">
      <AppForm onSubmit={submit}>
        <AmountField
          field={field}
          onEdit={() => sheet.setFormError('')}
          label={t('card.repay_amount')}
          testId="loan-repay-amount"
          hint={t('card.repay_hint', { owed })}
        />
        <p className="hint">{t('card.repay_note')}</p>
        <FormAlert message={sheet.formError} testId="loan-repay-error" />
        <div className="action-pair">
          <Button
            disabled={sheet.busy}
            testId="loan-payoff"
            onClick={() => {
              sheet.setFormError('');
              field.setError('');
              setPayoff(true);
              sheet.show();
            }}
          >
            {t('card.payoff')}
          </Button>
          <SubmitButton busy={sheet.busy} testId="loan-repay">
            {t('card.repay')}
          </SubmitButton>
        </div>
      </AppForm>
      {sheet.open && (
        <PasswordConfirmSheet
          title={t('sheet.repay_title')}
          rows={repayRows(payoff, amount, owed, t, lang)}
          costs={null}
          password={{ label: t('password_label'), hint: t('password_hint') }}
          tone="buy"
          confirmLabel={t('sheet.repay_confirm')}
          sheet={sheet}
          onConfirm={(pin) => void sheet.send(() => sendRepay(loan.id, payoff, amount, pin))}
          testId="loan-repay-confirm"
        />
      )}
    </div>
  );
}

/** The confirm sheet's figures: the whole debt when paying it off, else the typed amount. */
function repayRows(
  payoff: boolean,
  amount: string,
  owed: string,
  t: TFunction<'loan'>,
  lang: Locale,
): FigureRow[] {
  return payoff
    ? [
        { label: t('card.owed'), value: owed, tone: 'strong' },
        { label: t('card.payoff'), value: t('card.payoff_note') },
      ]
    : [
        { label: t('card.repay_amount'), value: formatTry(amount, lang), tone: 'strong' },
        { label: t('card.owed'), value: owed },
      ];
}

/** Pays the debt off to the moment of confirming, or repays the typed amount. */
function sendRepay(id: string, payoff: boolean, amount: string, tradePassword: string) {
  return call(
    loanEndpoints.repay,
    payoff ? { id, payoff: '1', tradePassword } : { id, amount, tradePassword },
    { silent: true },
  );
}
