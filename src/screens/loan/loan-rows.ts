import type { TFunction } from 'i18next';
import type { Locale } from '../../../domain/format/locale';
import { formatDateTime } from '../../../domain/format/date';
import type { Loan } from '../../../domain/protocol/loans';
import type { FigureRow } from '../../components/trade/figure-rows';
import { penaltyText, rateText } from './schedule-rows';
import { formatTry } from '../../../domain/format/number';

/**
 * A loan's figures as its card lists them: only those its status has (an offer shows its own
 * schedule, a closed loan charges nothing more), in the order a borrower reads them.
 */
export function loanRows(loan: Loan, t: TFunction<'loan'>, lang: Locale): FigureRow[] {
  const money = (v: string | null) => formatTry(v, lang);
  const out = loan.status === 'active' || loan.status === 'repaying';
  const rows: FigureRow[] = [{ label: t('card.asked'), value: money(loan.amount) }];
  if (loan.offeredAmount !== null) rows.push({ label: t('card.offered'), value: money(loan.offeredAmount) });
  if (loan.principal !== null) rows.push({ label: t('card.principal'), value: money(loan.principal) });
  if (out)
    rows.push({
      label: t('card.outstanding'),
      value: money(loan.principalOutstanding),
      testId: 'loan-outstanding',
    });
  rows.push({
    label: t('card.days'),
    value: t('terms.days_value', { days: loan.days, count: Number(loan.days) }),
  });
  rows.push({ label: t('terms.rate'), value: rateText(loan.rateKind, loan.rate, t, lang) });
  // An offer shows its own schedule below (./offer-answer); a closed loan charges nothing more.
  if (out || loan.status === 'review') {
    rows.push({ label: t('card.daily'), value: money(loan.dailyInterest), testId: 'loan-daily' });
    rows.push({
      label: t('schedule.penalty_rate'),
      value: penaltyText(loan.rateKind, loan.penaltyRate, t, lang).text,
      testId: 'loan-penalty-rate',
    });
    rows.push({
      label: t('schedule.penalty_daily'),
      value: money(loan.dailyPenalty),
      testId: 'loan-penalty-daily',
    });
  }
  rows.push({
    // Past due, the total is what is owed now (and grows daily): never "at the due date".
    label: t(
      loan.status === 'repaid' ? 'card.total_paid' : loan.overdue ? 'card.total_now' : 'card.total_at_term',
    ),
    value: money(loan.total),
    testId: 'loan-total',
  });
  if (loan.disbursedAt !== null) {
    rows.push({ label: t('card.accrued'), value: money(loan.interestAccrued), testId: 'loan-accrued' });
    if (Number(loan.penaltyAccrued) > 0)
      rows.push({
        label: t('card.penalty_accrued'),
        value: money(loan.penaltyAccrued),
        testId: 'loan-penalty',
      });
    rows.push({ label: t('card.repaid'), value: money(loan.repaid) });
  }
  if (out) rows.push({ label: t('card.owed'), value: money(loan.owed), tone: 'strong', testId: 'loan-owed' });
  if (loan.repaying !== null) rows.push({ label: t('card.repaying'), value: money(loan.repaying) });
  rows.push({ label: t('card.applied_at'), value: formatDateTime(loan.appliedAt, lang) });
  if (loan.disbursedAt !== null)
    rows.push({ label: t('card.disbursed_at'), value: formatDateTime(loan.disbursedAt, lang) });
  if (loan.dueAt !== null) rows.push({ label: t('card.due_at'), value: formatDateTime(loan.dueAt, lang) });
  if (loan.repaidAt !== null)
    rows.push({ label: t('card.repaid_at'), value: formatDateTime(loan.repaidAt, lang) });
  return rows;
}
