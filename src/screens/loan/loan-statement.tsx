import { useCallback, useState } from 'react';
import { useSnapshot } from 'valtio';
import { formatDateTime } from '../../../domain/format/date';
import { loanEndpoints } from '../../../domain/protocol/endpoints/loans';
import { call } from '../../api/call';
import { ErrorState, ListSkeleton } from '../../components/content/state-views';
import { useLiveData } from '../../components/content/use-live-data';
import { useTranslation } from '../../i18n/hook';
import { prefs } from '../../state/prefs';
import { formatTry } from '../../../domain/format/number';

/**
 * A loan's own account, read when opened: each charge (the overdue penalty under its own name),
 * each repayment, and what was owed after it. `version` changes when the loan's figures do, so an
 * open statement follows them.
 */
export function LoanStatementView({ loanId, version }: { loanId: string; version: string }) {
  const { t } = useTranslation('loan');
  const [open, setOpen] = useState(false);
  return (
    <details
      className="loan-statement"
      data-testid="loan-statement"
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary className="loan-statement__summary">{t('statement.title')}</summary>
      {open && <StatementRows loanId={loanId} version={version} />}
    </details>
  );
}

function StatementRows({ loanId, version }: { loanId: string; version: string }) {
  const { t } = useTranslation('loan');
  const { lang } = useSnapshot(prefs);
  const load = useCallback(() => call(loanEndpoints.statement, { id: loanId }, { silent: true }), [loanId]);
  const statement = useLiveData(`loan-statement-${loanId}-${version}`, load);
  if (statement.status === 'loading') return <ListSkeleton rows={3} />;
  if (statement.status === 'error') return <ErrorState error={statement.error} onRetry={statement.reload} />;
  return (
    <ul className="loan-statement__list">
      {statement.data.list.map((row) => (
        <li
          key={row.id}
          className="split-row loan-statement__row"
          data-testid={`loan-statement-${row.reason}`}
        >
          <span className="line-stack">
            <span>{t(`statement.${row.reason}`)}</span>
            <span className="loan-statement__at">{formatDateTime(row.at, lang)}</span>
          </span>
          <span className="line-stack loan-statement__figures num">
            <span className={row.amount.startsWith('-') ? 'loan-statement__repaid' : undefined}>
              {row.amount.startsWith('-') ? formatTry(row.amount, lang) : `+${formatTry(row.amount, lang)}`}
            </span>
            <span className="loan-statement__at">
              {t('statement.owed_after', { owed: formatTry(row.owedAfter, lang) })}
            </span>
          </span>
        </li>
      ))}
    </ul>
  );
}
