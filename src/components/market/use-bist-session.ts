import { useEffect } from 'react';
import type { MarketStatus } from '../../../domain/protocol/market';
import type { IndicesAnswer } from '../../../domain/protocol/market';
import { firstLoad } from '../../../domain/protocol/first-load-endpoints';
import { call } from '../../api/call';
import { serverNow } from '../../api/server-clock';
import { useLiveData, type LiveData } from '../content/use-live-data';

const loadIndices = () => call(firstLoad.indices, {}, { silent: true });

/**
 * Reads BIST's session again when it turns (opens at 10:00, closes at 18:00) under an open screen:
 * the badge read once kept saying "Seans kapalı" over a session that had opened, or "Canlı" over
 * one that had closed, until the user left and came back. A second after the turn, on the
 * server's clock.
 */
export function useSessionTurn(session: MarketStatus | null, refresh: () => void): void {
  const turn = session ? (session.open ? session.nextClose : session.nextOpen) : null;
  useEffect(() => {
    if (turn === null) return;
    const timer = setTimeout(refresh, Math.max(0, turn - serverNow()) + 1000);
    return () => clearTimeout(timer);
  }, [turn, refresh]);
}

/**
 * BIST's session, for a screen of BIST figures whose own answers carry none (the stock lists, the
 * watchlist, the positions): read from the indices answer Home's badge reads it from, again on
 * focus as Home does, and when it turns. Their badges said "Live" over still prices
 * out of session. Null while unknown, and when `enabled` is false (coins trade 24/7).
 */
export function useBistSession(enabled = true): MarketStatus | null {
  const indices = useBistIndices(enabled);
  return enabled && indices.status === 'ready' ? indices.data.status : null;
}

/**
 * The indices answer useBistSession reads the session from, whole: the Markets tab's indices
 * segment lists it under the badge, one request for both (it asked twice: once for the list,
 * once for the badge). Read again on focus and when the session turns, as the badge is.
 */
export function useBistIndices(enabled = true): LiveData<IndicesAnswer> {
  const data = useLiveData('bist-indices', loadIndices, enabled);
  useSessionTurn(enabled && data.status === 'ready' ? data.data.status : null, data.refresh);
  return data;
}
