import type { TFunction } from 'i18next';
import type { Locale } from '../../../domain/format/locale';
import { formatDate } from '../../../domain/format/date';
import { loanSchedule, type RateKind } from '../../../domain/loans/money';
import type { FigureRow } from '../../components/trade/figure-rows';
import { formatTry } from './loan-format';

/**
 * The schedule shown before money moves (DECISIONS §2): computed with the function the server
 * books interest with (domain/loans/money.ts), so what is shown is what is charged.
 */
export function scheduleRows(
  input: { amount: string; days: number; rateKind: RateKind; rate: string; start: number },
  t: TFunction<'loan'>,
  lang: Locale,
): FigureRow[] {
  const s = loanSchedule(input.amount, input.days, input, input.start);
  return [
    { label: t('schedule.amount'), value: formatTry(s.amount.toFixed(2), lang), testId: 'schedule-amount' },
    {
      label: t('schedule.daily'),
      value: formatTry(s.dailyInterest.toFixed(2), lang),
      testId: 'schedule-daily',
    },
    {
      label: t('schedule.interest', { days: input.days }),
      value: formatTry(s.interest.toFixed(2), lang),
      testId: 'schedule-interest',
    },
    {
      label: t('schedule.total'),
      value: formatTry(s.total.toFixed(2), lang),
      tone: 'strong',
      testId: 'schedule-total',
    },
    { label: t('schedule.due'), value: formatDate(s.dueAt), testId: 'schedule-due' },
  ];
}
