import Decimal from 'decimal.js';
import { optionPnl } from '../../domain/options/money';
import type { OptionKind, OptionPosition, OptionStatus } from '../../domain/protocol/options';
import type { optionPositions } from '../db/schema/options';
import { canonical } from '../ledger/decimal';
import type { MarketSource } from '../market/source';

export type PositionRow = typeof optionPositions.$inferSelect;

const text = (v: string) => canonical(v);
const orNull = (v: string | null) => (v === null ? null : canonical(v));

/** A position row on the wire; P&L and its ratio only once it is settled or closed. */
export function positionOnWire(row: PositionRow, market: MarketSource): OptionPosition {
  const cost = new Decimal(row.premiumTotal).plus(row.fee);
  const settled = row.status !== 'open' && row.payoff !== null;
  const result = settled ? optionPnl(row.payoff ?? '0', cost) : null;
  return {
    id: String(row.id),
    symbol: row.symbol,
    name: market.instrument(row.symbol)?.name ?? row.symbol,
    kind: row.kind as OptionKind,
    strike: text(row.strike),
    expiresAt: row.expiresAt,
    contracts: text(row.contracts),
    multiplier: row.multiplier,
    openPrice: text(row.openPrice),
    premium: text(row.premium),
    premiumTotal: text(row.premiumTotal),
    fee: text(row.fee),
    cost: cost.toFixed(),
    status: row.status as OptionStatus,
    closePrice: orNull(row.closePrice),
    payoff: orNull(row.payoff),
    closeFee: orNull(row.closeFee),
    pnl: result ? result.pnl.toFixed() : null,
    pnlRatio: result?.ratio ? result.ratio.toFixed() : null,
    openedAt: row.openedAt,
    closedAt: row.closedAt,
  };
}
