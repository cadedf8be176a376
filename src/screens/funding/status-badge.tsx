import { useTranslation } from '../../i18n-hook';
import type { FundingStatus } from '../../../domain/protocol/funding';

/** SPEC §4's words: in progress, success, failed (a withdrawal's "failed (refunded)"), cancelled. */
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
