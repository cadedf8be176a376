import { and, eq, gte } from 'drizzle-orm';
import { exchangeDayTrades, mergeDayTrades, type ExchangeLeg } from '../../domain/portfolio/exchange-trades';
import type { DayCash, DayTrade } from '../../domain/protocol/account';
import type { Session } from '../auth/session';
import type { Db } from '../db/client';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../db/schema/ledger';
import { LedgerDecimal } from '../ledger/decimal';
import type { MarketSource } from '../market/source';
import type { DayMoves, LedgerDay } from './day-cash';
import { dayWindows } from './day-trades';
import { ownLinesAfterReset } from './own-lines';

/**
 * The account's conversions' coin-wallet legs since the coin reference (24 h ago, placed on the
 * database's clock as `dayMoves` does; after a demo reset inside it only), from the ledger: what
 * domain/portfolio/exchange-trades turns into the day's trades.
 */
export async function dayExchangeLegs(
  db: Db,
  market: MarketSource,
  session: Session,
  now: number,
  { dbNow, reset }: LedgerDay,
): Promise<ExchangeLeg[]> {
  const since = new Date(dbNow - Math.max(0, now - dayWindows(market, now).coin));
  const query = db
    .select({
      transaction: ledgerEntries.transactionId,
      currency: ledgerAccounts.currency,
      amount: ledgerEntries.amount,
    })
    .from(ledgerEntries)
    .$dynamic();
  const rows = await ownLinesAfterReset(
    query,
    session,
    reset,
    and(
      eq(ledgerAccounts.wallet, 'coin'),
      eq(ledgerTransactions.reason, 'exchange'),
      gte(ledgerTransactions.createdAt, since),
    ),
  );
  return rows.map((r) => ({
    transaction: String(r.transaction),
    currency: r.currency,
    amount: String(r.amount),
  }));
}

/**
 * The day's fills and cash moves with the conversions since the coin reference counted as
 * trades: each coin's leg joins its `today` line, and the USDT they took or gave leaves the coin
 * cash's flows (it is the trades' cash now, as a fill's is).
 */
export function withConversions(
  today: readonly DayTrade[],
  moves: DayMoves,
  legs: readonly ExchangeLeg[],
): { today: DayTrade[]; todayCash: DayCash[] } {
  const { trades, usdtTraded } = exchangeDayTrades(legs);
  const todayCash = moves.todayCash.map((cash) =>
    cash.wallet === 'coin' && usdtTraded !== '0'
      ? { ...cash, flows: new LedgerDecimal(cash.flows).minus(usdtTraded).toFixed() }
      : cash,
  );
  return { today: mergeDayTrades(today, trades), todayCash };
}
