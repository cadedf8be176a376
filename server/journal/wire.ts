import Decimal from 'decimal.js';
import type { TradeStats } from '../../domain/journal/stats';
import { holdingMs, type ClosedTrade } from '../../domain/journal/trade';
import type { JournalTrade, TradeStatsWire } from '../../domain/protocol/learn';
import type { Note } from './notes';

/** Decimals the journal's figures travel with: enough for a coin's price, no float noise. */
const PLACES = 8;

export const fig = (v: Decimal): string => v.toDecimalPlaces(PLACES, Decimal.ROUND_HALF_UP).toFixed();
const figOrNull = (v: Decimal | null): string | null => (v === null ? null : fig(v));

export function tradeToWire(
  t: ClosedTrade,
  note: Note | undefined,
  realistic: Decimal | undefined,
): JournalTrade {
  return {
    id: t.id,
    source: t.source,
    product: t.product,
    symbol: t.symbol,
    currency: t.currency,
    side: t.side,
    openedAt: t.openedAt,
    closedAt: t.closedAt,
    holdingMs: holdingMs(t),
    entry: fig(t.entry),
    exit: fig(t.exit),
    qty: fig(t.qty),
    pnl: fig(t.pnl),
    realisticPnl: realistic === undefined ? null : fig(realistic),
    costs: fig(t.costs),
    leverage: t.leverage,
    tags: note?.tags ?? [],
    note: note?.note ?? '',
  };
}

export function statsToWire(s: TradeStats): TradeStatsWire {
  return {
    trades: s.trades,
    wins: s.wins,
    losses: s.losses,
    winRate: figOrNull(s.winRate),
    totalPnl: fig(s.totalPnl),
    avgWin: figOrNull(s.avgWin),
    avgLoss: figOrNull(s.avgLoss),
    expectancy: figOrNull(s.expectancy),
    maxDrawdown: fig(s.maxDrawdown),
    sharpe: s.sharpe === null ? null : s.sharpe.toDecimalPlaces(4, Decimal.ROUND_HALF_UP).toFixed(),
  };
}
