import type Decimal from 'decimal.js';
import type { TFunction } from 'i18next';
import type { Locale } from '../../../domain/format/locale';
import { formatLocalDate } from '../../../domain/format/date';
import { loanSchedule, type RateKind } from '../../../domain/loans/money';
import type { FigureRow } from '../../components/trade/figure-rows';
import { ratePercent } from './loan-format';
import { formatTry } from '../../../domain/format/number';

/** A rate as the terms say it: "0,05% a day" / "18,25% a year", in the locale. */
export function rateText(rateKind: RateKind, rate: string, t: TFunction<'loan'>, lang: Locale): string {
  return t(rateKind === 'daily' ? 'terms.rate_daily' : 'terms.rate_annual', {
    rate: ratePercent(rate, lang),
  });
}

/** The penalty as an addition to the rate ("+0.05% a day" / "+ günlük %0,05") and its parts. */
export function penaltyText(rateKind: RateKind, penaltyRate: string, t: TFunction<'loan'>, lang: Locale) {
  const parts = {
    rate: ratePercent(penaltyRate, lang),
    per: t(rateKind === 'daily' ? 'terms.per_daily' : 'terms.per_annual'),
  };
  return { text: t('schedule.penalty_plus', parts), parts };
}

/**
 * The schedule shown before money moves (DECISIONS §2): computed with the function the server
 * books interest with (domain/loans/money.ts), so what is shown is what is charged — the
 * penalty past the due date included.
 */
export function scheduleRows(
  input: {
    amount: string | null;
    days: number;
    rateKind: RateKind;
    rate: string;
    penaltyRate: string;
    start: number;
  },
  t: TFunction<'loan'>,
  lang: Locale,
): FigureRow[] {
  const s = loanSchedule(input.amount ?? '0', input.days, input, input.start);
  // No amount typed yet: the figures are unknown ("--"), not ₺0,00, which reads as a free loan.
  const money = (value: Decimal) => formatTry(input.amount === null ? null : value.toFixed(2), lang);
  const penalty = penaltyText(input.rateKind, input.penaltyRate, t, lang).text;
  return [
    { label: t('schedule.amount'), value: money(s.amount), testId: 'schedule-amount' },
    { label: t('schedule.daily'), value: money(s.dailyInterest), testId: 'schedule-daily' },
    {
      label: t('schedule.interest', { days: input.days, count: Number(input.days) }),
      value: money(s.interest),
      testId: 'schedule-interest',
    },
    {
      label: t('schedule.total'),
      value: money(s.total),
      tone: 'strong',
      testId: 'schedule-total',
    },
    { label: t('schedule.due'), value: formatLocalDate(s.dueAt, lang), testId: 'schedule-due' },
    {
      label: t('schedule.penalty_rate'),
      value: penalty,
      testId: 'schedule-penalty-rate',
    },
    { label: t('schedule.penalty_daily'), value: money(s.dailyPenalty), testId: 'schedule-penalty-daily' },
  ];
}
