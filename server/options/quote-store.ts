import { randomBytes } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { Greeks } from '../../domain/options/model';
import type { OptionKind, OptionQuote } from '../../domain/protocol/options';
import type { Session } from '../auth/session';
import type { Db } from '../db/client';
import { optionQuotes } from '../db/schema/options';
import { canonical } from '../ledger/decimal';
import { ownedBy } from '../db/owned';

export type QuoteRow = typeof optionQuotes.$inferSelect;

/** 144 random bits: a quote id cannot be guessed, so it names nothing to anyone else. */
export function newQuoteId(): string {
  return randomBytes(18).toString('base64url');
}

/** A user's quotes this long past their life are pruned when they ask for a new one. */
const KEEP_MS = 10 * 60_000;

/** Stores a quote, pruning the caller's own long-dead ones (used or not: the position keeps the figures). */
export async function insertQuote(db: Db, row: typeof optionQuotes.$inferInsert): Promise<QuoteRow> {
  await db
    .delete(optionQuotes)
    .where(and(eq(optionQuotes.userId, row.userId), lt(optionQuotes.validUntil, row.createdAt - KEEP_MS)));
  const [stored] = await db.insert(optionQuotes).values(row).returning();
  if (!stored) throw new Error('option quote insert returned nothing');
  return stored;
}

/**
 * The caller's own quote of this account type, locked for the rest of the transaction, so two
 * confirmations of one quote take turns and the second finds it used; another user's, the other
 * account type's or an unknown id all read as none.
 */
export async function lockOwnQuote(tx: Db, session: Session, id: string): Promise<QuoteRow | null> {
  const rows = await tx
    .select()
    .from(optionQuotes)
    .where(and(eq(optionQuotes.id, id), ownedBy(optionQuotes, session)))
    .for('update');
  return rows[0] ?? null;
}

export async function markUsed(tx: Db, id: string, at: number): Promise<void> {
  await tx.update(optionQuotes).set({ usedAt: at }).where(eq(optionQuotes.id, id));
}

/** A Greek to 6 decimals, as a plain decimal string (never "-0"). */
function greekText(value: number): string {
  const rounded = Number(value.toFixed(6));
  return rounded === 0 ? '0' : String(rounded);
}

export function quoteOnWire(row: QuoteRow, greeks: Greeks): OptionQuote {
  return {
    quoteId: row.id,
    side: row.side === 'close' ? 'close' : 'buy',
    id: row.positionId === null ? null : String(row.positionId),
    symbol: row.symbol,
    kind: row.kind as OptionKind,
    strike: canonical(row.strike),
    expiresAt: row.expiresAt,
    contracts: canonical(row.contracts),
    multiplier: row.multiplier,
    spot: canonical(row.spot),
    premium: canonical(row.premium),
    premiumTotal: canonical(row.premiumTotal),
    fee: canonical(row.fee),
    total: canonical(row.total),
    validUntil: row.validUntil,
    greeks: {
      delta: greekText(greeks.delta),
      gamma: greekText(greeks.gamma),
      vega: greekText(greeks.vega),
      theta: greekText(greeks.theta),
      rho: greekText(greeks.rho),
    },
  };
}
