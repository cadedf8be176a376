import {
  allocationRunsAt,
  applicationStatusAt,
  type ApplicationFacts,
  type ApplicationTerms,
  type PaymentMode,
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
  return allocationRunsAt(windowOf(row));
}

/** When applications stopped (or stop): the lottery seed is shown from then on. */
export function subscriptionClosedAt(row: DatedRow): number {
  return subscriptionClosesAt(windowOf(row));
}

export function statusOf(row: DatedRow, now: number) {
  return ipoCountdown(windowOf(row), now);
}

export function paymentModeOf(row: Pick<OfferingRow, 'paymentMode'>): PaymentMode {
  return row.paymentMode === 'pay_after' ? 'pay_after' : 'hold';
}

/** pay_after: the payment deadline (the refund date unless configured); null for hold IPOs. */
export function payByOf(row: Pick<OfferingRow, 'paymentMode' | 'payBy' | 'refundAt'>): number | null {
  return paymentModeOf(row) === 'pay_after' ? (row.payBy ?? row.refundAt) : null;
}

export function applicationTermsOf(offering: OfferingRow): ApplicationTerms {
  return { mode: paymentModeOf(offering), window: windowOf(offering), payBy: offering.payBy };
}

/**
 * The facts domain/ipo/lifecycle derives a status from. A pay-after payment is charged as it is
 * made (./pay.ts), so payment and settlement are the same moment.
 */
export function applicationFactsOf(application: ApplicationRow): ApplicationFacts {
  const allocation =
    application.allocatedAt === null || application.allottedLots === null
      ? null
      : { at: application.allocatedAt, allotted: BigInt(application.allottedLots) };
  const paid = application.paidAt === null ? null : { at: application.paidAt };
  return { allocation, payment: paid, settlement: paid };
}

export function applicationStatusOf(
  offering: OfferingRow,
  application: ApplicationRow,
  now: number,
): ApplicationStatus {
  return applicationStatusAt(applicationTermsOf(offering), applicationFactsOf(application), now);
}
