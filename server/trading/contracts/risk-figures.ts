import { positionFigures, whatIf } from '../../../domain/contracts';
import type { AccountType } from '../../../domain/protocol/account';
import type { EngineCore } from './core';

/** An open position's risk as its owner's screen shows it at `mark`. */
export type RiskFigure = {
  userId: bigint;
  accountType: AccountType;
  positionId: bigint;
  /** Percent of the mark to the liquidation price; null when no price liquidates. */
  liquidationDistance: string | null;
  /** Percent, capped at 100 (liquidatable). */
  marginRatio: string;
};

/**
 * The risk figures of every open position of `symbol` at `mark`, from the positions the risk
 * engine holds in memory (no query) and the same domain functions the wire and the ticket use,
 * so an alert fires on exactly the figures the user sees.
 */
export function riskFiguresOf(core: EngineCore, symbol: string, mark: string): RiskFigure[] {
  const open = core.book.ofSymbol(symbol);
  if (open.length === 0) return [];
  const rules = core.rules.current();
  const priceScale = core.market.instrument(symbol)?.priceScale ?? 2;
  return open.map((p) => {
    const position = { side: p.side, qty: p.qty, entryPrice: p.entryPrice, margin: p.margin };
    return {
      userId: p.userId,
      accountType: p.accountType,
      positionId: p.id,
      liquidationDistance: whatIf(position, mark, rules)?.liquidationDistance ?? null,
      marginRatio: positionFigures(position, mark, rules, priceScale).marginRatio,
    };
  });
}
