import type Decimal from 'decimal.js';
import { d } from '../contracts/decimal';
import { unrealizedPnl } from '../contracts/margin';
import type { PositionSide } from '../protocol/contracts';

/**
 * A contract position open at the day reference, as the broker knows it now: what is still
 * open (0 once closed) and what closed since the reference.
 */
export type PositionSinceReference = {
  side: PositionSide;
  entryPrice: string;
  qtyOpen: string;
  qtyClosedSince: string;
};

/**
 * Its open P&L at the reference (one term of /user/assets `openPnlRef`): on the quantity it
 * held then, the part closed since included, at the reference price. Valued on what is open
 * now, a part closed since would count its move from the entry to the reference as today's:
 * its close posts its realised P&L from the entry price, in full, in today's wallet P&L.
 */
export function pnlAtReference(p: PositionSinceReference, refPrice: string): Decimal {
  return unrealizedPnl(p.side, d(p.qtyOpen).plus(p.qtyClosedSince), p.entryPrice, refPrice);
}
