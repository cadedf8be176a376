import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { spreadOf, type ExchangeWallet } from '../../../domain/funding/exchange';
import type { ExchangeQuote } from '../../../domain/protocol/exchange';
import type { Session } from '../../auth/session';
import type { Db } from '../../db/client';
import { exchangeQuotes } from '../../db/schema/funding';
import { ledgerAccounts } from '../../db/schema/ledger';
import { accountCode, userAccount } from '../../ledger/account-ref';
import { canonical, LedgerDecimal } from '../../ledger/decimal';
import { ownedBy } from '../../db/owned';

export type QuoteRow = typeof exchangeQuotes.$inferSelect;

/** 144 random bits: a quote id cannot be guessed, so it names nothing to anyone else. */
export function newQuoteId(): string {
  return randomBytes(18).toString('base64url');
}

export async function insertQuote(db: Db, row: typeof exchangeQuotes.$inferInsert): Promise<QuoteRow> {
  const [stored] = await db.insert(exchangeQuotes).values(row).returning();
  if (!stored) throw new Error('exchange quote insert returned nothing');
  return stored;
}

/**
 * The caller's own quote of this account type, locked for the rest of the job; another user's,
 * the other account type's or an unknown id all read as none.
 */
export async function lockOwnQuote(tx: Db, session: Session, id: string): Promise<QuoteRow | null> {
  const rows = await tx
    .select()
    .from(exchangeQuotes)
    .where(and(eq(exchangeQuotes.id, id), ownedBy(exchangeQuotes, session)))
    .for('update');
  return rows[0] ?? null;
}

export async function markExecuted(tx: Db, id: string, at: number, transactionId: bigint): Promise<void> {
  await tx.update(exchangeQuotes).set({ executedAt: at, transactionId }).where(eq(exchangeQuotes.id, id));
}

/** A wallet currency's available balance straight from the ledger (0 when never touched). */
export async function available(
  db: Db,
  session: Session,
  wallet: ExchangeWallet,
  currency: string,
): Promise<LedgerDecimal> {
  const code = accountCode(userAccount(session.userId, session.accountType, wallet, currency));
  const rows = await db
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.code, code));
  return new LedgerDecimal(rows[0]?.balance ?? '0');
}

/** The wire form of a stored quote; the fee rate is the setting's (the fee itself is stored). */
export function quoteOnWire(row: QuoteRow, feeRate: string): ExchangeQuote {
  const rate = canonical(row.rate);
  const midRate = canonical(row.midRate);
  return {
    quoteId: row.id,
    from: row.fromCurrency,
    to: row.toCurrency,
    fromWallet: row.fromWallet === 'stock' ? 'stock' : 'coin',
    toWallet: row.toWallet === 'stock' ? 'stock' : 'coin',
    amount: canonical(row.amount),
    rate,
    midRate,
    spread: spreadOf(rate, midRate),
    fee: canonical(row.fee),
    feeRate,
    receive: canonical(row.receive),
    expiresAt: row.expiresAt,
  };
}
