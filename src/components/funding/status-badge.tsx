import './texts';
import { useTranslation } from '../../i18n/hook';
import type { FundingStatus } from '../../../domain/protocol/funding';

/**
 * SPEC §4's words for a movement's state, the same for lira and coin movements: in progress,
 * success, failed, cancelled. A failed withdrawal is "failed (refunded)" (its hold came back); a
 * failed deposit was never credited, so nothing was refunded and it says only "failed". The
 * badges and the records' status filters read their words here.
 */
export function useStatusWord(): (status: FundingStatus, kind: 'deposit' | 'withdrawal') => string {
  const { t } = useTranslation('funding');
  return (status, kind) =>
    status === 'failed' && kind === 'withdrawal' ? t('status.refunded') : t(`status.${status}`);
}

export function StatusBadge({
  status,
  kind,
  testId,
}: {
  status: FundingStatus;
  kind: 'deposit' | 'withdrawal';
  testId?: string;
}) {
  const word = useStatusWord();
  return (
    <span className={`status-badge status-badge--${status}`} data-status={status} data-testid={testId}>
      {word(status, kind)}
    </span>
  );
}
