import { useCallback, useMemo, useState } from 'react';
import type { OptionKind, OptionRule } from '../../../domain/protocol/options';
import { nearestStrike } from './figures';
import type { Pick } from './option-picker';

/**
 * The ticket's call or put, expiry and strike. A refreshed rule may no longer offer what was
 * picked (today's expiry passed): the pick falls back to the first expiry and the strike nearest
 * the spot instead of pricing something the broker would refuse.
 */
export function useTicketPick(rule: OptionRule) {
  const [kind, setKind] = useState<OptionKind>('call');
  const [chosenExpiry, setExpiry] = useState<number | null>(null);
  const [chosenStrike, setStrike] = useState<string | null>(null);
  const expiresAt = rule.expiries.some((e) => e.expiresAt === chosenExpiry)
    ? (chosenExpiry ?? 0)
    : (rule.expiries[0]?.expiresAt ?? 0);
  const strike =
    chosenStrike !== null && rule.strikes.includes(chosenStrike)
      ? chosenStrike
      : (nearestStrike(rule.strikes, rule.spot) ?? '');
  // Stable while nothing in it changes, with a stable onChange: the memoised picker skips a
  // keystroke's, a tick's and the sheet's re-renders.
  const pick: Pick = useMemo(() => ({ kind, strike, expiresAt }), [kind, strike, expiresAt]);
  const changePick = useCallback((change: Partial<Pick>) => {
    if (change.kind !== undefined) setKind(change.kind);
    if (change.expiresAt !== undefined) setExpiry(change.expiresAt);
    if (change.strike !== undefined) setStrike(change.strike);
  }, []);
  return { pick, changePick };
}
