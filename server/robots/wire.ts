import Decimal from 'decimal.js';
import type { RobotFill, RobotOrder, RobotOrderStatus } from '../../domain/protocol/robots';
import type { StrategyKind } from '../../domain/robots/strategies';
import type { Fill } from '../../domain/robots/book';
import type { robotFills, robotOrders } from '../db/schema/robots';
import { canonical } from '../ledger/decimal';
import type { MarketSource } from '../market/source';
import { DAY_MS } from '../../domain/time';

export type RobotOrderRow = typeof robotOrders.$inferSelect;
export type RobotFillRow = typeof robotFills.$inferSelect;

const orNull = (v: string | null) => (v === null ? null : canonical(v));
const ratio = (v: Decimal.Value | null) =>
  v === null ? null : new Decimal(v).toDecimalPlaces(8, Decimal.ROUND_DOWN).toFixed();

/** An order on the wire: its value marks its coin at the source's last price while it runs. */
export function orderOnWire(
  row: RobotOrderRow,
  market: MarketSource,
  trades: number,
  now: number,
  fillsOnly: Decimal | null = null,
): RobotOrder {
  const running = row.status === 'running';
  const last = market.ticker(row.symbol)?.last ?? '0';
  const value = new Decimal(row.cash).plus(new Decimal(row.qty).times(last));
  const pnl = running ? value.minus(row.capital) : new Decimal(row.returned ?? row.cash).minus(row.capital);
  return {
    id: String(row.id),
    robotId: row.robotId,
    level: row.level,
    strategy: row.strategy as StrategyKind,
    symbol: row.symbol,
    capital: canonical(row.capital),
    days: row.days,
    status: row.status as RobotOrderStatus,
    startedAt: row.startedAt,
    endsAt: row.endsAt,
    cash: canonical(row.cash),
    qty: canonical(row.qty),
    value: running ? value.toFixed() : canonical(row.returned ?? '0'),
    pnl: pnl.toFixed(),
    pnlRate: pnl.div(row.capital).toDecimalPlaces(8, Decimal.ROUND_DOWN).toFixed(),
    fees: canonical(row.fees),
    maxDrawdown: ratio(row.markDrawdown ?? fillsOnly),
    // An unmarked row is a run recorded before marking that its bars could not mark (remark.ts).
    drawdownFrom: row.markDrawdown === null ? 'fills' : 'bars',
    trades,
    daysLeft: running ? Math.max(0, Math.ceil((row.endsAt - now) / DAY_MS)) : 0,
    result: orNull(row.result),
    tax: orNull(row.tax),
    penalty: orNull(row.penalty),
    returned: orNull(row.returned),
    closedAt: row.closedAt,
    taxRate: canonical(row.taxRate),
    penaltyRate: canonical(row.penaltyRate),
  };
}

/** A fill row as the book (domain/robots/book.ts) reads it. */
export const bookFillOf = (f: RobotFillRow): Fill => ({
  t: f.t,
  side: f.side as Fill['side'],
  price: f.price,
  qty: f.qty,
  fee: f.fee,
});

export function fillOnWire(row: RobotFillRow): RobotFill {
  return {
    t: row.t,
    side: row.side as 'buy' | 'sell',
    price: canonical(row.price),
    qty: canonical(row.qty),
    amount: canonical(row.amount),
    fee: canonical(row.fee),
    realized: orNull(row.realized),
  };
}
