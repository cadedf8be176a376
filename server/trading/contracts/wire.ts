import Decimal from 'decimal.js';
import { closedFigures, positionFigures, type MarginRules } from '../../../domain/contracts';
import type { ContractPosition } from '../../../domain/protocol/contracts';
import type { MarketSource } from '../../market/source';
import { positionText, type Position } from './position';

const str = (v: Decimal) => v.toFixed();

/**
 * The entry price is a fill-weighted average kept to 18 places in the book of record; on the
 * wire it has the 8 decimals of the other USDT figures (18 places reached the screen).
 * Not the instrument's price scale: an entry rounded to 0.01 would move a large position's P&L
 * visibly. The live figures are computed from this same wire value, as the worker computes them.
 */
export const ENTRY_PRICE_DECIMALS = 8;
const entryOnWire = (v: Decimal) =>
  new Decimal(v.toFixed()).toDecimalPlaces(ENTRY_PRICE_DECIMALS, Decimal.ROUND_HALF_UP);

/**
 * The price a position's live figures are taken at: the source's mark while it is open (the
 * price liquidation watches), the last price when no mark came yet, the close price once closed.
 */
export function markOf(p: Position, market: MarketSource): string {
  if (p.status !== 'open' && p.closePrice) return p.closePrice.toFixed();
  return market.mark(p.symbol)?.mark ?? market.ticker(p.symbol)?.last ?? entryOnWire(p.entryPrice).toFixed();
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
  const entryPrice = entryOnWire(p.entryPrice);
  const figures =
    p.status === 'open'
      ? positionFigures({ side: p.side, qty: p.qty, entryPrice, margin: p.margin }, mark, rules, priceScale)
      : closedFigures(mark);
  return {
    id: String(p.id),
    ...positionText(p),
    entryPrice: str(entryPrice),
    ...figures,
  };
}
