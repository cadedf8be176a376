import Decimal from 'decimal.js';
import { useState } from 'react';
import { useTranslation } from '../../i18n-hook';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import type { Loan, LoanTerms } from '../../../domain/protocol/loans';
import { loanEndpoints } from '../../../domain/protocol/endpoints/loans';
import { call } from '../../api/call';
import { AmountField } from '../../components/form/amount-field';
import { useAmountField } from '../../components/form/use-amount-field';
import { TRY_SCALE } from '../../../domain/format/money';
import { KYC_PATH } from '../../components/funding/block-state';
import { PasswordForm, useNoTradePassword } from '../../components/trade/password-form';
import { FigureRows } from '../../components/trade/figure-rows';
import { usePasswordConfirm } from '../../components/trade/use-password-confirm';
import { prefs } from '../../state/prefs';
import { formatTry } from './loan-format';
import { penaltyText, rateText, scheduleRows } from './schedule-rows';
import { serverNow } from '../../api/server-clock';
import { SwitchRealButton } from '../../components/switch-real-button';

/** The terms, the amount and period, and the full schedule before the application is sent. */
export function ApplyPanel({ terms, onApplied }: { terms: LoanTerms; onApplied: (loan: Loan) => void }) {
  const { t } = useTranslation('loan');
  const { lang } = useSnapshot(prefs);
  const noPassword = useNoTradePassword();
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

  // Terms are available to the real account only: the demo one is told so, with the switch.
  if (!terms.available)
    return (
      <div className="loan-stack">
        <p className="loan-notice" role="note" data-testid="loan-demo">
          {t('demo')}
        </p>
        <SwitchRealButton label={t('switch_real')} testId="loan-switch-real" />
      </div>
    );
  // Lent to a verified investor only: said before any input, with the step that lifts it.
  if (terms.kycRequired)
    return (
      <div className="state-message" data-testid="loan-kyc">
        <p className="state-message__title">{t('KYC_REQUIRED', { ns: 'errors' })}</p>
        <p className="state-message__body">{t('kyc.body')}</p>
        <Link className="button button--primary" href={KYC_PATH} data-testid="loan-kyc-action">
          {t('kyc.action')}
        </Link>
      </div>
    );
  return (
    <div className="loan-stack">
      <section className="loan-block" aria-label={t('terms.title')}>
        <h2 className="loan-block__title">{t('terms.title')}</h2>
        <FigureRows
          testId="loan-terms"
          rows={[
            { label: t('terms.range'), value: `${range.min} – ${range.max}` },
            { label: t('terms.rate'), value: rate },
            {
              label: t('terms.penalty'),
              value: penalty.text,
              testId: 'loan-terms-penalty',
            },
            {
              label: t('terms.days'),
              value: t('terms.days_value', { days: terms.days.join(' / ') }),
              testId: 'loan-terms-days',
            },
          ]}
        />
        <ul className="loan-notes">
          <li>{t('terms.manager')}</li>
          <li>{t('terms.withdraw')}</li>
          <li>{t('terms.accrual')}</li>
          <li>{t('terms.overdue', penalty.parts)}</li>
        </ul>
      </section>
      <PasswordForm
        sheet={sheet}
        onSubmit={submit}
        noPassword={{
          show: noPassword,
          text: t('password_missing'),
          setLabel: t('password_set'),
          className: 'loan-notice',
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
        <fieldset className="loan-days">
          <legend className="field__label">{t('form.days')}</legend>
          <div className="loan-chips" role="radiogroup" aria-label={t('form.days')}>
            {terms.days.map((d) => (
              <button
                key={d}
                type="button"
                role="radio"
                aria-checked={d === days}
                className="loan-chip"
                data-testid={`loan-days-${d}`}
                onClick={() => setDays(d)}
              >
                {t('terms.days_value', { days: d })}
              </button>
            ))}
          </div>
        </fieldset>
        <section className="loan-block" aria-label={t('schedule.title')}>
          <h2 className="loan-block__title">{t('schedule.title')}</h2>
          <FigureRows rows={schedule} testId="loan-schedule" />
          <p className="hint">{t('schedule.due_note')}</p>
        </section>
      </PasswordForm>
    </div>
  );
}
