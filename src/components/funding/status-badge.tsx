import './texts';
import { useTranslation } from '../../i18n-hook';
import type { FundingStatus } from '../../../domain/protocol/funding';

/**
 * SPEC §4's words for a movement's state, the same for lira and coin movements: in progress,
 * success, failed, cancelled. A failed withdrawal is "failed (refunded)" (its hold came back); a
 * failed deposit was never credited, so nothing was refunded and it says only "failed".
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
  const { t } = useTranslation('funding');
  const text = status === 'failed' && kind === 'withdrawal' ? t('status.refunded') : t(`status.${status}`);
  return (
    <span className={`status-badge status-badge--${status}`} data-status={status} data-testid={testId}>
      {text}
    </span>
  );
}
