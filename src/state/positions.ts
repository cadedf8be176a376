import { proxy } from 'valtio';
import type { PositionFigures } from '../../domain/market-data/contract';

/**
 * Live contract position figures by id, fed only by the worker's patches (patch.positions).
 * Only changed leaves are written, so a row reading `byId[id].unrealizedPnl` re-renders when
 * that one figure of that one position changes (ARCHITECTURE rule 7).
 */
export const livePositions = proxy({ byId: {} as Record<string, PositionFigures> });

function copyLeaf<K extends keyof PositionFigures>(
  target: PositionFigures,
  from: PositionFigures,
  key: K,
): void {
  if (target[key] !== from[key]) target[key] = from[key];
}

export function applyPositions(changes: Record<string, PositionFigures | null>): void {
  const byId = livePositions.byId;
  for (const id in changes) {
    const next = changes[id];
    if (!next) {
      if (id in byId) delete byId[id];
      continue;
    }
    const current = byId[id];
    if (!current) {
      byId[id] = next;
      continue;
    }
    for (const name in next) copyLeaf(current, next, name as keyof PositionFigures);
  }
}

export function resetPositions(): void {
  livePositions.byId = {};
}
