/**
 * The steps every offering (an IPO, its offline tranche, a coin sale) goes through after its
 * window, in this order: allocation, then the refund of what the allocation did not take, then
 * (paid after allocation only) the lapse of unpaid allotments, then the listing. A step falls due
 * on its date and never before the allocation: a refund or a listing without an allocation to
 * follow would have nothing to act on.
 */
export const OFFERING_STEPS = ['allocation', 'refund', 'lapse', 'listing'] as const;
export type OfferingStep = (typeof OFFERING_STEPS)[number];

/** Each step's due date (epoch ms); absent or null: the offering has no such step. */
export type StepDates = { allocation: number } & Partial<
  Record<Exclude<OfferingStep, 'allocation'>, number | null>
>;

/** The steps due at `now`, in order; none before the allocation's date. */
export function dueSteps(dates: StepDates, now: number): Set<OfferingStep> {
  const due = new Set<OfferingStep>();
  if (now < dates.allocation) return due;
  for (const step of OFFERING_STEPS) {
    const at = dates[step];
    if (at !== undefined && at !== null && now >= at) due.add(step);
  }
  return due;
}
