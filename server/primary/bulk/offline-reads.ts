import Decimal from 'decimal.js';
import { offlineLimits, offlineStatus, offlineWindow, type OfflineStatus } from '../../../domain/ipo/offline';
import type { OfflineApplication, OfflineIpo } from '../../../domain/protocol/bulk';
import type { Session } from '../../auth/session';
import type { Db } from '../../db/client';
import { offlineApplications } from '../../db/schema/bulk';
import { ipoOfferings } from '../../db/schema/primary';
import { canonical } from '../../ledger/decimal';
import { allOnWire, applicationHead } from '../ipo/reads';
import { pageOf } from '../../content/paging';
import { mineWithOffering, type Viewer } from '../lifecycle/offering-reads';
import type { OfferingRow } from '../ipo/terms';
import type { OfflineRow } from './offline-terms';
import { ownedBy } from '../../db/owned';
import { poolStats } from '../pool-stats';

type Paged = { page: number; size: number };
const whole = (value: string) => new Decimal(value).toFixed(0);

/**
 * The offline tranches, all (optionally one offline status) or those open now: every IPO
 * with its institutional tranche — window, limits and the caller's pool's demand (real for
 * guests and real accounts, demo for a demo session).
 */
export async function listOfflineIpos(
  db: Db,
  viewer: Viewer,
  paged: Paged & { status?: OfflineStatus | undefined },
) {
  const accountType = viewer.session?.accountType ?? 'real';
  const [ipos, stats, mine] = await Promise.all([
    allOnWire(db, viewer),
    poolStats(db, offlineApplications, offlineApplications.ipoId, offlineApplications.lots, accountType),
    viewer.session
      ? db
          .select({ ipoId: offlineApplications.ipoId })
          .from(offlineApplications)
          .where(ownedBy(offlineApplications, { userId: viewer.session.userId, accountType }))
      : null,
  ]);
  const applied = mine ? new Set(mine.map((r) => String(r.ipoId))) : null;
  const all = ipos.map((ipo): OfflineIpo => {
    const window = offlineWindow(ipo.subscribeStart);
    const limits = offlineLimits(BigInt(ipo.minLots), BigInt(ipo.lotsInstitutional));
    const stat = stats.get(ipo.id);
    return {
      ...ipo,
      offline: {
        status: offlineStatus(window, viewer.now),
        opensAt: window.opensAt,
        closesAt: window.closesAt,
        lots: ipo.lotsInstitutional,
        minLots: limits.minLots.toString(),
        maxLots: limits.maxLots.toString(),
        applicants: stat?.count ?? 0,
        requestedLots: whole(stat?.sum ?? '0'),
        applied: applied === null ? null : applied.has(ipo.id),
      },
    };
  });
  return pageOf(paged.status ? all.filter((i) => i.offline.status === paged.status) : all, paged);
}

export function offlineApplicationOnWire(
  offering: OfferingRow,
  row: OfflineRow,
  now: number,
): OfflineApplication {
  const allotted = row.allottedLots === null ? null : whole(row.allottedLots);
  const status =
    allotted !== null
      ? allotted === '0'
        ? 'not_allotted'
        : 'won'
      : now < offering.subscribeStart
        ? 'applying'
        : 'to_be_allocated';
  return {
    ...applicationHead(row.id, offering),
    status,
    lots: whole(row.lots),
    amount: canonical(row.amount),
    costs: canonical(row.costs),
    total: canonical(row.total),
    held: canonical(row.held),
    allottedLots: allotted,
    charged: canonical(row.charged),
    refunded: canonical(row.refunded),
    appliedAt: row.appliedAt,
    allocationAt: offering.allocationAt,
    allocatedAt: row.allocatedAt,
    // The offline pass charges the allotment and gives the rest back at once: the retail
    // tranche's refund date (a day later) said the money came back when it already had.
    refundAt: row.allocatedAt ?? offering.allocationAt,
    listingAt: offering.listingAt,
    listedAt: row.listedAt,
  };
}

/** The session account's offline applications, newest first. */
export async function listOfflineApplications(db: Db, session: Session, now: number, paged: Paged) {
  const rows = await mineWithOffering(db, session, {
    mine: offlineApplications,
    offering: ipoOfferings,
    link: offlineApplications.ipoId,
    at: offlineApplications.appliedAt,
  });
  return pageOf(
    rows.map((r) => offlineApplicationOnWire(r.offering, r.mine, now)),
    paged,
  );
}
