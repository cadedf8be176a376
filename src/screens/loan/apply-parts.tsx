import type { ReactNode } from 'react';
import type { TFunction } from 'i18next';
import type { LoanTerms } from '../../../domain/protocol/loans';
import { KYC_PATH } from '../../components/funding/block-state';
import { Segmented } from '../../components/form/segmented';
import { FigureRows, type FigureRow } from '../../components/trade/figure-rows';
import { DemoNotice } from '../../components/switch-real-button';
import { useTranslation } from '../../i18n/hook';
import type { penaltyText } from './schedule-rows';
import { ButtonLink } from '../../components/button';

/** What stands in for the form when the terms cannot be applied for, or null when they can. */
export function blockedState(terms: LoanTerms, t: TFunction<'loan'>): ReactNode {
  // Terms are available to the real account only: the demo one is told so, with the switch.
  if (!terms.available)
    return (
      <div className="loan-stack">
        <DemoNotice className="notice-card" text={t('demo')} label={t('switch_real')} testId="loan" />
      </div>
    );
  // Lent to a verified investor only: said before any input, with the step that lifts it.
  if (terms.kycRequired)
    return (
      <div className="state-message" data-testid="loan-kyc">
        <p className="state-message__title">{t('KYC_REQUIRED', { ns: 'errors' })}</p>
        <p className="state-message__body">{t('kyc.body')}</p>
        <ButtonLink href={KYC_PATH} testId="loan-kyc-action">
          {t('kyc.action')}
        </ButtonLink>
      </div>
    );
  return null;
}

/** The terms as the operator set them, with the notes on how the loan runs. */
export function TermsBlock({
  terms,
  range,
  rate,
  penalty,
}: {
  terms: LoanTerms;
  range: { min: string; max: string };
  rate: string;
  penalty: ReturnType<typeof penaltyText>;
}) {
  const { t } = useTranslation('loan');
  return (
    <section className="surface-card" aria-label={t('terms.title')}>
      <h2 className="section-title">{t('terms.title')}</h2>
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
            value: t('terms.days_value', {
              days: terms.days.join(' / '),
              count: terms.days.length === 1 ? Number(terms.days[0]) : terms.days.length,
            }),
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
  );
}

/** The loan periods on offer, one chip each. */
export function DaysPicker({
  choices,
  days,
  onPick,
}: {
  choices: readonly number[];
  days: number;
  onPick: (days: number) => void;
}) {
  const { t } = useTranslation('loan');
  return (
    <fieldset className="loan-days">
      <legend className="field__label">{t('form.days')}</legend>
      <Segmented
        label={t('form.days')}
        value={days}
        options={choices.map((d) => ({
          value: d,
          label: t('terms.days_value', { days: d, count: Number(d) }),
          testId: `loan-days-${d}`,
        }))}
        onChange={onPick}
        look={{ group: 'loan-chips', option: 'loan-chip' }}
      />
    </fieldset>
  );
}

/** The repayment schedule the chosen amount and period give, before anything is sent. */
export function ScheduleBlock({ rows }: { rows: FigureRow[] }) {
  const { t } = useTranslation('loan');
  return (
    <section className="surface-card" aria-label={t('schedule.title')}>
      <h2 className="section-title">{t('schedule.title')}</h2>
      <FigureRows rows={rows} testId="loan-schedule" />
      <p className="hint">{t('schedule.due_note')}</p>
    </section>
  );
}
