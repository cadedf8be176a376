import { TRY_SCALE, USDT_SCALE } from '../../../domain/format/money';
import type { SpotFill, SpotOrder } from '../../../domain/protocol/trading';
import { averageFillPrice } from '../../../domain/trade/book-walk';
import type { spotFills, spotOrders } from '../../db/schema/trading';
import { canonical, LedgerDecimal } from '../../ledger/decimal';
import type { MarketSource } from '../../market/source';

export type OrderRow = typeof spotOrders.$inferSelect;
export type FillRow = typeof spotFills.$inferSelect;

const dec = (value: string): string => canonical(value);

/**
 * Realised P&L as the wire carries it: in the cash's decimals (TRY 2, USDT 8). Fills booked before
 * booking rounded it (booking.ts) hold up to 18 places of the average cost's remainder.
 */
export function realizedOf(wallet: OrderRow['wallet'], value: string): LedgerDecimal {
  const scale = wallet === 'stock' ? TRY_SCALE : USDT_SCALE;
  return new LedgerDecimal(value).toDecimalPlaces(scale, LedgerDecimal.ROUND_HALF_UP);
}

/** A stored order as the wire carries it (NUMERIC comes back padded; the wire wants canonical). */
export function orderToWire(row: OrderRow, market: MarketSource): SpotOrder {
  const filledQty = dec(row.filledQty);
  const filledAmount = dec(row.filledAmount);
  // On the instrument's price grid plus 4 places (an average sits between ticks), as previewed.
  const avg = averageFillPrice(filledAmount, filledQty, market.instrument(row.symbol)?.priceScale ?? 8);
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
    realizedPnl: canonical(realizedOf(row.wallet, row.realizedPnl)),
    status: row.status,
    statusReason: row.statusReason,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
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
    realizedPnl: row.realizedPnl === null ? null : canonical(realizedOf(row.wallet, row.realizedPnl)),
    t: row.t,
  };
}
