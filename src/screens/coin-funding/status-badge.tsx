import '../../styles/coin-funding.css';
import type { FundingStatus } from '../../../domain/protocol/funding';

export { StatusBadge } from '../../components/funding/status-badge';

/** The text key of a status: a deposit's failure has its own, without "refunded". */
export function statusKey(status: FundingStatus, kind: 'deposit' | 'withdrawal') {
  return status === 'failed' && kind === 'deposit'
    ? ('status.failed_deposit' as const)
    : (`status.${status}` as const);
}
