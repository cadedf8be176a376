import { useTranslation } from '../../i18n/hook';
import type { IpoStatus } from '../../../domain/ipo/lifecycle';
import type { IpoApplication } from '../../../domain/protocol/ipo';

/** SPEC §4's IPO statuses: upcoming, accepting subscriptions, to be listed, listed. */
export function IpoStatusBadge({ status, testId }: { status: IpoStatus; testId?: string }) {
  const { t } = useTranslation('ipo');
  return (
    <span className={`ipo-badge ipo-badge--${status}`} data-status={status} data-testid={testId}>
      {t(`status.${status}`)}
    </span>
  );
}

/** SPEC §4's subscription statuses; the tone says whether the user got shares, lost, or waits. */
const TONE: Record<IpoApplication['status'], 'wait' | 'good' | 'bad'> = {
  applying: 'wait',
  to_be_allocated: 'wait',
  allocated_pending_payment: 'wait',
  wait_payment: 'wait',
  paid: 'good',
  won: 'good',
  not_allotted: 'bad',
  lapsed: 'bad',
};

export function ApplicationStatusBadge({
  status,
  testId,
}: {
  status: IpoApplication['status'];
  testId?: string;
}) {
  const { t } = useTranslation('ipo');
  return (
    <span className={`ipo-badge ipo-badge--${TONE[status]}`} data-status={status} data-testid={testId}>
      {t(`app_status.${status}`)}
    </span>
  );
}
