import { useTranslation } from '../../i18n/hook';
import { useSnapshot } from 'valtio';
import type { Loan } from '../../../domain/protocol/loans';
import { FigureRows } from '../../components/trade/figure-rows';
import { prefs } from '../../state/prefs';
import { LoanStatementView } from './loan-statement';
import { OfferAnswer } from './offer-answer';
import { RepayForm } from './repay-form';
import { loanRows } from './loan-rows';

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
  const rows = loanRows(loan, t, lang);

  return (
    <li className="surface-card" data-testid={`loan-${loan.id}`} data-status={loan.status}>
      <div className="split-row">
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
        <LoanStatementView
          loanId={loan.id}
          version={`${loan.interestAccrued} ${loan.penaltyAccrued} ${loan.repaid}`}
        />
      )}
    </li>
  );
}
