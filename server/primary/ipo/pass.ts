import { and, eq, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm';
import Decimal from 'decimal.js';
import { equalDistribution, type Application } from '../../../domain/ipo/allocation';
import { lotteryAllocation } from '../../../domain/ipo/lottery';
import { allocationSettlement } from '../../../domain/ipo/money';
import type { AccountType } from '../../../domain/protocol/account';
import type { Db } from '../../db/client';
import { eachApart } from '../../periodic';
import { ipoAllocations, ipoApplications, ipoOfferings } from '../../db/schema/primary';
import { lockSystemFirst } from '../../ledger/account-rows';
import { excludeWriterBatches } from '../../ledger/pass-barrier';
import { unfreeze } from '../../ledger/moves';
import { allotmentSystemAccounts, chargeAllotment, deliverAllotted } from '../allotment';
import { relockListed } from '../holdings';
import { runAutoApply } from './auto-apply';
import { announceAll, day, tellUser, type IpoNews } from './notify';
import { announceApplications } from './record-news';
import {
  allocationDueAt,
  payByOf,
  paymentModeOf,
  priceTermsOf,
  type ApplicationRow,
  type OfferingRow,
} from './terms';

/**
 * One round of the IPO clock at `now`, what the job runs on a timer and tests on a virtual clock:
 * auto-apply for windows that opened, allocation for windows that closed (allotted lots charged
 * from the hold and the shares delivered, locked until the first session after the listing),
 * refunds on the refund date (the rest of the hold released), and the listing day marked. Each step is its own transaction and
 * marks what it did on the rows, so a pass that stops half way is finished by the next and
 * nothing is done twice. These postings only release held money or add shares, so they are made
 * here rather than through the trading writer: they can never take what an order counted on.
 */
export type PassReport = {
  autoApplied: number;
  allocated: number;
  refunded: number;
  lapsed: number;
  listed: number;
};

/** `id`: the application's, whose screens are told it changed (./record-news.ts). */
type Told = { id: bigint; userId: bigint; accountType: AccountType; news: IpoNews | null };

/** Allocates one pool (real or demo) of an IPO whose window closed; once, by the unique index. */
async function allocatePool(
  db: Db,
  offering: OfferingRow,
  accountType: AccountType,
  now: number,
): Promise<Told[]> {
  return db.transaction(async (tx) => {
    // Locks the IPO so two passes (or the operator's close) allocate it once.
    await tx
      .select({ id: ipoOfferings.id })
      .from(ipoOfferings)
      .where(eq(ipoOfferings.id, offering.id))
      .for('update');
    const done = await tx
      .select({ id: ipoAllocations.id })
      .from(ipoAllocations)
      .where(and(eq(ipoAllocations.ipoId, offering.id), eq(ipoAllocations.accountType, accountType)));
    if (done.length > 0) return [];
    const rows = await tx
      .select()
      .from(ipoApplications)
      .where(and(eq(ipoApplications.ipoId, offering.id), eq(ipoApplications.accountType, accountType)));
    const applications: Application[] = rows.map((r) => ({
      id: String(r.id),
      lots: BigInt(r.lots),
      appliedAt: r.appliedAt,
    }));
    const pool = BigInt(offering.lotsRetail);
    // Each pool draws with its own seed, so demo applicants cannot learn the real draw.
    const seed = accountType === 'real' ? offering.lotterySeed : `${offering.lotterySeed}:demo`;
    const lottery =
      offering.method === 'lottery'
        ? lotteryAllocation(pool, applications, seed, BigInt(offering.ticketLots ?? '1'))
        : null;
    const outcome = lottery ?? equalDistribution(pool, applications);
    const tickets = new Map(lottery?.ok ? lottery.allotments.map((a) => [a.id, a.tickets.toString()]) : []);
    if (!outcome.ok) throw new Error(`IPO ${offering.id} allocation refused: ${outcome.error.key}`);
    const byId = new Map(rows.map((r) => [String(r.id), r]));
    const terms = priceTermsOf(offering);
    const mode = paymentModeOf(offering);
    // Charges and refunds post one applicant after another: no trading batch runs meanwhile
    // (pass-barrier.ts) and the system accounts they post to are taken first (docs/partitions.md,
    // "Lock order"). Paid after, the pass posts nothing.
    if (mode === 'hold') {
      await excludeWriterBatches(tx);
      await lockSystemFirst(tx, allotmentSystemAccounts(offering.symbol));
    }
    const told: Told[] = [];
    for (const allotment of outcome.allotments) {
      const row = byId.get(allotment.id) as ApplicationRow;
      const settlement = allocationSettlement(terms, mode, allotment.requested, allotment.allotted);
      if (mode === 'pay_after') {
        // Nothing was held, so nothing is charged now: the user pays the lots won by the deadline.
        await tx
          .update(ipoApplications)
          .set({
            allottedLots: allotment.allotted.toString(),
            tickets: tickets.get(allotment.id) ?? null,
            allocatedAt: now,
          })
          .where(eq(ipoApplications.id, row.id));
        told.push({
          id: row.id,
          userId: row.userId,
          accountType,
          news:
            allotment.allotted > 0n
              ? {
                  kind: 'pay_due',
                  symbol: offering.symbol,
                  lots: allotment.allotted.toString(),
                  due: settlement.due,
                  payBy: day(payByOf(offering) ?? offering.refundAt),
                }
              : { kind: 'not_allotted_unpaid', symbol: offering.symbol },
        });
        continue;
      }
      let chargeTxId: bigint | null = null;
      let listingTxId: bigint | null = null;
      if (allotment.allotted > 0n) {
        const reference = { referenceType: 'ipo_application', referenceId: String(row.id) };
        const posted = await chargeAllotment(tx, {
          userId: row.userId,
          accountType,
          ...reference,
          symbol: offering.symbol,
          lots: allotment.allotted,
          charge: settlement.charge,
        });
        chargeTxId = posted.id;
        // Paid for, so the user's: the shares are delivered now, locked until the first session
        // after the listing, instead of the payment leaving the account with nothing to show.
        const delivered = await deliverAllotted(tx, {
          userId: row.userId,
          accountType,
          ...reference,
          symbol: offering.symbol,
          shares: new Decimal(allotment.allotted.toString()).times(offering.lotSize),
          cost: settlement.charge.total,
          listingAt: offering.listingAt,
          now,
        });
        listingTxId = delivered.id;
      }
      await tx
        .update(ipoApplications)
        .set({
          allottedLots: allotment.allotted.toString(),
          tickets: tickets.get(allotment.id) ?? null,
          charged: settlement.charge.total,
          allocatedAt: now,
          chargeTxId,
          listingTxId,
        })
        .where(eq(ipoApplications.id, row.id));
      const refundAt = day(offering.refundAt);
      told.push({
        id: row.id,
        userId: row.userId,
        accountType,
        news:
          allotment.allotted > 0n
            ? {
                kind: 'won',
                symbol: offering.symbol,
                lots: allotment.allotted.toString(),
                charged: settlement.charge.total,
                refund: settlement.refund,
                refundAt,
              }
            : { kind: 'not_allotted', symbol: offering.symbol, refund: settlement.refund, refundAt },
      });
    }
    await tx.insert(ipoAllocations).values({
      ipoId: offering.id,
      accountType,
      method: offering.method,
      pool: pool.toString(),
      applicants: rows.length,
      requested: rows.reduce((s, r) => s + BigInt(r.lots), 0n).toString(),
      allotted: outcome.allotted.toString(),
      unallocated: outcome.unallocated.toString(),
      seed: offering.method === 'lottery' ? seed : null,
      drawn: lottery?.ok ? lottery.drawn : null,
      at: now,
    });
    return told;
  });
}

/** Releases what the allotment did not take, on the refund date. */
async function refund(db: Db, offering: OfferingRow, row: ApplicationRow, now: number): Promise<Told | null> {
  return db.transaction(async (tx) => {
    const [fresh] = await tx
      .select()
      .from(ipoApplications)
      .where(eq(ipoApplications.id, row.id))
      .for('update');
    if (!fresh || fresh.refundedAt !== null || fresh.allocatedAt === null) return null;
    const back = new Decimal(fresh.held).minus(fresh.charged);
    let refundTxId: bigint | null = null;
    if (back.gt(0)) {
      const posted = await unfreeze(tx, {
        userId: fresh.userId,
        accountType: fresh.accountType,
        wallet: 'stock',
        currency: 'TRY',
        amount: back.toFixed(),
        reason: 'ipo_refund',
        referenceType: 'ipo_application',
        referenceId: String(fresh.id),
        memo: `${offering.symbol} refund`,
      });
      refundTxId = posted.id;
    }
    await tx
      .update(ipoApplications)
      .set({ refunded: back.gt(0) ? back.toFixed() : '0', refundedAt: now, refundTxId })
      .where(eq(ipoApplications.id, fresh.id));
    return { id: fresh.id, userId: fresh.userId, accountType: fresh.accountType, news: null };
  });
}

/**
 * A pay-after allotment not paid by the deadline lapses: no money moved, so nothing is posted; the
 * row records that the user was told, once. The status itself comes from the dates
 * (domain/ipo/lifecycle), so it reads "lapsed" from the deadline on, told or not.
 */
async function lapse(db: Db, offering: OfferingRow, row: ApplicationRow, now: number): Promise<Told | null> {
  return db.transaction(async (tx) => {
    const [fresh] = await tx
      .select()
      .from(ipoApplications)
      .where(eq(ipoApplications.id, row.id))
      .for('update');
    if (!fresh || fresh.lapsedAt !== null || fresh.paidAt !== null) return null;
    await tx.update(ipoApplications).set({ lapsedAt: now }).where(eq(ipoApplications.id, fresh.id));
    return {
      id: fresh.id,
      userId: fresh.userId,
      accountType: fresh.accountType,
      news: { kind: 'lapsed', symbol: offering.symbol, lots: fresh.allottedLots ?? '0' },
    };
  });
}

/**
 * Listing day. Shares delivered when paid for (`listingTxId`) are only re-dated: their lock ends
 * at the first session after the listing, which an operator may have brought forward. An
 * allotment paid before delivery at allocation existed is delivered here, as it used to be: the
 * issuer's shares into the stock wallet at what was charged, T+1 locked (DECISIONS §5).
 */
async function list(db: Db, offering: OfferingRow, row: ApplicationRow, now: number): Promise<Told | null> {
  return db.transaction(async (tx) => {
    const [fresh] = await tx
      .select()
      .from(ipoApplications)
      .where(eq(ipoApplications.id, row.id))
      .for('update');
    if (!fresh || fresh.listedAt !== null || fresh.allottedLots === null) return null;
    // A pay-after allotment is delivered only once paid; an unpaid one lapsed (see `lapse`).
    if (paymentModeOf(offering) === 'pay_after' && fresh.paidAt === null) return null;
    const shares = new Decimal(fresh.allottedLots).times(offering.lotSize);
    if (fresh.listingTxId !== null) {
      await relockListed(
        tx,
        { userId: fresh.userId, accountType: fresh.accountType, symbol: offering.symbol, shares },
        offering.listingAt,
        now,
      );
      await tx.update(ipoApplications).set({ listedAt: now }).where(eq(ipoApplications.id, fresh.id));
      return { id: fresh.id, userId: fresh.userId, accountType: fresh.accountType, news: null };
    }
    const posted = await deliverAllotted(tx, {
      userId: fresh.userId,
      accountType: fresh.accountType,
      referenceType: 'ipo_application',
      referenceId: String(fresh.id),
      symbol: offering.symbol,
      shares,
      cost: fresh.charged,
      listingAt: offering.listingAt,
      now,
    });
    await tx
      .update(ipoApplications)
      .set({ listedAt: now, listingTxId: posted.id })
      .where(eq(ipoApplications.id, fresh.id));
    return { id: fresh.id, userId: fresh.userId, accountType: fresh.accountType, news: null };
  });
}

export async function runIpoPass(db: Db, now: number): Promise<PassReport> {
  const report: PassReport = { autoApplied: 0, allocated: 0, refunded: 0, lapsed: 0, listed: 0 };
  const offerings = await db
    .select()
    .from(ipoOfferings)
    .where(lte(ipoOfferings.subscribeStart, now))
    .orderBy(ipoOfferings.id);
  await eachApart(offerings, async (offering) => {
    report.autoApplied += await runAutoApply(db, offering, now);
    if (now < allocationDueAt(offering)) return;
    const allocated = await db
      .select({ accountType: ipoAllocations.accountType })
      .from(ipoAllocations)
      .where(eq(ipoAllocations.ipoId, offering.id));
    for (const accountType of ['real', 'demo'] as const) {
      if (allocated.some((a) => a.accountType === accountType)) continue;
      const told = await allocatePool(db, offering, accountType, now);
      report.allocated += told.length;
      await announceApplications(db, offering, told, now);
      await announceAll(db, told, now, tellUser);
    }
    // Each step over the allocated applications still waiting for it; a row done already is skipped.
    const step = async (
      waiting: SQL,
      run: (db: Db, offering: OfferingRow, row: ApplicationRow, now: number) => Promise<Told | null>,
    ): Promise<number> => {
      const due = await db
        .select()
        .from(ipoApplications)
        .where(and(eq(ipoApplications.ipoId, offering.id), isNotNull(ipoApplications.allocatedAt), waiting));
      const told: Told[] = [];
      for (const row of due) {
        const done = await run(db, offering, row, now);
        if (done) told.push(done);
      }
      await announceApplications(db, offering, told, now);
      await announceAll(db, told, now, tellUser);
      return told.length;
    };
    const allotted = sql`${ipoApplications.allottedLots} > 0`;
    if (now >= offering.refundAt && paymentModeOf(offering) === 'hold')
      report.refunded += await step(isNull(ipoApplications.refundedAt), refund);
    const payBy = payByOf(offering);
    if (payBy !== null && now >= payBy)
      report.lapsed += await step(
        and(isNull(ipoApplications.paidAt), isNull(ipoApplications.lapsedAt), allotted) as SQL,
        lapse,
      );
    if (now >= offering.listingAt)
      report.listed += await step(and(isNull(ipoApplications.listedAt), allotted) as SQL, list);
  });
  return report;
}
