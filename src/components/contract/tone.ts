import { useMemo } from 'react';
import { useSnapshot } from 'valtio';
import { figuresAt, preparePosition, type PositionFigures } from '../../../domain/contracts';
import type { ContractPosition, ContractRules } from '../../../domain/protocol/contracts';
import { market } from '../../state/market';

/**
 * A position's figures at the live mark price, with domain/contracts' figuresAt — the function
 * the server answers with — so the screen equals the server for the same mark. Before the first
 * mark arrives (or for a closed position) the server's own figures stand.
 */
export function useLiveFigures(
  position: ContractPosition,
  rules: ContractRules,
  priceScale: number,
): PositionFigures {
  const mark = useSnapshot(market).marks[position.symbol]?.mark;
  const prepared = useMemo(() => preparePosition(position, rules, priceScale), [position, rules, priceScale]);
  if (position.status !== 'open' || mark === undefined) {
    return {
      mark: position.mark,
      notional: position.notional,
      unrealizedPnl: position.unrealizedPnl,
      roe: position.roe,
      maintenanceMargin: position.maintenanceMargin,
      marginRatio: position.marginRatio,
      liquidationPrice: position.liquidationPrice,
    };
  }
  return figuresAt(prepared, mark);
}

/** up / down tone of a signed figure; none for zero. */
export function toneOf(value: string): 'tone-up' | 'tone-down' | '' {
  if (/^-/.test(value) && !/^-0(\.0*)?$/.test(value)) return 'tone-down';
  return /^0(\.0*)?$/.test(value) ? '' : 'tone-up';
}
