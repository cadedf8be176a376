import { proxy } from 'valtio';
import { applyChangedLeaves } from './keyed-leaves';
import type { PositionFigures } from '../../domain/market-data/contract';

/**
 * Live contract position figures by id, fed only by the worker's patches (patch.positions).
 * Only changed leaves are written, so a row reading `byId[id].unrealizedPnl` re-renders when
 * that one figure of that one position changes (ARCHITECTURE rule 7).
 */
export const livePositions = proxy({ byId: {} as Record<string, PositionFigures> });

export function applyPositions(changes: Record<string, PositionFigures | null>): void {
  applyChangedLeaves(livePositions.byId, changes);
}

export function resetPositions(): void {
  livePositions.byId = {};
}
