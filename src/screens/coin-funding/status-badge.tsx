import '../../styles/coin-funding.css';
import { useTranslation } from '../../i18n-hook';
import type { FundingStatus } from '../../../domain/protocol/funding';

/**
 * SPEC §4's words for a movement's state: in progress, success, failed, cancelled. A failed
 * withdrawal is "failed (refunded)" (its hold came back); a failed deposit was never credited,
 * so nothing was refunded and it says only "failed".
 */
export function StatusBadge({
  status,
  kind,
  testId,
}: {
  status: FundingStatus;
  kind: 'deposit' | 'withdrawal';
  testId?: string;
}) {
  const { t } = useTranslation('coinFunding');
  return (
    <span className={`funding-status funding-status--${status}`} data-status={status} data-testid={testId}>
      {t(statusKey(status, kind))}
    </span>
  );
}

/** The text key of a status: a deposit's failure has its own, without "refunded". */
export function statusKey(status: FundingStatus, kind: 'deposit' | 'withdrawal') {
  return status === 'failed' && kind === 'deposit'
    ? ('status.failed_deposit' as const)
    : (`status.${status}` as const);
}
