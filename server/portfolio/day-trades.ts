import { and, eq, gt, gte, lte, or, sql } from 'drizzle-orm';
import { ISTANBUL_OFFSET_MS } from '../../domain/market/instrument';
import type { DayTrade } from '../../domain/protocol/account';
import type { Session } from '../auth/session';
import type { Db } from '../db/client';
import { ledgerTransactions } from '../db/schema/ledger';
import { spotFills } from '../db/schema/trading';
import { LedgerDecimal } from '../ledger/decimal';
import { createCalendar, istanbulDay } from '../market/calendar';
import type { MarketSource } from '../market/source';
import { DAY_MS } from '../../domain/time';
import { ownedBy } from '../db/owned';

/** The exchange calendar itself, as the spot engine's sessions use it (server/trading/spot/session). */
const calendar = createCalendar({ alwaysOpen: false });

/** How far back a coin ticker's `prev` is (the rolling 24 h window). */
const COIN_WINDOW_MS = DAY_MS;

/** Istanbul midnight of a calendar day. */
const midnightOf = (day: number) => day * DAY_MS - ISTANBUL_OFFSET_MS;

/**
 * Where each market's day reference is, so the fills after it are the ones the day's P&L must
 * not value at the reference price. BIST: a stock's `prev` is the close before the session day
 * its figures belong to, and the source starts that day at its first trading tick
 * (server/market/simulator/day-stats roll): under an always-open market, today's Istanbul
 * midnight; otherwise the last day whose session has opened by now (a weekend or the morning
 * before the open still shows the last session's figures). Coins: 24 h ago.
 */
export function dayWindows(market: MarketSource, now: number): { stock: number; coin: number } {
  const today = istanbulDay(now);
  let stock = midnightOf(today);
  if (market.status('BIST').state !== 'always_open') {
    for (let day = today; day > today - 60; day--) {
      const session = calendar.session(day);
      if (session && session.open <= now) {
        stock = midnightOf(day);
        break;
      }
    }
  }
  return { stock, coin: now - COIN_WINDOW_MS };
}

/**
 * The ledger transaction of the user's latest demo reset (0: none). A reset puts every demo
 * balance back to its start, like a withdrawal and a deposit, so the fills before it explain
 * nothing the balances hold now. Transaction ids come from one sequence and the reset is posted
 * after the spot engine has ended the user's demo orders (routes/assets.ts), so every earlier
 * fill's transaction has a smaller id.
 */
export const lastDemoReset = (session: Session) =>
  sql`coalesce((select max(${ledgerTransactions.id}) from ${ledgerTransactions}
    where ${ledgerTransactions.reason} = 'demo_reset' and ${ledgerTransactions.referenceType} = 'user'
    and ${ledgerTransactions.referenceId} = ${String(session.userId)}), 0)`;

/**
 * The account's spot fills since each market's day reference, per traded asset (/user/assets
 * `today`): net quantity bought (buys − sells) and net cash paid in the wallet's cash currency,
 * the fills' costs included, i.e. exactly what the fills' ledger postings moved (booking.ts: a
 * buy takes amount + costs from the cash, a sell gives amount − costs). Assets whose quantity and
 * cash both net to zero are left out. Fills after `now` (the trading clock) are not counted, nor a
 * demo account's fills from before its latest reset.
 */
export async function dayTrades(
  db: Db,
  market: MarketSource,
  session: Session,
  now: number,
): Promise<DayTrade[]> {
  const from = dayWindows(market, now);
  // Summed in the database (NUMERIC, exact): an active account's day can hold many fills.
  const buy = sql`${spotFills.side} = 'buy'`;
  const costs = sql`${spotFills.commission} + ${spotFills.bsmv} + ${spotFills.exchangeFee}`;
  const rows = await db
    .select({
      wallet: spotFills.wallet,
      symbol: spotFills.symbol,
      qty: sql<string>`sum(case when ${buy} then ${spotFills.qty} else -${spotFills.qty} end)`,
      cost: sql<string>`sum(case when ${buy} then ${spotFills.amount} else -${spotFills.amount} end + ${costs})`,
    })
    .from(spotFills)
    .where(
      and(
        ownedBy(spotFills, session),
        lte(spotFills.t, now),
        session.accountType === 'demo' ? gt(spotFills.ledgerTxId, lastDemoReset(session)) : undefined,
        or(
          and(eq(spotFills.wallet, 'stock'), gte(spotFills.t, from.stock)),
          and(eq(spotFills.wallet, 'coin'), gte(spotFills.t, from.coin)),
        ),
      ),
    )
    .groupBy(spotFills.wallet, spotFills.symbol);
  const sums = new Map<
    string,
    { trade: Omit<DayTrade, 'qty' | 'cost'>; qty: LedgerDecimal; cost: LedgerDecimal }
  >();
  for (const r of rows) {
    // The ledger's currency of the asset: a share's symbol, a coin pair's base (booking.ts currenciesOf).
    const currency = r.wallet === 'stock' ? r.symbol : (market.instrument(r.symbol)?.base ?? r.symbol);
    const key = `${r.wallet}/${currency}`;
    const sum = sums.get(key) ?? {
      trade: { wallet: r.wallet, currency },
      qty: new LedgerDecimal(0),
      cost: new LedgerDecimal(0),
    };
    sum.qty = sum.qty.plus(r.qty);
    sum.cost = sum.cost.plus(r.cost);
    sums.set(key, sum);
  }
  return [...sums.values()]
    .filter((s) => !s.qty.isZero() || !s.cost.isZero())
    .map((s) => ({ ...s.trade, qty: s.qty.toFixed(), cost: s.cost.toFixed() }))
    .sort((a, b) =>
      a.wallet === b.wallet ? (a.currency < b.currency ? -1 : 1) : a.wallet === 'stock' ? -1 : 1,
    );
}
