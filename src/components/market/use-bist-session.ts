import type { MarketStatus } from '../../../domain/protocol/market';
import { getIndices } from '../../api/market';
import { useLiveData } from '../content/use-live-data';

const loadSession = async () => (await getIndices({ silent: true })).status;

/**
 * BIST's session, for a screen of BIST figures whose own answers carry none (the stock lists, the
 * watchlist, the positions): read from the indices answer Home's badge reads it from, kept fresh
 * the same way (again on focus). Their badges said "Live" over still prices out of session
 * (issue 18). Null while unknown, and when `enabled` is false (coins trade 24/7).
 */
export function useBistSession(enabled = true): MarketStatus | null {
  const data = useLiveData('bist-session', loadSession, enabled);
  return enabled && data.status === 'ready' ? data.data : null;
}
