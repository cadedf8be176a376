import type Decimal from 'decimal.js';
import { positionFigures, type MarginRules } from '../../../domain/contracts';
import type { ContractPosition } from '../../../domain/protocol/contracts';
import type { MarketSource } from '../../market/source';
import type { Position } from './position';

const str = (v: Decimal) => v.toFixed();
const strOrNull = (v: Decimal | null) => (v === null ? null : v.toFixed());

/**
 * The price a position's live figures are taken at: the source's mark while it is open (the
 * price liquidation watches), the last price when no mark came yet, the close price once closed.
 */
export function markOf(p: Position, market: MarketSource): string {
  if (p.status !== 'open' && p.closePrice) return p.closePrice.toFixed();
  return market.mark(p.symbol)?.mark ?? market.ticker(p.symbol)?.last ?? p.entryPrice.toFixed();
}

/**
 * A position on the wire. The live figures come from domain/contracts' positionFigures, the
 * function the worker runs on every tick: the server's answer and the screen agree by construction.
 */
export function toWire(
  p: Position,
  market: MarketSource,
  rules: MarginRules,
  mark: string = markOf(p, market),
): ContractPosition {
  const priceScale = market.instrument(p.symbol)?.priceScale ?? 2;
  const figures = positionFigures(
    { side: p.side, qty: p.qty, entryPrice: p.entryPrice, margin: p.margin },
    mark,
    rules,
    priceScale,
  );
  return {
    id: String(p.id),
    clientOrderId: p.clientOrderId,
    symbol: p.symbol,
    side: p.side,
    leverage: p.leverage,
    qty: str(p.qty),
    entryPrice: str(p.entryPrice),
    margin: str(p.margin),
    openFee: str(p.openFee),
    takeProfit: strOrNull(p.takeProfit),
    stopLoss: strOrNull(p.stopLoss),
    funding: str(p.funding),
    status: p.status,
    closeReason: p.closeReason,
    closePrice: strOrNull(p.closePrice),
    closeFee: strOrNull(p.closeFee),
    realizedPnl: strOrNull(p.realizedPnl),
    openedAt: p.openedAt,
    closedAt: p.closedAt,
    ...figures,
  };
}
