import Decimal from 'decimal.js';
import { and, inArray, ne } from 'drizzle-orm';
import { contractTrade, optionTrade } from '../../domain/journal/positions';
import { roundTrips, type SpotFillIn } from '../../domain/journal/round-trips';
import type { ClosedTrade, JournalSourceName } from '../../domain/journal/trade';
import { COIN_QUOTE } from '../../domain/rules/tradable';
import type { Session } from '../auth/session';
import type { Db } from '../db/client';
import { optionPositions } from '../db/schema/options';
import { contractCloses, contractPositions, spotFills } from '../db/schema/trading';
import { replayTrades } from '../replay/journal-source';
import { ownedBy } from '../db/owned';

/**
 * Where the journal's closed trades come from: each source reads its own rows for the session's
 * account and derives its trades with the pure functions of domain/journal. Replays are a source
 * of their own (server/replay/journal-source.ts: each replay's fills matched on their own, its
 * paper account being its own), listed in JOURNAL_SOURCE_LIST.
 */
export type JournalSource = {
  name: JournalSourceName;
  trades(db: Db, session: Session): Promise<ClosedTrade[]>;
};

/** A source of spot fills (stock or coin), matched first in, first out into trades. */
export function spotFillSource(
  name: JournalSourceName,
  fills: (db: Db, session: Session) => Promise<SpotFillIn[]>,
): JournalSource {
  return { name, trades: async (db, session) => roundTrips(await fills(db, session), name) };
}

/** The account's live spot fills, their costs summed (commission, BSMV, exchange fee; a coin's fee). */
export async function liveSpotFills(db: Db, session: Session): Promise<SpotFillIn[]> {
  const rows = await db.select().from(spotFills).where(ownedBy(spotFills, session));
  return rows.map((f) => ({
    id: String(f.id),
    orderId: String(f.orderId),
    product: f.wallet === 'stock' ? 'stock' : 'coin',
    symbol: f.symbol,
    currency: f.wallet === 'stock' ? 'TRY' : COIN_QUOTE,
    side: f.side,
    price: f.price,
    qty: f.qty,
    costs: new Decimal(f.commission).plus(f.bsmv).plus(f.exchangeFee),
    t: f.t,
  }));
}

/** Closed and liquidated contract positions, each with its closes. */
async function liveContracts(db: Db, session: Session): Promise<ClosedTrade[]> {
  const rows = await db
    .select()
    .from(contractPositions)
    .where(and(ownedBy(contractPositions, session), ne(contractPositions.status, 'open')));
  if (rows.length === 0) return [];
  const closes = await db
    .select()
    .from(contractCloses)
    .where(
      inArray(
        contractCloses.positionId,
        rows.map((r) => r.id),
      ),
    );
  return rows.map((p) =>
    contractTrade(
      {
        id: String(p.id),
        symbol: p.symbol,
        side: p.side,
        leverage: p.leverage,
        entryPrice: p.entryPrice,
        openFee: p.openFee,
        closeFee: p.closeFee ?? '0',
        funding: p.funding,
        realizedPnl: p.realizedPnl ?? '0',
        openedAt: p.openedAt,
        closedAt: p.closedAt ?? p.openedAt,
        closes: closes.filter((c) => c.positionId === p.id),
        qty: p.qty,
        closePrice: p.closePrice ?? p.entryPrice,
      },
      'live',
    ),
  );
}

/** Option positions closed early or settled at expiry. */
async function liveOptions(db: Db, session: Session): Promise<ClosedTrade[]> {
  const rows = await db
    .select()
    .from(optionPositions)
    .where(and(ownedBy(optionPositions, session), ne(optionPositions.status, 'open')));
  return rows.map((p) =>
    optionTrade(
      {
        id: String(p.id),
        symbol: p.symbol,
        contracts: p.contracts,
        multiplier: p.multiplier,
        premium: p.premium,
        premiumTotal: p.premiumTotal,
        fee: p.fee,
        closePremium: p.closePremium,
        payoff: p.payoff,
        closeFee: p.closeFee,
        openedAt: p.openedAt,
        closedAt: p.closedAt ?? p.expiresAt,
      },
      'live',
    ),
  );
}

/** Every source the journal reads; a replay's fills join here. */
export const JOURNAL_SOURCE_LIST: readonly JournalSource[] = [
  spotFillSource('live', liveSpotFills),
  { name: 'live', trades: liveContracts },
  { name: 'live', trades: liveOptions },
  { name: 'replay', trades: (db, session) => replayTrades(db, session.userId) },
];

/** All of the account's closed trades, oldest close first. */
export async function closedTrades(db: Db, session: Session): Promise<ClosedTrade[]> {
  const lists = await Promise.all(JOURNAL_SOURCE_LIST.map((s) => s.trades(db, session)));
  return lists.flat().sort((a, b) => a.closedAt - b.closedAt || a.id.localeCompare(b.id));
}
