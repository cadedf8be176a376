import Decimal from 'decimal.js';
import { and, eq } from 'drizzle-orm';
import { behaviourFlags } from '../../domain/journal/behaviour';
import { pnlCalendar, type CalendarPeriod } from '../../domain/journal/calendar';
import { tradeStats } from '../../domain/journal/stats';
import type { ClosedTrade, JournalProduct, JournalSourceName } from '../../domain/journal/trade';
import { unrealizedPnl } from '../../domain/contracts';
import type { JournalTrade, ReportSummary } from '../../domain/protocol/learn';
import type { Session } from '../auth/session';
import type { Db } from '../db/client';
import { contractPositions } from '../db/schema/trading';
import type { MarketSource } from '../market/source';
import { notesOf } from './notes';
import { realisticPnl } from './realistic';
import { closedTrades } from './sources';
import { fig, statsToWire, tradeToWire } from './wire';
import { ownedBy } from '../db/owned';

export type Range = { from?: number | undefined; to?: number | undefined };

const inRange = (t: ClosedTrade, r: Range) =>
  (r.from === undefined || t.closedAt >= r.from) && (r.to === undefined || t.closedAt <= r.to);

/** The trades closed in the range, with their notes and realistic P&L, newest first. */
export async function journalTrades(
  db: Db,
  session: Session,
  q: Range & { source?: JournalSourceName | undefined; product?: JournalProduct | undefined },
): Promise<JournalTrade[]> {
  const trades = (await closedTrades(db, session))
    .filter(
      (t) => inRange(t, q) && (!q.source || t.source === q.source) && (!q.product || t.product === q.product),
    )
    .reverse();
  const [notes, realistic] = await Promise.all([
    notesOf(
      db,
      session,
      trades.map((t) => t.id),
    ),
    realisticPnl(db, trades),
  ]);
  return trades.map((t) => tradeToWire(t, notes.get(t.id), realistic.get(t.id)));
}

/**
 * The open contract positions' P&L at the marks now, per currency: the drawdown's last step, so
 * the curve ends marked to market rather than at the last close.
 */
async function openPnl(db: Db, market: MarketSource, session: Session): Promise<Map<string, Decimal>> {
  const open = await db
    .select()
    .from(contractPositions)
    .where(and(ownedBy(contractPositions, session), eq(contractPositions.status, 'open')));
  let usdt = new Decimal(0);
  for (const p of open) {
    const mark = market.mark(p.symbol)?.mark;
    if (mark) usdt = usdt.plus(unrealizedPnl(p.side, p.qty, p.entryPrice, mark));
  }
  return new Map(open.length ? [['USDT', usdt]] : []);
}

function grouped<K extends string>(trades: readonly ClosedTrade[], keyOf: (t: ClosedTrade) => K) {
  const groups = new Map<K, ClosedTrade[]>();
  for (const t of trades) groups.set(keyOf(t), [...(groups.get(keyOf(t)) ?? []), t]);
  return [...groups.entries()].sort(([a], [b]) => a.localeCompare(b));
}

/** The report: per currency, product and symbol; the P&L calendar; the behaviour flags. */
export async function reportSummary(
  db: Db,
  market: MarketSource,
  session: Session,
  q: Range & { period: CalendarPeriod },
): Promise<ReportSummary> {
  const trades = (await closedTrades(db, session)).filter((t) => inRange(t, q));
  const open = await openPnl(db, market, session);
  const currencies = [...new Set([...trades.map((t) => t.currency), ...open.keys()])].sort();
  return {
    overall: currencies.map((currency) => ({
      currency,
      stats: statsToWire(
        tradeStats(
          trades.filter((t) => t.currency === currency),
          open.get(currency) ?? 0,
        ),
      ),
    })),
    byProduct: grouped(trades, (t) => t.product).map(([product, list]) => ({
      product,
      currency: list[0]?.currency ?? '',
      stats: statsToWire(tradeStats(list)),
    })),
    bySymbol: grouped(trades, (t) => `${t.symbol} ${t.currency}`).map(([, list]) => ({
      symbol: list[0]?.symbol ?? '',
      currency: list[0]?.currency ?? '',
      stats: statsToWire(tradeStats(list)),
    })),
    calendar: pnlCalendar(trades, q.period).map((c) => ({ ...c, pnl: fig(c.pnl) })),
    flags: behaviourFlags(trades),
  };
}
