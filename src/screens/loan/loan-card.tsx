import { useTranslation } from '../../i18n-hook';
import { useSnapshot } from 'valtio';
import { formatDateTime } from '../../../domain/format/date';
import type { Loan } from '../../../domain/protocol/loans';
import { FigureRows, type FigureRow } from '../../components/trade/figure-rows';
import { prefs } from '../../state/prefs';
import { formatTry } from './loan-format';
import { LoanStatementView } from './loan-statement';
import { OfferAnswer } from './offer-answer';
import { RepayForm } from './repay-form';
import { penaltyText, rateText } from './schedule-rows';

const TONE: Record<Loan['status'], string> = {
  review: 'wait',
  offered: 'warn',
  active: 'live',
  repaying: 'wait',
  repaid: 'done',
  rejected: 'off',
};

/**
 * One loan: where it stands, its terms and figures, overdue said plainly, and its next step. Once
 * out, the figures are the server's to the moment, on the principal still owed: a partial
 * repayment lowers the day's interest at once.
 */
export function LoanCard({ loan, onChanged }: { loan: Loan; onChanged: (loan: Loan) => void }) {
  const { t } = useTranslation('loan');
  const { lang } = useSnapshot(prefs);
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
  rows.push({ label: t('card.days'), value: t('terms.days_value', { days: loan.days }) });
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

  return (
    <li className="loan-card" data-testid={`loan-${loan.id}`} data-status={loan.status}>
      <div className="loan-card__head">
        <span className="loan-card__title">{t('card.title', { id: loan.id })}</span>
        <span className={`loan-status loan-status--${TONE[loan.status]}`} data-testid="loan-status">
          {t(`status.${loan.status}`)}
        </span>
      </div>
      {loan.overdue && (
        <p className="loan-overdue" role="alert" data-testid="loan-overdue">
          {loan.overdueDays === 0 ? t('card.overdue_today') : t('card.overdue', { count: loan.overdueDays })}
        </p>
      )}
      <FigureRows rows={rows} />
      {loan.status === 'rejected' && (
        <p className="hint">
          {loan.rejectReason === 'declined'
            ? t('card.declined')
            : `${t('card.reason')}: ${loan.rejectReason ?? '--'}`}
        </p>
      )}
      {loan.status === 'offered' && <OfferAnswer loan={loan} onChanged={onChanged} />}
      {loan.status === 'active' && <RepayForm loan={loan} onChanged={onChanged} />}
      {loan.disbursedAt !== null && (
        <LoanStatementView loanId={loan.id} version={loan.interestAccrued + loan.repaid} />
      )}
    </li>
  );
}
