import Decimal from 'decimal.js';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { AccountType } from '../../domain/protocol/account';
import type { Db } from '../db/client';
import { ledgerAccounts } from '../db/schema/ledger';
import { spotPositions, stockLocks } from '../db/schema/trading';
import { nextTradingDayOpen } from '../trading/spot/session';
import { ownedBy } from '../db/owned';

/**
 * Shares the primary market delivers (IPO listing, offline allotments, block trades) become an
 * ordinary stock holding: the position's average cost takes in what was paid for them, and a
 * stock_locks row keeps them unsellable until `unlockAt` — the same lock the spot engine writes
 * for T+1 fills and checks on every sell (server/trading/spot/place.ts `lockedQty`), so a
 * lock-up of thirty days and T+1 are one mechanism. Call it inside the transaction that posted
 * the shares to the user's stock account (the ledger already counts them).
 */
export type DeliveredShares = {
  userId: bigint;
  accountType: AccountType;
  symbol: string;
  /** Shares just credited. */
  shares: Decimal;
  /** What they cost in all (TRY), costs included. */
  cost: string;
  unlockAt: number;
  now: number;
};

export async function bookHolding(tx: Db, delivered: DeliveredShares): Promise<void> {
  const { userId, accountType, symbol, shares } = delivered;
  const [position] = await tx
    .select()
    .from(spotPositions)
    .where(
      and(
        ownedBy(spotPositions, { userId, accountType }),
        eq(spotPositions.wallet, 'stock'),
        eq(spotPositions.symbol, symbol),
      ),
    );
  const heldBefore = Decimal.max(
    new Decimal(await heldShares(tx, userId, accountType, symbol)).minus(shares),
    0,
  );
  const before = position ? new Decimal(position.avgCost).times(heldBefore) : new Decimal(0);
  const avgCost = before.plus(delivered.cost).dividedBy(heldBefore.plus(shares)).toDecimalPlaces(18);
  await tx
    .insert(spotPositions)
    .values({
      userId,
      accountType,
      wallet: 'stock',
      symbol,
      avgCost: avgCost.toFixed(),
      updatedAt: delivered.now,
    })
    .onConflictDoUpdate({
      target: [spotPositions.userId, spotPositions.accountType, spotPositions.wallet, spotPositions.symbol],
      set: { avgCost: avgCost.toFixed(), updatedAt: delivered.now },
    });
  await tx.insert(stockLocks).values({
    userId,
    accountType,
    symbol,
    fillId: null,
    qty: shares.toFixed(),
    unlockAt: delivered.unlockAt,
  });
}

async function heldShares(tx: Db, userId: bigint, accountType: AccountType, symbol: string): Promise<string> {
  const [row] = await tx
    .select({ q: sql<string>`coalesce(sum(${ledgerAccounts.balance}), 0)::text` })
    .from(ledgerAccounts)
    .where(
      and(
        ownedBy(ledgerAccounts, { userId, accountType }),
        eq(ledgerAccounts.wallet, 'stock'),
        eq(ledgerAccounts.currency, symbol),
      ),
    );
  return row?.q ?? '0';
}

/**
 * When shares delivered by the primary market become sellable: the first session after their
 * listing (DECISIONS §5: T+1), or after now for a listing already past.
 */
export function unlockAfterListing(listingAt: number, now: number): number {
  return nextTradingDayOpen(Math.max(now, listingAt));
}

/**
 * Shares delivered before their listing are locked until the first session after the planned
 * date; when the listing comes (an operator may bring it forward), their lock is brought to the
 * first session after the actual one. Only primary-market locks of exactly these shares (no
 * fill) that end later move; a later lock is never shortened past `unlockAt`.
 */
export async function relockListed(
  tx: Db,
  owner: { userId: bigint; accountType: AccountType; symbol: string; shares: Decimal },
  listingAt: number,
  now: number,
): Promise<void> {
  const unlockAt = unlockAfterListing(listingAt, now);
  await tx
    .update(stockLocks)
    .set({ unlockAt })
    .where(
      and(
        ownedBy(stockLocks, owner),
        eq(stockLocks.symbol, owner.symbol),
        isNull(stockLocks.fillId),
        eq(stockLocks.qty, owner.shares.toFixed()),
        gt(stockLocks.unlockAt, unlockAt),
      ),
    );
}
