import { and, eq, gte, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { pnlAtReference } from '../../domain/portfolio/open-pnl-ref';
import { WALLET_CASH, WALLETS, type DayCash, type Wallet } from '../../domain/protocol/account';
import type { Session } from '../auth/session';
import type { Db } from '../db/client';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../db/schema/ledger';
import { contractCloses, contractPositions } from '../db/schema/trading';
import { LedgerDecimal } from '../ledger/decimal';
import type { MarketSource } from '../market/source';
import { dayWindows } from './day-trades';
import { ownedBy } from '../db/owned';
import { ownLinesAfterReset } from './own-lines';

export type DayMoves = { todayCash: DayCash[]; openPnlRef: string | null };

type Reset = { id: bigint; at: Date };

/**
 * What places an answer's day windows on the ledger: the database's clock and the account's
 * latest demo reset. Read once per answer and handed to each read that needs them.
 */
export type LedgerDay = { dbNow: number; reset: Reset | null };

export async function ledgerDay(db: Db, session: Session): Promise<LedgerDay> {
  return { dbNow: await databaseNow(db), reset: await latestReset(db, session) };
}

/** The latest demo reset of the user: its transaction and when the database stamped it. */
async function latestReset(db: Db, session: Session): Promise<Reset | null> {
  if (session.accountType !== 'demo') return null;
  const [row] = await db
    .select({ id: ledgerTransactions.id, at: ledgerTransactions.createdAt })
    .from(ledgerTransactions)
    .where(
      and(
        eq(ledgerTransactions.reason, 'demo_reset'),
        eq(ledgerTransactions.referenceType, 'user'),
        eq(ledgerTransactions.referenceId, String(session.userId)),
      ),
    )
    .orderBy(sql`${ledgerTransactions.id} desc`)
    .limit(1);
  return row ?? null;
}

const cashAccount = (wallet: Wallet) =>
  and(eq(ledgerAccounts.wallet, wallet), eq(ledgerAccounts.currency, WALLET_CASH[wallet]));

/**
 * The database's clock, in ms: the ledger's `created_at` is stamped by it, so a window "since the
 * reference" is placed on it (`dbNow − (now − reference)`), whatever the engines' clock says
 * (a virtual one in tests).
 */
async function databaseNow(db: Db): Promise<number> {
  const clock = await db.execute<{ ms: string }>(
    sql`select floor(extract(epoch from now()) * 1000)::bigint::text as ms`,
  );
  return Number((clock as unknown as { rows: { ms: string }[] }).rows[0]?.ms);
}

/**
 * What moved each cash balance of the account since its market's day reference other than spot
 * fills (/user/assets `todayCash`), from the ledger, so the day P&L neither loses the contract
 * wallet's P&L (it moves cash, whose reference used to be "cash now") nor invents an FX move on
 * USDT that arrived after the reference (domain/portfolio/value):
 * - `pnl`: the wallet's own P&L postings. Only the contract wallet has any: every posting of a
 *   contract position (opening and closing fees, realised P&L of closes and liquidations, funding;
 *   adding margin nets to zero on available + frozen). Spot fills are `today`'s.
 * - `flows`: everything else that moved the cash (deposits, withdrawals, operator and demo
 *   funding, resets, transfers between wallets, exchange legs, products bought or paid out).
 * The windows are the ones `today` uses (dayWindows). The ledger is stamped by the database's
 * clock and the windows are on the trading clock (the same in production, virtual in tests), so
 * a window is applied as its length back from the database's now.
 *
 * A demo reset inside the window starts the account anew: nothing before it counts, and what the
 * balance held just after it is a flow (it arrived then). Spot orders' postings (freezes and
 * releases net to zero; fills are `today`'s) are never counted.
 */
export async function dayMoves(
  db: Db,
  market: MarketSource,
  session: Session,
  now: number,
  { dbNow, reset }: LedgerDay,
): Promise<DayMoves> {
  const from = dayWindows(market, now);
  const refMs: Record<Wallet, number> = { stock: from.stock, coin: from.coin, contract: from.coin };
  const sums = new Map<Wallet, { pnl: LedgerDecimal; flows: LedgerDecimal }>(
    WALLETS.map((w) => [w, { pnl: new LedgerDecimal(0), flows: new LedgerDecimal(0) }]),
  );
  // Each window's start on the database's clock, the one the ledger is stamped by.
  const since = (wallet: Wallet) => new Date(dbNow - Math.max(0, now - refMs[wallet]));
  const resetIn = WALLETS.filter((wallet) => reset !== null && reset.at >= since(wallet));
  const query = db
    .select({
      wallet: ledgerAccounts.wallet,
      contract: sql<
        string | null
      >`sum(${ledgerEntries.amount}) filter (where ${ledgerTransactions.referenceType} = 'contract_position')`,
      other: sql<
        string | null
      >`sum(${ledgerEntries.amount}) filter (where ${ledgerTransactions.referenceType} not in ('contract_position', 'spot_order'))`,
    })
    .from(ledgerEntries)
    .$dynamic();
  const rows = await ownLinesAfterReset(
    query,
    session,
    reset,
    or(...WALLETS.map((w) => and(cashAccount(w), gte(ledgerTransactions.createdAt, since(w))))),
  ).groupBy(ledgerAccounts.wallet);
  for (const row of rows) {
    const sum = sums.get(row.wallet as Wallet);
    if (!sum) continue;
    // Only the contract wallet's cash carries contract postings; elsewhere they would be flows.
    if (row.wallet === 'contract') sum.pnl = sum.pnl.plus(row.contract ?? 0);
    else sum.flows = sum.flows.plus(row.contract ?? 0);
    sum.flows = sum.flows.plus(row.other ?? 0);
  }
  if (reset && resetIn.length > 0) {
    // What each cash balance held just after the reset: everything up to it.
    const rows = await db
      .select({ wallet: ledgerAccounts.wallet, balance: sql<string>`sum(${ledgerEntries.amount})` })
      .from(ledgerEntries)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
      .where(
        and(
          ownedBy(ledgerAccounts, session),
          or(...resetIn.map(cashAccount)),
          lte(ledgerEntries.transactionId, reset.id),
        ),
      )
      .groupBy(ledgerAccounts.wallet);
    for (const row of rows) {
      const sum = sums.get(row.wallet as Wallet);
      if (sum) sum.flows = sum.flows.plus(row.balance);
    }
  }
  const todayCash = WALLETS.map((wallet) => {
    const sum = sums.get(wallet) ?? { pnl: new LedgerDecimal(0), flows: new LedgerDecimal(0) };
    return { wallet, currency: WALLET_CASH[wallet], pnl: sum.pnl.toFixed(), flows: sum.flows.toFixed() };
  });
  // A reset closes every position first: after one inside the window, none was open at the reference.
  const openPnlRef = resetIn.includes('contract') ? '0' : await contractPnlAt(db, market, session, from.coin);
  return { todayCash, openPnlRef };
}

/**
 * The open P&L, USDT, at the coin reference (24 h ago) of the positions open then, closed since
 * or not, at the price the ticker's 24 h change is measured from (its `prev`, the price the
 * client values coins at for that moment) on the quantity each held then: what is open now plus
 * what closed since (contract_closes), so a part closed since counts only its move since the
 * reference (domain/portfolio/open-pnl-ref.ts). A position closed before the closes were
 * recorded counts its last close's quantity, all its row remembers. A position opened since
 * counts 0. Null while a needed ticker is missing.
 */
async function contractPnlAt(
  db: Db,
  market: MarketSource,
  session: Session,
  ref: number,
): Promise<string | null> {
  const rows = await db
    .select({
      id: contractPositions.id,
      symbol: contractPositions.symbol,
      side: contractPositions.side,
      status: contractPositions.status,
      qty: contractPositions.qty,
      entry: contractPositions.entryPrice,
    })
    .from(contractPositions)
    .where(
      and(
        ownedBy(contractPositions, session),
        lt(contractPositions.openedAt, ref),
        or(isNull(contractPositions.closedAt), gte(contractPositions.closedAt, ref)),
      ),
    );
  if (rows.length === 0) return '0';
  const closes = await db
    .select({ id: contractCloses.positionId, qty: sql<string>`sum(${contractCloses.qty})` })
    .from(contractCloses)
    .where(
      and(
        inArray(
          contractCloses.positionId,
          rows.map((p) => p.id),
        ),
        gte(contractCloses.at, ref),
      ),
    )
    .groupBy(contractCloses.positionId);
  const closedSince = new Map(closes.map((c) => [c.id, c.qty]));
  let sum = new LedgerDecimal(0);
  for (const p of rows) {
    const prev = market.ticker(p.symbol)?.prev;
    if (prev === undefined || prev === '') return null;
    const open = p.status === 'open';
    const position = {
      side: p.side,
      entryPrice: p.entry,
      qtyOpen: open ? p.qty : '0',
      qtyClosedSince: closedSince.get(p.id) ?? (open ? '0' : p.qty),
    };
    sum = sum.plus(pnlAtReference(position, prev).toFixed());
  }
  return sum.toFixed();
}
