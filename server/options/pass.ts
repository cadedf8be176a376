import { and, asc, eq, gt, lte, or } from 'drizzle-orm';
import Decimal from 'decimal.js';
import { payoffAtExpiry } from '../../domain/options/money';
import type { AccountType } from '../../domain/protocol/account';
import type { OptionKind } from '../../domain/protocol/options';
import type { Db } from '../db/client';
import { optionPositions } from '../db/schema/options';
import type { MarketSource } from '../market/source';
import { announceBalances } from '../primary/ipo/notify';
import { tellSettled } from './notify';
import { postCredit } from './postings';
import { settlementPrice, type SettlementPrice } from './settlement-price';
import type { PositionRow } from './wire';

/** How often the settlement clock looks (an owned job, server/jobs.ts). */
export const OPTION_PASS_MS = 5_000;
/** Positions settled in one pass at most; the next pass takes the rest. */
const BATCH = 200;

/**
 * Settles every open position whose expiry has come: the payoff at the price the source printed
 * at expiry (settlement-price.ts) is credited out of the option book, the row says expired, and
 * the user gets a message and a balances event. Each position settles in its own transaction,
 * after locking it and seeing it still open, so a pass racing an early close (or another pass)
 * credits once. Answers how many were settled.
 */
export async function runOptionPass(db: Db, market: MarketSource, now: number): Promise<number> {
  const prices = new Map<string, SettlementPrice | null>();
  let settled = 0;
  // Every due position, a batch at a time in expiry order: one left open for want of a price
  // stays due, and reading only the first batch again and again, 200 of those blocked every
  // later expiry for good.
  for (let after: { expiresAt: number; id: bigint } | null = null; ;) {
    const due: PositionRow[] = await db
      .select()
      .from(optionPositions)
      .where(
        and(
          eq(optionPositions.status, 'open'),
          lte(optionPositions.expiresAt, now),
          after === null
            ? undefined
            : or(
                gt(optionPositions.expiresAt, after.expiresAt),
                and(eq(optionPositions.expiresAt, after.expiresAt), gt(optionPositions.id, after.id)),
              ),
        ),
      )
      .orderBy(asc(optionPositions.expiresAt), asc(optionPositions.id))
      .limit(BATCH);
    for (const row of due) {
      const key = `${row.symbol}|${row.expiresAt}`;
      if (!prices.has(key)) prices.set(key, settlementPrice(market, row.symbol, row.expiresAt));
      const price = prices.get(key);
      // No price from the source at all: left open for a later pass rather than settled at a guess.
      if (!price) continue;
      const done = await settle(db, row, price.price);
      if (!done) continue;
      settled++;
      await tellSettled(db, done);
      await announceBalances(db, done.userId, done.accountType as AccountType, now);
    }
    const last = due.at(-1);
    if (due.length < BATCH || !last) return settled;
    after = { expiresAt: last.expiresAt, id: last.id };
  }
}

async function settle(db: Db, row: PositionRow, price: string): Promise<PositionRow | null> {
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select()
      .from(optionPositions)
      .where(eq(optionPositions.id, row.id))
      .for('update');
    if (!locked || locked.status !== 'open') return null;
    const payoff = payoffAtExpiry(
      locked.kind as OptionKind,
      price,
      locked.strike,
      locked.multiplier,
      locked.contracts,
    );
    const posted = await postCredit(
      tx,
      { userId: locked.userId, accountType: locked.accountType as AccountType },
      {
        positionId: locked.id,
        reason: 'settle',
        gross: payoff,
        fee: new Decimal(0),
        memo: `${locked.symbol} ${locked.kind} ${new Decimal(locked.strike).toFixed()} @ ${price}`,
      },
    );
    const [done] = await tx
      .update(optionPositions)
      .set({
        status: 'expired',
        closePrice: price,
        payoff: payoff.toFixed(),
        closeFee: '0',
        closeTxId: posted?.id ?? null,
        closedAt: locked.expiresAt,
      })
      .where(eq(optionPositions.id, locked.id))
      .returning();
    return done ?? null;
  });
}
