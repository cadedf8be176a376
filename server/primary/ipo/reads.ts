import { and, desc, eq } from 'drizzle-orm';
import { demandGroups } from '../../../domain/ipo/allocation';
import { applicationHold, subscriptionCharge } from '../../../domain/ipo/money';
import type { AccountType } from '../../../domain/protocol/account';
import type { ApplicationStatus, IpoStatus } from '../../../domain/ipo/lifecycle';
import type { Ipo, IpoApplication, IpoDetail } from '../../../domain/protocol/ipo';
import type { Session } from '../../auth/session';
import { localize } from '../../content/text';
import type { Db } from '../../db/client';
import { ipoAllocations, ipoApplications, ipoOfferings } from '../../db/schema/primary';
import { ApiError } from '../../http/errors';
import { poolStats, type PoolStats } from '../pool-stats';
import { canonical } from '../../ledger/decimal';
import {
  applicationStatusOf,
  payByOf,
  paymentModeOf,
  priceTermsOf,
  statusOf,
  subscriptionClosedAt,
  type ApplicationRow,
  type OfferingRow,
} from './terms';
import { ownedBy } from '../../db/owned';
import { minePageByStatus, offeringPages, type Paged, type Viewer } from '../lifecycle/offering-reads';

/**
 * What the IPO screens read. The demand figures (applicants, requested lots, demand groups) are
 * those of the caller's pool: real applications for guests and real accounts, demo ones for a
 * demo session (each is allocated on its own, see ipo_allocations).
 */

const lotsText = (value: string | null): string | null =>
  value === null ? null : BigInt(canonical(value)).toString();

async function allottedTotals(db: Db, accountType: AccountType): Promise<Map<bigint, string>> {
  const rows = await db
    .select({ ipoId: ipoAllocations.ipoId, allotted: ipoAllocations.allotted })
    .from(ipoAllocations)
    .where(eq(ipoAllocations.accountType, accountType));
  return new Map(rows.map((r) => [r.ipoId, r.allotted]));
}

async function appliedSet(db: Db, session: Session | null): Promise<Set<bigint> | null> {
  if (!session) return null;
  const rows = await db
    .select({ ipoId: ipoApplications.ipoId })
    .from(ipoApplications)
    .where(ownedBy(ipoApplications, session));
  return new Set(rows.map((r) => r.ipoId));
}

function ipoOnWire(
  row: OfferingRow,
  viewer: Viewer,
  stats: PoolStats | undefined,
  allotted: string | undefined,
  applied: Set<bigint> | null,
): Ipo {
  const { status, until } = statusOf(row, viewer.now);
  return {
    id: String(row.id),
    symbol: row.symbol,
    name: row.name,
    summary: localize(row.summary, viewer.locale),
    sector: localize(row.sector, viewer.locale),
    currency: 'TRY',
    issuePrice: canonical(row.issuePrice),
    lotSize: row.lotSize,
    lotsRetail: lotsText(row.lotsRetail) ?? '0',
    lotsInstitutional: lotsText(row.lotsInstitutional) ?? '0',
    minLots: lotsText(row.minLots) ?? '1',
    maxLots: lotsText(row.maxLots) ?? '1',
    subscribeStart: row.subscribeStart,
    subscribeEnd: row.subscribeEnd,
    closedAt: row.closedAt,
    allocationAt: row.allocationAt,
    refundAt: row.refundAt,
    listingAt: row.listingAt,
    method: row.method === 'lottery' ? 'lottery' : 'equal',
    ticketLots: lotsText(row.ticketLots),
    paymentMode: paymentModeOf(row),
    payBy: payByOf(row),
    status,
    countdownUntil: until,
    applicants: stats?.count ?? 0,
    requestedLots: lotsText(stats?.sum ?? '0') ?? '0',
    allottedLots: lotsText(allotted ?? null),
    listingPrice: canonical(row.issuePrice),
    // The draw must not be predictable while people can still apply.
    lotterySeed: row.method === 'lottery' && viewer.now >= subscriptionClosedAt(row) ? row.lotterySeed : null,
    applied: applied === null ? null : applied.has(row.id),
  };
}

export async function allOnWire(db: Db, viewer: Viewer): Promise<Ipo[]> {
  const accountType = viewer.session?.accountType ?? 'real';
  const [rows, stats, allotted, applied] = await Promise.all([
    db.select().from(ipoOfferings).orderBy(desc(ipoOfferings.subscribeStart), desc(ipoOfferings.id)),
    poolStats(db, ipoApplications, ipoApplications.ipoId, ipoApplications.lots, accountType),
    allottedTotals(db, accountType),
    appliedSet(db, viewer.session),
  ]);
  return rows.map((row) => ipoOnWire(row, viewer, stats.get(String(row.id)), allotted.get(row.id), applied));
}

/** Pages of IPOs: all (optionally one status), those subscribing now, those coming. */
export const { list: listIpos, coming: comingIpos } = offeringPages<Ipo, IpoStatus>(allOnWire);

export async function loadOffering(db: Db, id: bigint): Promise<OfferingRow> {
  const [row] = await db.select().from(ipoOfferings).where(eq(ipoOfferings.id, id));
  if (!row) throw new ApiError('IPO_NOT_FOUND');
  return row;
}

/** The IPO, its live demand (for the estimate) and its costs. */
export async function ipoDetail(db: Db, viewer: Viewer, id: bigint): Promise<IpoDetail> {
  const row = await loadOffering(db, id);
  const accountType = viewer.session?.accountType ?? 'real';
  const requests = await db
    .select({ lots: ipoApplications.lots })
    .from(ipoApplications)
    .where(and(eq(ipoApplications.ipoId, id), eq(ipoApplications.accountType, accountType)));
  const [stats, allotted, applied] = await Promise.all([
    poolStats(db, ipoApplications, ipoApplications.ipoId, ipoApplications.lots, accountType),
    allottedTotals(db, accountType),
    appliedSet(db, viewer.session),
  ]);
  const demand = demandGroups(requests.map((r) => BigInt(canonical(r.lots))));
  return {
    ...ipoOnWire(row, viewer, stats.get(String(id)), allotted.get(id), applied),
    demand: demand.map((g) => ({ lots: g.lots.toString(), applicants: g.applicants.toString() })),
    costs: row.costs ?? null,
  };
}

/** What an application answer, retail or offline, says of itself and of its offering. */
export function applicationHead(id: bigint, offering: OfferingRow) {
  return {
    id: String(id),
    ipoId: String(offering.id),
    symbol: offering.symbol,
    name: offering.name,
    issuePrice: canonical(offering.issuePrice),
    lotSize: offering.lotSize,
  };
}

export function applicationOnWire(offering: OfferingRow, row: ApplicationRow, now: number): IpoApplication {
  const lots = BigInt(canonical(row.lots));
  const terms = priceTermsOf(offering);
  const charge = applicationHold(terms, 'hold', lots);
  const status = applicationStatusOf(offering, row, now);
  // Owed only while it can be paid: the lots won, at the issue price plus costs.
  const due =
    status === 'allocated_pending_payment'
      ? subscriptionCharge(terms, BigInt(canonical(row.allottedLots ?? '0'))).total
      : '0';
  return {
    ...applicationHead(row.id, offering),
    paymentMode: paymentModeOf(offering),
    method: offering.method === 'lottery' ? 'lottery' : 'equal',
    status,
    lots: lots.toString(),
    tickets: lotsText(row.tickets),
    amount: charge.amount,
    costs: charge.costs,
    total: charge.total,
    held: canonical(row.held),
    allottedLots: lotsText(row.allottedLots),
    charged: canonical(row.charged),
    refunded: canonical(row.refunded),
    auto: row.auto,
    appliedAt: row.appliedAt,
    allocatedAt: row.allocatedAt,
    refundAt: offering.refundAt,
    refundedAt: row.refundedAt,
    listingAt: offering.listingAt,
    listedAt: row.listedAt,
    due,
    payBy: payByOf(offering),
    paidAt: row.paidAt,
  };
}

/** The session account's applications, newest first. */
export async function listApplications(
  db: Db,
  session: Session,
  now: number,
  paged: Paged & { status?: ApplicationStatus | undefined },
) {
  return minePageByStatus(
    db,
    session,
    {
      mine: ipoApplications,
      offering: ipoOfferings,
      link: ipoApplications.ipoId,
      at: ipoApplications.appliedAt,
    },
    (offering, application) => applicationOnWire(offering, application, now),
    paged,
  );
}
