import './texts';
import { useTranslation } from '../../i18n-hook';
import type { FundingStatus } from '../../../domain/protocol/funding';

/**
 * SPEC §4's words for a movement's state, the same for lira and coin movements: in progress,
 * success, failed, cancelled. A failed withdrawal is "failed (refunded)" (its hold came back); a
 * failed deposit was never credited, so nothing was refunded and it says only "failed".
 * `look`: the class of the stylesheet the screen has (the lira or the coin funding one).
 */
export function StatusBadge({
  status,
  kind,
  testId,
  look = 'status-badge',
}: {
  status: FundingStatus;
  kind: 'deposit' | 'withdrawal';
  testId?: string;
  look?: 'status-badge' | 'funding-status';
}) {
  const { t } = useTranslation('funding');
  const text = status === 'failed' && kind === 'withdrawal' ? t('status.refunded') : t(`status.${status}`);
  return (
    <span className={`${look} ${look}--${status}`} data-status={status} data-testid={testId}>
      {text}
    </span>
  );
}
