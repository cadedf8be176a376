import Decimal from 'decimal.js';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { offlineApplications } from '../db/schema/bulk';
import { icoCommitments, icoOfferings } from '../db/schema/ico';
import { ipoApplications, ipoOfferings } from '../db/schema/primary';
import { accountCode, userAccount } from '../ledger/account-ref';
import { LedgerDecimal } from '../ledger/decimal';
import { COIN_HOLD, releaseRest, STOCK_HOLD } from './lifecycle/release-rest';
import { ownedBy } from '../db/owned';

/**
 * A demo reset first gives back what the user's demo subscriptions hold,
 * as spot orders cancel and robots end first. The reset zeroes frozen balances: a hold it took
 * away left the allocation (or the refund) that later charges or releases it short, and that
 * pass then failed on every run, for every user's offering behind it.
 *
 * An IPO application, coin sale commitment or offline application not yet allocated is withdrawn
 * (its hold released, its row removed: the pool is allotted without it); one allocated keeps what
 * it was charged and has the rest of its hold released now instead of on the refund date. Each
 * row is its own transaction under the offering's share lock, which the allocation takes for
 * update, so an allocation sees a row whole or not at all.
 */
export async function releaseDemoHolds(db: Db, userId: bigint, now: number): Promise<void> {
  const demo = (table: typeof ipoApplications | typeof icoCommitments | typeof offlineApplications) =>
    and(ownedBy(table, { userId, accountType: 'demo' }), isNotNull(table.holdTxId));
  const ipo = await db
    .select({ id: ipoApplications.id, ipoId: ipoApplications.ipoId })
    .from(ipoApplications)
    .where(and(demo(ipoApplications), isNull(ipoApplications.refundedAt)));
  for (const row of ipo) await releaseIpoApplication(db, row.ipoId, row.id, now);
  const ico = await db
    .select({ id: icoCommitments.id, icoId: icoCommitments.icoId })
    .from(icoCommitments)
    .where(and(demo(icoCommitments), isNull(icoCommitments.refundedAt)));
  for (const row of ico) await releaseIcoCommitment(db, row.icoId, row.id, now);
  // An offline application is refunded at its allocation: only one not yet allocated holds.
  const offline = await db
    .select({ id: offlineApplications.id, ipoId: offlineApplications.ipoId })
    .from(offlineApplications)
    .where(and(demo(offlineApplications), isNull(offlineApplications.allocatedAt)));
  for (const row of offline) await releaseOfflineApplication(db, row.ipoId, row.id);
}

function releaseIpoApplication(db: Db, ipoId: bigint, id: bigint, now: number): Promise<void> {
  return db.transaction(async (tx) => {
    const [offering] = await tx.select().from(ipoOfferings).where(eq(ipoOfferings.id, ipoId)).for('share');
    const [row] = await tx.select().from(ipoApplications).where(eq(ipoApplications.id, id)).for('update');
    if (!offering || !row || row.refundedAt !== null) return;
    const rest = new Decimal(row.held).minus(row.allocatedAt === null ? 0 : row.charged);
    const memo = `${offering.symbol} demo reset`;
    const released = await releaseRest(tx, STOCK_HOLD, row, 'ipo_application', rest, memo);
    if (row.allocatedAt === null) {
      await tx.delete(ipoApplications).where(eq(ipoApplications.id, id));
      return;
    }
    await tx
      .update(ipoApplications)
      .set({ ...released, refundedAt: now })
      .where(eq(ipoApplications.id, id));
  });
}

function releaseIcoCommitment(db: Db, icoId: bigint, id: bigint, now: number): Promise<void> {
  return db.transaction(async (tx) => {
    const [ico] = await tx.select().from(icoOfferings).where(eq(icoOfferings.id, icoId)).for('share');
    const [row] = await tx.select().from(icoCommitments).where(eq(icoCommitments.id, id)).for('update');
    if (!ico || !row || row.refundedAt !== null) return;
    const rest = new Decimal(row.amount).minus(row.allocatedAt === null ? 0 : row.spent);
    const released = await releaseRest(tx, COIN_HOLD, row, 'ico_commitment', rest, `${ico.token} demo reset`);
    if (row.allocatedAt === null) {
      await tx.delete(icoCommitments).where(eq(icoCommitments.id, id));
      return;
    }
    await tx
      .update(icoCommitments)
      .set({ ...released, refundedAt: now })
      .where(eq(icoCommitments.id, id));
  });
}

function releaseOfflineApplication(db: Db, ipoId: bigint, id: bigint): Promise<void> {
  return db.transaction(async (tx) => {
    const [offering] = await tx.select().from(ipoOfferings).where(eq(ipoOfferings.id, ipoId)).for('share');
    const [row] = await tx
      .select()
      .from(offlineApplications)
      .where(eq(offlineApplications.id, id))
      .for('update');
    if (!offering || !row || row.allocatedAt !== null) return;
    const memo = `${offering.symbol} demo reset`;
    await releaseRest(tx, STOCK_HOLD, row, 'offline_application', new Decimal(row.held), memo);
    await tx.delete(offlineApplications).where(eq(offlineApplications.id, id));
  });
}

/**
 * What the user's demo subscriptions still hold, by frozen account code: the reset keeps it
 * (server/ledger/demo.ts `resetDemo`). Read inside the reset's transaction, under its account
 * locks: a subscription that arrived after `releaseDemoHolds` looked is counted if its hold is
 * posted, and otherwise posts its hold on the reset balance once the locks are let go.
 */
export async function demoHoldsOutstanding(tx: Db, userId: bigint): Promise<Map<string, LedgerDecimal>> {
  let stock = new LedgerDecimal(0);
  for (const row of await tx
    .select()
    .from(ipoApplications)
    .where(
      and(
        ownedBy(ipoApplications, { userId, accountType: 'demo' }),
        isNotNull(ipoApplications.holdTxId),
        isNull(ipoApplications.refundedAt),
      ),
    ))
    stock = stock.plus(row.held).minus(row.allocatedAt === null ? 0 : row.charged);
  for (const row of await tx
    .select()
    .from(offlineApplications)
    .where(
      and(
        ownedBy(offlineApplications, { userId, accountType: 'demo' }),
        isNotNull(offlineApplications.holdTxId),
        isNull(offlineApplications.allocatedAt),
      ),
    ))
    stock = stock.plus(row.held);
  let coin = new LedgerDecimal(0);
  for (const row of await tx
    .select()
    .from(icoCommitments)
    .where(
      and(
        ownedBy(icoCommitments, { userId, accountType: 'demo' }),
        isNotNull(icoCommitments.holdTxId),
        isNull(icoCommitments.refundedAt),
      ),
    ))
    coin = coin.plus(row.amount).minus(row.allocatedAt === null ? 0 : row.spent);
  const held = new Map<string, LedgerDecimal>();
  if (stock.gt(0)) held.set(accountCode(userAccount(userId, 'demo', 'stock', 'TRY', 'frozen')), stock);
  if (coin.gt(0)) held.set(accountCode(userAccount(userId, 'demo', 'coin', 'USDT', 'frozen')), coin);
  return held;
}
