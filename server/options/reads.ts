import { and, eq, sql, type SQL } from 'drizzle-orm';
import Decimal from 'decimal.js';
import type { OptionPosition, OptionStatistics, OptionStatus } from '../../domain/protocol/options';
import type { Session } from '../auth/session';
import type { Db } from '../db/client';
import { optionPositions } from '../db/schema/options';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../db/schema/ledger';
import { accountCode, systemAccount } from '../ledger/account-ref';
import type { MarketSource } from '../market/source';
import { OPTION_REASONS, OPTION_REFERENCE } from './postings';
import { positionOnWire } from './wire';
import { ownedBy } from '../db/owned';
import { newestPage } from '../db/newest-page';

const mine = (s: Session): SQL => ownedBy(optionPositions, s);

/** The active account's positions, newest first. */
export async function listPositions(
  db: Db,
  market: MarketSource,
  session: Session,
  input: { page: number; size: number; status?: OptionStatus | undefined },
): Promise<{ list: OptionPosition[]; total: number; page: number; size: number }> {
  const where = input.status ? and(mine(session), eq(optionPositions.status, input.status)) : mine(session);
  const { rows, total } = await newestPage(db, optionPositions, where, input);
  return {
    list: rows.map((row) => positionOnWire(row, market)),
    total,
    page: input.page,
    size: input.size,
  };
}

const OPTIONS_BOOK = accountCode(systemAccount('options', 'TRY'));
const FEES = accountCode(systemAccount('fees', 'TRY'));

/**
 * The options totals, summed from the ledger's lines that name the account's
 * positions (DECISIONS §2), not from the rows' copies: premiums are what reached the option book
 * on buys, fees what reached the fee account (on buys and early closes), payoffs what left the
 * option book on settlements and early closes (before the close fee, so P&L = payoffs − premiums
 * − fees is each position's credited − cost, summed). P&L counts finished positions only.
 */
export async function optionStatistics(db: Db, session: Session): Promise<OptionStatistics> {
  const finished = sql<boolean>`${optionPositions.status} <> 'open'`;
  const rows = await db
    .select({
      reason: ledgerTransactions.reason,
      code: ledgerAccounts.code,
      finished,
      sum: sql<string>`sum(${ledgerEntries.amount})::text`,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .innerJoin(
      optionPositions,
      and(
        eq(ledgerTransactions.referenceType, OPTION_REFERENCE),
        eq(ledgerTransactions.referenceId, sql`${optionPositions.id}::text`),
      ),
    )
    .where(mine(session))
    .groupBy(ledgerTransactions.reason, ledgerAccounts.code, finished);
  const zero = new Decimal(0);
  let premiumPaid = zero;
  let feesPaid = zero;
  let payoffReceived = zero;
  let pnl = zero;
  for (const row of rows) {
    const amount = new Decimal(row.sum);
    if (row.reason === OPTION_REASONS.buy && row.code === OPTIONS_BOOK) {
      premiumPaid = premiumPaid.plus(amount);
      if (row.finished) pnl = pnl.minus(amount);
    } else if (row.code === FEES) {
      feesPaid = feesPaid.plus(amount);
      if (row.finished) pnl = pnl.minus(amount);
    } else if (row.code === OPTIONS_BOOK) {
      // A payoff or an early close's gross leaving the option book (its fee is in feesPaid).
      payoffReceived = payoffReceived.minus(amount);
      pnl = pnl.minus(amount);
    }
  }
  const outcome = sql`${optionPositions.payoff} - ${optionPositions.premiumTotal} - ${optionPositions.fee}`;
  const [counts] = await db
    .select({
      wins: sql<number>`count(*) filter (where ${finished} and ${outcome} > 0)::int`,
      losses: sql<number>`count(*) filter (where ${finished} and ${outcome} <= 0)::int`,
      open: sql<number>`count(*) filter (where not ${finished})::int`,
    })
    .from(optionPositions)
    .where(mine(session));
  return {
    premiumPaid: premiumPaid.toFixed(),
    feesPaid: feesPaid.toFixed(),
    payoffReceived: payoffReceived.toFixed(),
    pnl: pnl.toFixed(),
    wins: counts?.wins ?? 0,
    losses: counts?.losses ?? 0,
    open: counts?.open ?? 0,
  };
}
