import { useEffect, useRef } from 'react';
import { useSnapshot } from 'valtio';
import type { MarginRules } from '../../domain/contracts/margin';
import type { LivePositionInput, PositionFigures } from '../../domain/market-data/contract';
import { livePositions } from '../state/positions';
import { followContractPositions } from './client';

/**
 * One position's live figures (mark, notional, PnL, ROE, maintenance margin, margin ratio,
 * liquidation price), undefined until its first mark tick: show the REST answer's until then.
 * Only this id's leaves are read, so another position's tick never re-renders the caller.
 */
export function useLivePosition(id: string): Readonly<PositionFigures> | undefined {
  return useSnapshot(livePositions).byId[id];
}

/** The ids with live figures; re-renders when one appears or goes, not on ticks. */
export function useLivePositions(): string[] {
  return Object.keys(useSnapshot(livePositions).byId);
}

/**
 * Keeps these open positions live while the caller is mounted (a new list replaces the old).
 * `list` should change identity only when the positions do (a refetch), not on every render.
 */
export function useFollowPositions(
  list: readonly LivePositionInput[] | null,
  rules: MarginRules | null,
): void {
  const lastRules = useRef<MarginRules | null>(null);
  useEffect(() => {
    if (!list || !rules) return;
    lastRules.current = rules;
    // A new list replaces the old in place: symbols still followed keep their mark, so a
    // refetch never blanks the cards back to their REST figures.
    followContractPositions(
      list.map(({ id, symbol, side, qty, entryPrice, margin }) => ({
        id,
        symbol,
        side,
        qty,
        entryPrice,
        margin,
      })),
      { feeRate: rules.feeRate, liquidationFeeRate: rules.liquidationFeeRate, tiers: rules.tiers },
    );
  }, [list, rules]);
  // Only leaving the screen stops following (and releases the mark streams).
  useEffect(
    () => () => {
      if (lastRules.current) followContractPositions([], lastRules.current);
    },
    [],
  );
}
