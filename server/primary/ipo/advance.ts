import { checkIpoWindow, ipoStatus } from '../../../domain/ipo/lifecycle';
import { ApiError } from '../../http/errors';
import { allocationDueAt, windowOf, type DatedRow } from './terms';

/** The IPO's steps, in order: the window opens, then what the IPO pass carries out after it. */
export const IPO_STEPS = ['open', 'allocation', 'refund', 'listing'] as const;
export type IpoStep = (typeof IPO_STEPS)[number];

export type AdvancedDates = {
  step: IpoStep;
  subscribeStart: number;
  subscribeEnd: number;
  closedAt: number | null;
  allocationAt: number;
  refundAt: number;
  listingAt: number;
};

/**
 * The sandbox clock control behind `ipo advance` (paper money only): brings the IPO's next pending
 * date (or every date up to `to`) to `now`, so the next IPO pass does that step. An upcoming IPO's
 * next step is its opening (the subscription starts now); a later `to` is refused, naming it. A step takes the
 * earlier dates with it (a refund is never dated before its allocation), and the allocation step
 * of a window still open closes it, as `ipo close` does: allocation never overlaps applications.
 * Each date becomes min(date, now), and now is past the close, so the prospectus order holds; the
 * scheduled end comes down to the allocation when that is earlier (the table's check wants
 * end ≤ allocation), which leaves when applications stopped unchanged (subscriptionClosesAt).
 */
export function advanceDates(row: DatedRow, now: number, to?: IpoStep): AdvancedDates {
  const window = windowOf(row);
  const status = ipoStatus(window, now);
  if (status === 'listed') throw new ApiError('IPO_ADVANCE_DONE');
  // Step by step: an upcoming IPO opens first (the next pass auto-applies, as on any opening);
  // allocating it at once would leave a window no one could apply in.
  if (status === 'upcoming') {
    if (to !== undefined && to !== 'open') throw new ApiError('IPO_ADVANCE_ORDER', { next: 'open', to });
    const opened = { ...window, subscribeStart: now, closedAt: row.closedAt };
    const refused = checkIpoWindow(opened);
    if (refused) throw new ApiError(refused.key, refused.params);
    return { step: 'open', ...opened };
  }
  const pending: Record<IpoStep, boolean> = {
    open: false,
    allocation: allocationDueAt(row) > now,
    refund: row.refundAt > now,
    listing: row.listingAt > now,
  };
  const next = IPO_STEPS.find((s) => pending[s]) ?? 'listing';
  if (to === 'open') throw new ApiError('IPO_ADVANCE_ORDER', { next, to });
  const step = to ?? next;
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
