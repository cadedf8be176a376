import Decimal from 'decimal.js';
import type { AccountType } from '../../../domain/protocol/account';
import type { CloseReason, PositionSide } from '../../../domain/protocol/contracts';
import type { contractPositions } from '../../db/schema/trading';

/** An open or closed position as the engine works with it: the row, in Decimals. */
export type Position = {
  id: bigint;
  userId: bigint;
  accountType: AccountType;
  clientOrderId: string | null;
  symbol: string;
  side: PositionSide;
  leverage: number;
  qty: Decimal;
  entryPrice: Decimal;
  /** Isolated margin now: locked at open, plus margin added, minus funding paid (plus received). */
  margin: Decimal;
  openFee: Decimal;
  takeProfit: Decimal | null;
  stopLoss: Decimal | null;
  funding: Decimal;
  status: 'open' | 'closed' | 'liquidated';
  closeReason: CloseReason | null;
  closePrice: Decimal | null;
  closeFee: Decimal | null;
  realizedPnl: Decimal | null;
  lastFundingAt: number | null;
  openedAt: number;
  closedAt: number | null;
};

type Row = typeof contractPositions.$inferSelect;
type Insert = typeof contractPositions.$inferInsert;

const dec = (v: string) => new Decimal(v);
const decOrNull = (v: string | null) => (v === null ? null : new Decimal(v));
const str = (v: Decimal) => v.toFixed();
const strOrNull = (v: Decimal | null) => (v === null ? null : v.toFixed());

export function fromRow(row: Row): Position {
  return {
    id: row.id,
    userId: row.userId,
    accountType: row.accountType,
    clientOrderId: row.clientOrderId,
    symbol: row.symbol,
    side: row.side,
    leverage: row.leverage,
    qty: dec(row.qty),
    entryPrice: dec(row.entryPrice),
    margin: dec(row.margin),
    openFee: dec(row.openFee),
    takeProfit: decOrNull(row.takeProfit),
    stopLoss: decOrNull(row.stopLoss),
    funding: dec(row.funding),
    status: row.status,
    closeReason: row.closeReason as CloseReason | null,
    closePrice: decOrNull(row.closePrice),
    closeFee: decOrNull(row.closeFee),
    realizedPnl: decOrNull(row.realizedPnl),
    lastFundingAt: row.lastFundingAt,
    openedAt: row.openedAt,
    closedAt: row.closedAt,
  };
}

/**
 * The figures a position's row and its wire answer both spell as decimal strings, as they are
 * (the entry price differs: the wire rounds it, see ./wire.ts).
 */
export function positionText(p: Position) {
  return {
    clientOrderId: p.clientOrderId,
    symbol: p.symbol,
    side: p.side,
    leverage: p.leverage,
    qty: str(p.qty),
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
  };
}

/** The columns a change writes (everything but the identity). */
export function toColumns(p: Position): Omit<Insert, 'id'> {
  return {
    userId: p.userId,
    accountType: p.accountType,
    ...positionText(p),
    entryPrice: str(p.entryPrice),
    lastFundingAt: p.lastFundingAt,
  };
}
