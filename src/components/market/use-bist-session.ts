import { useEffect } from 'react';
import type { MarketStatus } from '../../../domain/protocol/market';
import { getIndices } from '../../api/market';
import { serverNow } from '../../api/server-clock';
import { useLiveData } from '../content/use-live-data';

const loadSession = async () => (await getIndices({ silent: true })).status;

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
 * out of session (issue 18). Null while unknown, and when `enabled` is false (coins trade 24/7).
 */
export function useBistSession(enabled = true): MarketStatus | null {
  const data = useLiveData('bist-session', loadSession, enabled);
  const session = enabled && data.status === 'ready' ? data.data : null;
  useSessionTurn(session, data.refresh);
  return session;
}
