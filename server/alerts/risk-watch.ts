import { riskStep } from '../../domain/alerts/crossing';
import { isRiskKind } from '../../domain/alerts/kinds';
import type { RiskFigure } from '../trading/contracts/risk-figures';
import type { Known } from './engine-types';

type RiskAlert = { armed: boolean };

/**
 * The figure that speaks for a user's positions on a symbol: the one nearest to trouble, the
 * least liquidation distance or the highest margin ratio. Null when no position has one.
 */
export function worstFigure(
  kind: 'liquidation' | 'margin',
  meta: Known,
  figures: RiskFigure[],
): string | null {
  let worst: string | null = null;
  for (const f of figures) {
    if (f.userId !== meta.owner.userId || f.accountType !== meta.owner.accountType) continue;
    const value = kind === 'liquidation' ? f.liquidationDistance : f.marginRatio;
    if (value === null) continue;
    if (
      worst === null ||
      (kind === 'liquidation' ? Number(value) < Number(worst) : Number(value) > Number(worst))
    )
      worst = value;
  }
  return worst;
}

/** A change of a risk alert a mark tick made: its new armed state, whether it fired, at what figure. */
export type RiskChange = { id: string; armed: boolean; fire: boolean; figure: string | null };

/**
 * Contract risk alerts by symbol, stepped on mark ticks with the contract engine's figures; a tick
 * costs nothing on a symbol nobody watches.
 */
export function createRiskWatch() {
  const bySymbol = new Map<string, Map<string, RiskAlert>>();
  return {
    add(symbol: string, id: string, armed: boolean): void {
      let watching = bySymbol.get(symbol);
      if (!watching) bySymbol.set(symbol, (watching = new Map()));
      watching.set(id, { armed });
    },
    remove(symbol: string, id: string): void {
      bySymbol.get(symbol)?.delete(id);
    },
    watches: (symbol: string) => (bySymbol.get(symbol)?.size ?? 0) > 0,
    /** The alerts of `symbol` whose state the figures change. */
    step(symbol: string, figures: RiskFigure[], known: ReadonlyMap<string, Known>): RiskChange[] {
      const changes: RiskChange[] = [];
      for (const [id, alert] of bySymbol.get(symbol) ?? []) {
        const meta = known.get(id);
        if (!meta || !isRiskKind(meta.kind)) continue;
        const worst = worstFigure(meta.kind, meta, figures);
        const step = riskStep(meta.kind, meta.threshold, worst, alert.armed);
        if (step.armed === alert.armed && !step.fire) continue;
        alert.armed = step.armed;
        changes.push({ id, armed: step.armed, fire: step.fire, figure: worst });
      }
      return changes;
    },
  };
}
