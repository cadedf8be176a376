import type { SpotFill, SpotOrder } from '../../../domain/protocol/trading';
import type { spotFills, spotOrders } from '../../db/schema/trading';
import { canonical, LedgerDecimal } from '../../ledger/decimal';
import type { MarketSource } from '../../market/source';

export type OrderRow = typeof spotOrders.$inferSelect;
export type FillRow = typeof spotFills.$inferSelect;

const dec = (value: string): string => canonical(value);

/** A stored order as the wire carries it (NUMERIC comes back padded; the wire wants canonical). */
export function orderToWire(row: OrderRow, market: MarketSource): SpotOrder {
  const filledQty = dec(row.filledQty);
  const filledAmount = dec(row.filledAmount);
  const avg =
    filledQty === '0'
      ? null
      : canonicalRatio(filledAmount, filledQty, market.instrument(row.symbol)?.priceScale);
  return {
    id: String(row.id),
    clientOrderId: row.clientOrderId,
    wallet: row.wallet,
    symbol: row.symbol,
    name: market.instrument(row.symbol)?.name ?? row.symbol,
    side: row.side,
    type: row.type,
    timeInForce: row.timeInForce,
    price: row.price === null ? null : dec(row.price),
    quantity: dec(row.quantity),
    filledQty,
    avgPrice: avg,
    filledAmount,
    fees: dec(row.fees),
    frozen: dec(row.frozen),
    realizedPnl: dec(row.realizedPnl),
    status: row.status,
    statusReason: row.statusReason,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** Average fill price, on the instrument's price grid plus 4 places (an average sits between ticks). */
function canonicalRatio(amount: string, qty: string, scale = 8): string {
  return canonical(new LedgerDecimal(amount).dividedBy(qty).toDecimalPlaces(scale + 4));
}

export function fillToWire(row: FillRow): SpotFill {
  return {
    id: String(row.id),
    orderId: String(row.orderId),
    wallet: row.wallet,
    symbol: row.symbol,
    side: row.side,
    price: dec(row.price),
    qty: dec(row.qty),
    amount: dec(row.amount),
    commission: dec(row.commission),
    bsmv: dec(row.bsmv),
    exchangeFee: dec(row.exchangeFee),
    realizedPnl: row.realizedPnl === null ? null : dec(row.realizedPnl),
    t: row.t,
  };
}
