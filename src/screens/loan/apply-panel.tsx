import Decimal from 'decimal.js';
import { useState } from 'react';
import { useTranslation } from '../../i18n/hook';
import { useSnapshot } from 'valtio';
import type { Loan, LoanTerms } from '../../../domain/protocol/loans';
import { loanEndpoints } from '../../../domain/protocol/endpoints/loans';
import { call } from '../../api/call';
import { AmountField } from '../../components/form/amount-field';
import { useAmountField } from '../../components/form/use-amount-field';
import { TRY_SCALE } from '../../../domain/format/money';
import { PasswordForm } from '../../components/trade/password-form';
import { usePasswordConfirm } from '../../components/trade/use-password-confirm';
import { prefs } from '../../state/prefs';
import { penaltyText, rateText, scheduleRows } from './schedule-rows';
import { blockedState, DaysPicker, ScheduleBlock, TermsBlock } from './apply-parts';
import { serverNow } from '../../api/server-clock';
import { formatTry } from '../../../domain/format/number';

/** The terms, the amount and period, and the full schedule before the application is sent. */
export function ApplyPanel({ terms, onApplied }: { terms: LoanTerms; onApplied: (loan: Loan) => void }) {
  const { t } = useTranslation('loan');
  const { lang } = useSnapshot(prefs);
  const field = useAmountField({
    decimals: TRY_SCALE,
    unit: 'TRY',
    min: terms.minAmount,
    max: terms.maxAmount,
  });
  const [days, setDays] = useState<number>(terms.days[0] ?? 0);
  const sheet = usePasswordConfirm({ onDone: onApplied, onRefused: () => undefined });

  const amount = field.value;
  const usable = amount !== '' && new Decimal(amount).gt(0);
  const schedule = scheduleRows(
    {
      amount: usable ? amount : null,
      days,
      rateKind: terms.rateKind,
      rate: terms.rate,
      penaltyRate: terms.penaltyRate,
      start: serverNow(),
    },
    t,
    lang,
  );
  const range = { min: formatTry(terms.minAmount, lang), max: formatTry(terms.maxAmount, lang) };
  const rate = rateText(terms.rateKind, terms.rate, t, lang);
  const penalty = penaltyText(terms.rateKind, terms.penaltyRate, t, lang);

  const submit = () => {
    sheet.setFormError('');
    if (field.check() !== null) sheet.show();
  };

  const blocked = blockedState(terms, t);
  if (blocked) return blocked;
  return (
    <div className="loan-stack">
      <TermsBlock terms={terms} range={range} rate={rate} penalty={penalty} />
      <PasswordForm
        sheet={sheet}
        onSubmit={submit}
        noPassword={{
          text: t('password_missing'),
          setLabel: t('password_set'),
          className: 'notice-card',
          testId: 'loan-no-password',
        }}
        submit={{ label: t('form.submit'), testId: 'loan-apply' }}
        errorTestId="loan-apply-error"
        confirm={{
          title: t('sheet.apply_title'),
          rows: schedule,
          costs: null,
          passwordLabel: t('password_label'),
          passwordHint: t('password_hint'),
          confirmLabel: t('sheet.apply_confirm'),
          onConfirm: (tradePassword) =>
            void sheet.send(() =>
              call(loanEndpoints.apply, { amount, days: String(days), tradePassword }, { silent: true }),
            ),
          testId: 'loan-apply-confirm',
        }}
      >
        <AmountField
          field={field}
          onEdit={() => sheet.setFormError('')}
          label={t('form.amount')}
          testId="loan-amount"
          hint={t('form.amount_hint', range)}
        />
        <DaysPicker choices={terms.days} days={days} onPick={setDays} />
        <ScheduleBlock rows={schedule} />
      </PasswordForm>
    </div>
  );
}
