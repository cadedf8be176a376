import Decimal from 'decimal.js';
import { and, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Application } from '../../../domain/ipo/allocation';
import { allocationSettlement, type IpoPriceTerms } from '../../../domain/ipo/money';
import { proRataAllocation } from '../../../domain/ipo/pro-rata';
import type { AccountType } from '../../../domain/protocol/account';
import type { Db } from '../../db/client';
import { eachApart } from '../../periodic';
import { offlineApplications } from '../../db/schema/bulk';
import { ipoOfferings } from '../../db/schema/primary';
import { lockSystemFirst } from '../../ledger/account-rows';
import { excludeWriterBatches } from '../../ledger/pass-barrier';
import { releaseRest, STOCK_HOLD } from '../lifecycle/release-rest';
import { allotmentSystemAccounts, chargeAllotment, deliverAllotted, listAllotment } from '../allotment';
import { announceBalances } from '../ipo/notify';
import { allocationDueAt, priceTermsOf, type OfferingRow } from '../ipo/terms';
import { announceRecords, type RecordNews } from '../lifecycle/announce';
import { lockedStep } from '../lifecycle/locked-step';
import { lockOffering } from '../lifecycle/offering-lock';
import { dueSteps } from '../lifecycle/steps';
import { offlineApplicationOnWire } from './offline-reads';
import { trancheOf, type OfflineRow } from './offline-terms';

/**
 * One round of the offline clock at `now` (an owned job, server/jobs.ts; tests call it on a
 * virtual clock): at the IPO's allocation date each pool's tranche is allotted pro rata
 * (domain/ipo/offline), the allotted lots charged from the hold, the shares delivered (locked
 * until the first session after the listing: paid for, they are the user's) and the rest released
 * in the same transaction; the listing date is marked. The rows record
 * what was done, so a pass that stops half way is finished by the next and nothing runs twice.
 */
export type OfflinePassReport = { allocated: number; listed: number };

/** Allocates one pool (real or demo) of an IPO's tranche; the offering row lock makes it once. */
async function allocatePool(db: Db, offering: OfferingRow, accountType: AccountType, now: number) {
  return db.transaction(async (tx) => {
    await lockOffering(tx, ipoOfferings, offering.id);
    const rows = await tx
      .select()
      .from(offlineApplications)
      .where(
        and(
          eq(offlineApplications.ipoId, offering.id),
          eq(offlineApplications.accountType, accountType),
          isNull(offlineApplications.allocatedAt),
        ),
      );
    if (rows.length === 0) return [];
    // Charges and refunds post one applicant after another: no trading batch runs meanwhile
    // (pass-barrier.ts) and the system accounts they post to are taken first (docs/partitions.md,
    // "Lock order").
    await excludeWriterBatches(tx);
    await lockSystemFirst(tx, allotmentSystemAccounts(offering.symbol));
    const applications: Application[] = rows.map((r) => ({
      id: String(r.id),
      lots: BigInt(new Decimal(r.lots).toFixed(0)),
      appliedAt: r.appliedAt,
    }));
    const outcome = proRataAllocation(trancheOf(offering).lots, applications);
    if (!outcome.ok) throw new Error(`offline tranche of IPO ${offering.id} refused: ${outcome.error.key}`);
    const terms = priceTermsOf(offering);
    for (const allotment of outcome.allotments) {
      const row = rows.find((r) => String(r.id) === allotment.id);
      if (row) await settleAllotment(tx, offering, row, allotment, terms, now);
    }
    return rows;
  });
}

/**
 * One applicant's share of the tranche, in the pool's transaction: the allotted lots charged from
 * the hold, the shares delivered (locked until the first session after the listing) and the rest
 * of the hold released.
 */
async function settleAllotment(
  tx: Db,
  offering: OfferingRow,
  row: OfflineRow,
  allotment: { requested: bigint; allotted: bigint },
  terms: IpoPriceTerms,
  now: number,
): Promise<void> {
  const accountType = row.accountType;
  const settlement = allocationSettlement(terms, 'hold', allotment.requested, allotment.allotted);
  const reference = { referenceType: 'offline_application', referenceId: String(row.id) };
  const owner = { userId: row.userId, accountType, ...reference };
  const charged =
    allotment.allotted > 0n
      ? await chargeAllotment(tx, {
          ...owner,
          symbol: offering.symbol,
          lots: allotment.allotted,
          charge: settlement.charge,
        })
      : null;
  const delivered =
    allotment.allotted > 0n
      ? await deliverAllotted(tx, {
          ...owner,
          symbol: offering.symbol,
          shares: new Decimal(allotment.allotted.toString()).times(offering.lotSize),
          cost: settlement.charge.total,
          listingAt: offering.listingAt,
          now,
        })
      : null;
  const rest = new Decimal(settlement.refund);
  const memo = `${offering.symbol} offline refund`;
  const released = await releaseRest(tx, STOCK_HOLD, row, 'offline_application', rest, memo);
  await tx
    .update(offlineApplications)
    .set({
      allottedLots: allotment.allotted.toString(),
      charged: allotment.allotted > 0n ? settlement.charge.total : '0',
      refunded: released.refunded,
      allocatedAt: now,
      chargeTxId: charged?.id ?? null,
      refundTxId: released.refundTxId,
      listingTxId: delivered?.id ?? null,
    })
    .where(eq(offlineApplications.id, row.id));
}

const lockApplication = (id: bigint) => async (tx: Db) =>
  (await tx.select().from(offlineApplications).where(eq(offlineApplications.id, id)).for('update'))[0];

async function list(db: Db, offering: OfferingRow, id: bigint, now: number): Promise<boolean> {
  const done = await lockedStep<OfflineRow, never>(
    db,
    lockApplication(id),
    (fresh) => fresh.listedAt === null && fresh.allottedLots !== null,
    async (tx, fresh) => {
      // Delivered at allocation, the listing (perhaps brought forward) only dates the lock.
      const listed = await listAllotment(tx, 'offline_application', fresh, offering, now);
      await tx.update(offlineApplications).set(listed).where(eq(offlineApplications.id, fresh.id));
      return null;
    },
  );
  return done !== null;
}

/** The allocated applications' open screens: each row as it now is, status as its list spells it. */
function offlineRecords(offering: OfferingRow, now: number): RecordNews<OfflineRow> {
  return {
    area: 'bulk',
    read: (db, ids) => db.select().from(offlineApplications).where(inArray(offlineApplications.id, ids)),
    statusOf: (row) => offlineApplicationOnWire(offering, row, now).status,
  };
}

export async function runOfflinePass(db: Db, now: number): Promise<OfflinePassReport> {
  const report: OfflinePassReport = { allocated: 0, listed: 0 };
  const offerings = await db
    .select()
    .from(ipoOfferings)
    .where(lte(ipoOfferings.subscribeStart, now))
    .orderBy(ipoOfferings.id);
  const told = new Map<string, { userId: bigint; accountType: AccountType }>();
  const pass = eachApart(offerings, async (offering) => {
    const due = dueSteps({ allocation: allocationDueAt(offering), listing: offering.listingAt }, now);
    if (!due.has('allocation')) return;
    for (const accountType of ['real', 'demo'] as const) {
      const rows = await allocatePool(db, offering, accountType, now);
      report.allocated += rows.length;
      for (const r of rows) told.set(`${r.userId}:${accountType}`, { userId: r.userId, accountType });
      await announceRecords(db, offlineRecords(offering, now), rows);
    }
    if (!due.has('listing')) return;
    const waiting = await db
      .select({
        id: offlineApplications.id,
        userId: offlineApplications.userId,
        accountType: offlineApplications.accountType,
      })
      .from(offlineApplications)
      .where(
        and(
          eq(offlineApplications.ipoId, offering.id),
          isNotNull(offlineApplications.allocatedAt),
          isNull(offlineApplications.listedAt),
          sql`${offlineApplications.allottedLots} > 0`,
        ),
      );
    for (const r of waiting)
      if (await list(db, offering, r.id, now)) {
        report.listed += 1;
        told.set(`${r.userId}:${r.accountType}`, { userId: r.userId, accountType: r.accountType });
      }
  });
  try {
    await pass;
  } finally {
    // Told even when another offering failed: their money moved.
    for (const who of told.values()) await announceBalances(db, who.userId, who.accountType, now);
  }
  return report;
}
