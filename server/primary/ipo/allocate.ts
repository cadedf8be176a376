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

/** Paid after: nothing was held, so nothing is charged now; the user pays the lots won by the deadline. */
async function tellPayDue(
  tx: Db,
  offering: OfferingRow,
  allotments: readonly Allotment[],
  now: number,
): Promise<Told<IpoNews>[]> {
  const terms = priceTermsOf(offering);
  const told: Told<IpoNews>[] = [];
  for (const { row, requested, allotted, tickets } of allotments) {
    const settlement = allocationSettlement(terms, 'pay_after', requested, allotted);
    await tx
      .update(ipoApplications)
      .set({ allottedLots: allotted.toString(), tickets, allocatedAt: now })
      .where(eq(ipoApplications.id, row.id));
    told.push(
      toldOf<IpoNews>(
        row,
        allotted > 0n
          ? {
              kind: 'pay_due',
              symbol: offering.symbol,
              lots: allotted.toString(),
              due: settlement.due,
              payBy: day(payByOf(offering) ?? offering.refundAt),
            }
          : { kind: 'not_allotted_unpaid', symbol: offering.symbol },
      ),
    );
  }
  return told;
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
  const terms = priceTermsOf(offering);
  const refundAt = day(offering.refundAt);
  const told: Told<IpoNews>[] = [];
  for (const { row, requested, allotted, tickets } of allotments) {
    const settlement = allocationSettlement(terms, 'hold', requested, allotted);
    const owner = {
      userId: row.userId,
      accountType: row.accountType,
      referenceType: 'ipo_application',
      referenceId: String(row.id),
      symbol: offering.symbol,
    };
    const charged =
      allotted > 0n
        ? await chargeAllotment(tx, { ...owner, lots: allotted, charge: settlement.charge })
        : null;
    const delivered =
      allotted > 0n
        ? await deliverAllotted(tx, {
            ...owner,
            shares: new Decimal(allotted.toString()).times(offering.lotSize),
            cost: settlement.charge.total,
            listingAt: offering.listingAt,
            now,
          })
        : null;
    await tx
      .update(ipoApplications)
      .set({
        allottedLots: allotted.toString(),
        tickets,
        charged: settlement.charge.total,
        allocatedAt: now,
        chargeTxId: charged?.id ?? null,
        listingTxId: delivered?.id ?? null,
      })
      .where(eq(ipoApplications.id, row.id));
    told.push(
      toldOf<IpoNews>(
        row,
        allotted > 0n
          ? {
              kind: 'won',
              symbol: offering.symbol,
              lots: allotted.toString(),
              charged: settlement.charge.total,
              refund: settlement.refund,
              refundAt,
            }
          : { kind: 'not_allotted', symbol: offering.symbol, refund: settlement.refund, refundAt },
      ),
    );
  }
  return told;
}
