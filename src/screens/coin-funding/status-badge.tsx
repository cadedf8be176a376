import '../../styles/coin-funding.css';
import type { ComponentProps } from 'react';
import type { FundingStatus } from '../../../domain/protocol/funding';
import { StatusBadge as FundingStatusBadge } from '../../components/funding/status-badge';

/** The funding status badge in the coin screens' stylesheet. */
export function StatusBadge(props: Omit<ComponentProps<typeof FundingStatusBadge>, 'look'>) {
  return <FundingStatusBadge {...props} look="funding-status" />;
}

/** The text key of a status: a deposit's failure has its own, without "refunded". */
export function statusKey(status: FundingStatus, kind: 'deposit' | 'withdrawal') {
  return status === 'failed' && kind === 'deposit'
    ? ('status.failed_deposit' as const)
    : (`status.${status}` as const);
}
