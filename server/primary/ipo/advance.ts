import { checkIpoWindow, ipoStatus } from '../../../domain/ipo/lifecycle';
import { ApiError } from '../../http/errors';
import { allocationDueAt, windowOf, type DatedRow } from './terms';

/** The IPO's steps after the window, in the order the IPO pass carries them out. */
export const IPO_STEPS = ['allocation', 'refund', 'listing'] as const;
export type IpoStep = (typeof IPO_STEPS)[number];

export type AdvancedDates = {
  step: IpoStep;
  subscribeEnd: number;
  closedAt: number | null;
  allocationAt: number;
  refundAt: number;
  listingAt: number;
};

/**
 * The sandbox clock control behind `ipo advance` (paper money only): brings the IPO's next pending
 * date (or every date up to `to`) to `now`, so the next IPO pass does that step. A step takes the
 * earlier dates with it (a refund is never dated before its allocation), and the allocation step
 * of a window still open closes it, as `ipo close` does: allocation never overlaps applications.
 * Each date becomes min(date, now), and now is past the close, so the prospectus order holds; the
 * scheduled end comes down to the allocation when that is earlier (the table's check wants
 * end ≤ allocation), which leaves when applications stopped unchanged (subscriptionClosesAt).
 */
export function advanceDates(row: DatedRow, now: number, to?: IpoStep): AdvancedDates {
  const window = windowOf(row);
  const status = ipoStatus(window, now);
  if (status === 'listed') throw new ApiError('IPO_STATUS_TRANSITION', { from: 'listed', to: 'listed' });
  if (status === 'upcoming')
    throw new ApiError('IPO_STATUS_TRANSITION', { from: 'upcoming', to: 'allocating' });
  const pending: Record<IpoStep, boolean> = {
    allocation: allocationDueAt(row) > now,
    refund: row.refundAt > now,
    listing: row.listingAt > now,
  };
  const step = to ?? IPO_STEPS.find((s) => pending[s]) ?? 'listing';
  const upTo = IPO_STEPS.indexOf(step);
  const bring = (s: IpoStep, date: number) => (IPO_STEPS.indexOf(s) <= upTo ? Math.min(date, now) : date);
  const closedAt = status === 'subscribing' ? now : row.closedAt;
  const allocationAt = bring('allocation', row.allocationAt);
  const dates = {
    subscribeStart: row.subscribeStart,
    subscribeEnd: Math.min(row.subscribeEnd, allocationAt),
    closedAt,
    allocationAt,
    refundAt: bring('refund', row.refundAt),
    listingAt: bring('listing', row.listingAt),
  };
  // Only reachable when the window opened this very millisecond: refused rather than stored.
  const refused = checkIpoWindow(dates);
  if (refused) throw new ApiError(refused.key, refused.params);
  return { step, ...dates };
}
