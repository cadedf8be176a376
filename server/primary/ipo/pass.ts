import { and, eq, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { eachApart } from '../../periodic';
import { ipoAllocations, ipoApplications, ipoOfferings } from '../../db/schema/primary';
import { announceTold } from '../lifecycle/announce';
import { eachStep } from '../lifecycle/locked-step';
import { dueSteps } from '../lifecycle/steps';
import { allocatePool } from './allocate';
import { runAutoApply } from './auto-apply';
import { tellUser } from './notify';
import { lapse, list, refund, type ApplicationStep } from './pass-steps';
import { ipoRecords } from './record-news';
import { allocationDueAt, payByOf, paymentModeOf, type OfferingRow } from './terms';

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

/** One step over the allocated applications still waiting for it; a row done already is skipped. */
async function runStep(
  db: Db,
  offering: OfferingRow,
  waiting: SQL,
  step: ApplicationStep,
  now: number,
): Promise<number> {
  const due = await db
    .select()
    .from(ipoApplications)
    .where(and(eq(ipoApplications.ipoId, offering.id), isNotNull(ipoApplications.allocatedAt), waiting));
  const told = await eachStep(due, (row) => step(db, offering, row, now));
  await announceTold(db, told, now, ipoRecords(offering, now), tellUser);
  return told.length;
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
    const due = dueSteps(
      {
        allocation: allocationDueAt(offering),
        refund: paymentModeOf(offering) === 'hold' ? offering.refundAt : null,
        lapse: payByOf(offering),
        listing: offering.listingAt,
      },
      now,
    );
    if (!due.has('allocation')) return;
    const allocated = await db
      .select({ accountType: ipoAllocations.accountType })
      .from(ipoAllocations)
      .where(eq(ipoAllocations.ipoId, offering.id));
    for (const accountType of ['real', 'demo'] as const) {
      if (allocated.some((a) => a.accountType === accountType)) continue;
      const told = await allocatePool(db, offering, accountType, now);
      report.allocated += told.length;
      await announceTold(db, told, now, ipoRecords(offering, now), tellUser);
    }
    const allotted = sql`${ipoApplications.allottedLots} > 0`;
    if (due.has('refund'))
      report.refunded += await runStep(db, offering, isNull(ipoApplications.refundedAt), refund, now);
    if (due.has('lapse'))
      report.lapsed += await runStep(
        db,
        offering,
        and(isNull(ipoApplications.paidAt), isNull(ipoApplications.lapsedAt), allotted) as SQL,
        lapse,
        now,
      );
    if (due.has('listing'))
      report.listed += await runStep(
        db,
        offering,
        and(isNull(ipoApplications.listedAt), allotted) as SQL,
        list,
        now,
      );
  });
  return report;
}
