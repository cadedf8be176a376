import {
  applicationStatusAt,
  ipoCountdown,
  subscriptionClosesAt,
  type ApplicationStatus,
  type IpoWindow,
} from '../../../domain/ipo/lifecycle';
import type { IpoPriceTerms } from '../../../domain/ipo/money';
import type { ipoApplications, ipoOfferings } from '../../db/schema/primary';

/** The rows, and what domain/ipo needs from them. */
export type OfferingRow = typeof ipoOfferings.$inferSelect;
export type ApplicationRow = typeof ipoApplications.$inferSelect;

/** The dates a stock IPO and a coin ICO share (same column names), so both use these helpers. */
export type DatedRow = Pick<
  OfferingRow,
  'subscribeStart' | 'subscribeEnd' | 'allocationAt' | 'refundAt' | 'listingAt' | 'closedAt'
>;

export function windowOf(row: DatedRow): IpoWindow {
  return {
    subscribeStart: row.subscribeStart,
    subscribeEnd: row.subscribeEnd,
    allocationAt: row.allocationAt,
    refundAt: row.refundAt,
    listingAt: row.listingAt,
    closedAt: row.closedAt,
  };
}

export function priceTermsOf(row: OfferingRow): IpoPriceTerms {
  return { issuePrice: row.issuePrice, lotSize: row.lotSize, costs: row.costs ?? null };
}

/** When the allocation pass allocates: the scheduled date, or at once after an early close. */
export function allocationDueAt(row: DatedRow): number {
  const closes = subscriptionClosesAt(windowOf(row));
  return row.closedAt !== null && row.closedAt < row.allocationAt ? closes : row.allocationAt;
}

/** When applications stopped (or stop): the lottery seed is shown from then on. */
export function subscriptionClosedAt(row: DatedRow): number {
  return subscriptionClosesAt(windowOf(row));
}

export function statusOf(row: DatedRow, now: number) {
  return ipoCountdown(windowOf(row), now);
}

export function applicationStatusOf(
  offering: OfferingRow,
  application: ApplicationRow,
  now: number,
): ApplicationStatus {
  const allocation =
    application.allocatedAt === null || application.allottedLots === null
      ? null
      : { at: application.allocatedAt, allotted: BigInt(application.allottedLots) };
  return applicationStatusAt(
    { mode: offering.paymentMode === 'pay_after' ? 'pay_after' : 'hold', window: windowOf(offering) },
    { allocation, payment: null, settlement: null },
    now,
  );
}
