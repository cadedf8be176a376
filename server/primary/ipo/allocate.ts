import { and, eq } from 'drizzle-orm';
import Decimal from 'decimal.js';
import { equalDistribution, type Application } from '../../../domain/ipo/allocation';
import { lotteryAllocation } from '../../../domain/ipo/lottery';
import { allocationSettlement } from '../../../domain/ipo/money';
import type { AccountType } from '../../../domain/protocol/account';
import type { Db } from '../../db/client';
import { ipoAllocations, ipoApplications, ipoOfferings } from '../../db/schema/primary';
import { lockSystemFirst } from '../../ledger/account-rows';
import { excludeWriterBatches } from '../../ledger/pass-barrier';
import { allotmentSystemAccounts, chargeAllotment, deliverAllotted } from '../allotment';
import { toldOf, type Told } from '../lifecycle/locked-step';
import { lockOffering } from '../lifecycle/offering-lock';
import { day, type IpoNews } from './notify';
import { payByOf, paymentModeOf, priceTermsOf, type ApplicationRow, type OfferingRow } from './terms';

/** One applicant's share of a pool: the lots asked and won, and the lottery tickets drawn. */
type Allotment = { row: ApplicationRow; requested: bigint; allotted: bigint; tickets: string | null };

/**
 * Allocates one pool (real or demo) of an IPO whose window closed; once, by the offering's row
 * lock and the allocation row it leaves.
 */
export async function allocatePool(
  db: Db,
  offering: OfferingRow,
  accountType: AccountType,
  now: number,
): Promise<Told<IpoNews>[]> {
  return db.transaction(async (tx) => {
    await lockOffering(tx, ipoOfferings, offering.id);
    const done = await tx
      .select({ id: ipoAllocations.id })
      .from(ipoAllocations)
      .where(and(eq(ipoAllocations.ipoId, offering.id), eq(ipoAllocations.accountType, accountType)));
    if (done.length > 0) return [];
    const rows = await tx
      .select()
      .from(ipoApplications)
      .where(and(eq(ipoApplications.ipoId, offering.id), eq(ipoApplications.accountType, accountType)));
    const pool = BigInt(offering.lotsRetail);
    // Each pool draws with its own seed, so demo applicants cannot learn the real draw.
    const seed = accountType === 'real' ? offering.lotterySeed : `${offering.lotterySeed}:demo`;
    const applications: Application[] = rows.map((r) => ({
      id: String(r.id),
      lots: BigInt(r.lots),
      appliedAt: r.appliedAt,
    }));
    const lottery =
      offering.method === 'lottery'
        ? lotteryAllocation(pool, applications, seed, BigInt(offering.ticketLots ?? '1'))
        : null;
    const outcome = lottery ?? equalDistribution(pool, applications);
    if (!outcome.ok) throw new Error(`IPO ${offering.id} allocation refused: ${outcome.error.key}`);
    const tickets = new Map(lottery?.ok ? lottery.allotments.map((a) => [a.id, a.tickets.toString()]) : []);
    const byId = new Map(rows.map((r) => [String(r.id), r]));
    const allotments = outcome.allotments.map((a) => ({
      row: byId.get(a.id) as ApplicationRow,
      requested: a.requested,
      allotted: a.allotted,
      tickets: tickets.get(a.id) ?? null,
    }));
    const told =
      paymentModeOf(offering) === 'hold'
        ? await chargeHeld(tx, offering, allotments, now)
        : await tellPayDue(tx, offering, allotments, now);
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

/**
 * Each allotment's settlement, in application order: what `settle` books for it (nothing for
 * pay_after), then the application row stamped with the lots won and what was booked, and the
 * applicant's news to tell once the transaction commits.
 */
async function settleEach(
  tx: Db,
  offering: OfferingRow,
  allotments: readonly Allotment[],
  now: number,
  settle: (
    allotment: Allotment,
    settlement: ReturnType<typeof allocationSettlement>,
  ) => Promise<{ set: Partial<typeof ipoApplications.$inferInsert>; news: IpoNews }>,
): Promise<Told<IpoNews>[]> {
  const terms = priceTermsOf(offering);
  const mode = paymentModeOf(offering);
  const told: Told<IpoNews>[] = [];
  for (const a of allotments) {
    const { set, news } = await settle(a, allocationSettlement(terms, mode, a.requested, a.allotted));
    await tx
      .update(ipoApplications)
      .set({ allottedLots: a.allotted.toString(), tickets: a.tickets, allocatedAt: now, ...set })
      .where(eq(ipoApplications.id, a.row.id));
    told.push(toldOf<IpoNews>(a.row, news));
  }
  return told;
}

/** Paid after: nothing was held, so nothing is charged now; the user pays the lots won by the deadline. */
function tellPayDue(
  tx: Db,
  offering: OfferingRow,
  allotments: readonly Allotment[],
  now: number,
): Promise<Told<IpoNews>[]> {
  const payBy = day(payByOf(offering) ?? offering.refundAt);
  return settleEach(tx, offering, allotments, now, async ({ allotted }, settlement) => ({
    set: {},
    news:
      allotted > 0n
        ? { kind: 'pay_due', symbol: offering.symbol, lots: allotted.toString(), due: settlement.due, payBy }
        : { kind: 'not_allotted_unpaid', symbol: offering.symbol },
  }));
}

/**
 * Held at application: each allotment charged from its hold and the shares delivered, locked
 * until the first session after the listing (paid for, they are the user's, instead of the
 * payment leaving the account with nothing to show). Charges post one applicant after another:
 * no trading batch runs meanwhile (pass-barrier.ts) and the system accounts they post to are
 * taken first (docs/partitions.md, "Lock order").
 */
async function chargeHeld(
  tx: Db,
  offering: OfferingRow,
  allotments: readonly Allotment[],
  now: number,
): Promise<Told<IpoNews>[]> {
  await excludeWriterBatches(tx);
  await lockSystemFirst(tx, allotmentSystemAccounts(offering.symbol));
  const refundAt = day(offering.refundAt);
  return settleEach(tx, offering, allotments, now, async ({ row, allotted }, { charge, refund }) => {
    if (allotted <= 0n)
      return {
        set: { charged: charge.total },
        news: { kind: 'not_allotted', symbol: offering.symbol, refund, refundAt },
      };
    const owner = {
      userId: row.userId,
      accountType: row.accountType,
      referenceType: 'ipo_application',
      referenceId: String(row.id),
      symbol: offering.symbol,
    };
    const charged = await chargeAllotment(tx, { ...owner, lots: allotted, charge });
    const delivered = await deliverAllotted(tx, {
      ...owner,
      shares: new Decimal(allotted.toString()).times(offering.lotSize),
      cost: charge.total,
      listingAt: offering.listingAt,
      now,
    });
    return {
      set: { charged: charge.total, chargeTxId: charged.id, listingTxId: delivered.id },
      news: {
        kind: 'won',
        symbol: offering.symbol,
        lots: allotted.toString(),
        charged: charge.total,
        refund,
        refundAt,
      },
    };
  });
}
