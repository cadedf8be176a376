import '../../styles/coin-funding.css';
import { useTranslation } from '../../i18n-hook';
import type { FundingStatus } from '../../../domain/protocol/funding';

/** SPEC §4's words for a movement's state: in progress, success, failed (refunded), cancelled. */
export function StatusBadge({ status, testId }: { status: FundingStatus; testId?: string }) {
  const { t } = useTranslation('coinFunding');
  return (
    <span className={`funding-status funding-status--${status}`} data-status={status} data-testid={testId}>
      {t(`status.${status}`)}
    </span>
  );
}
