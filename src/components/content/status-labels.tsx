import '../../i18n/content-pages';
import '../../styles/content-screens.css';
import '../../styles/kyc-label.css';
import { useTranslation } from '../../i18n/hook';
import type { AccountType } from '../../../domain/protocol/account';
import type { IdStatus } from '../../../domain/protocol/user';

const KYC_TONE: Record<IdStatus, string> = { none: 'muted', pending: 'warn', succ: 'ok', fail: 'alert' };

/** The KYC state as the drawer shows it (same words, same tones). */
export function KycStatusLabel({ status, testId }: { status: IdStatus; testId?: string }) {
  const { t } = useTranslation();
  return (
    <span className={`kyc-label kyc-label--${KYC_TONE[status]}`} data-testid={testId} data-status={status}>
      {t(`kyc.${status}`)}
    </span>
  );
}

/** Real or demo, never in doubt: demo is marked in the warning colour. */
export function AccountTypeBadge({ type, testId }: { type: AccountType; testId?: string }) {
  const { t } = useTranslation('content');
  return (
    <span className={`account-type account-type--${type}`} data-testid={testId} data-type={type}>
      {t(`account_type.${type}`)}
    </span>
  );
}
