import type { IpoError } from './errors';

/**
 * The IPO's status on the market clock, and what an application shows, as functions of time and
 * of the facts recorded so far (allocation, payment, settlement). Nothing here reads a clock: the
 * server and the screens pass `t`, so a test can walk an IPO through virtual time and an audit can
 * ask what a user saw at any past moment.
 */

/** Epoch ms. `closedAt` is set when the operator closes the subscription early. */
export type IpoWindow = {
  subscribeStart: number;
  subscribeEnd: number;
  allocationAt: number;
  refundAt: number;
  listingAt: number;
  closedAt?: number | null;
};

/** SPEC §4: upcoming, accepting subscriptions, (allocation and) to be listed, then listed. */
export const IPO_STATUSES = ['upcoming', 'subscribing', 'allocating', 'listed'] as const;
export type IpoStatus = (typeof IPO_STATUSES)[number];

/**
 * The dates must follow each other: the window opens before it closes, allocation is not before
 * the close, refunds are not before allocation, listing is not before allocation.
 */
export function checkIpoWindow(window: IpoWindow): IpoError | null {
  const dates = [
    window.subscribeStart,
    window.subscribeEnd,
    window.allocationAt,
    window.refundAt,
    window.listingAt,
  ];
  if (!dates.every(Number.isSafeInteger)) return { key: 'FIELD_INVALID', params: { field: 'window' } };
  if (window.subscribeStart >= window.subscribeEnd)
    return { key: 'IPO_WINDOW_ORDER', params: { field: 'subscribeEnd' } };
  if (window.allocationAt < window.subscribeEnd)
    return { key: 'IPO_WINDOW_ORDER', params: { field: 'allocationAt' } };
  if (window.refundAt < window.allocationAt)
    return { key: 'IPO_WINDOW_ORDER', params: { field: 'refundAt' } };
  if (window.listingAt < window.allocationAt)
    return { key: 'IPO_WINDOW_ORDER', params: { field: 'listingAt' } };
  return null;
}

/** When applications stop: the scheduled end, or the operator's early close if sooner. */
export function subscriptionClosesAt(window: IpoWindow): number {
  const closed = window.closedAt;
  return closed !== undefined && closed !== null && closed < window.subscribeEnd
    ? Math.max(closed, window.subscribeStart)
    : window.subscribeEnd;
}

/**
 * When allocation runs: the scheduled date, or at once when the operator closed the window before
 * it (the allocation pass allocates an early-closed offering on its next run).
 */
export function allocationRunsAt(window: IpoWindow): number {
  const closed = window.closedAt;
  return closed !== undefined && closed !== null && closed < window.allocationAt
    ? subscriptionClosesAt(window)
    : window.allocationAt;
}

export function ipoStatus(window: IpoWindow, t: number): IpoStatus {
  if (t < window.subscribeStart) return 'upcoming';
  if (t < subscriptionClosesAt(window)) return 'subscribing';
  if (t < window.listingAt) return 'allocating';
  return 'listed';
}

/** What the IPO tab's countdown counts to: the next status change, or null once listed. */
export function ipoCountdown(window: IpoWindow, t: number): { status: IpoStatus; until: number | null } {
  const status = ipoStatus(window, t);
  const until =
    status === 'upcoming'
      ? window.subscribeStart
      : status === 'subscribing'
        ? subscriptionClosesAt(window)
        : status === 'allocating'
          ? window.listingAt
          : null;
  return { status, until };
}

/**
 * SPEC §4's application statuses, plus `lapsed` (an allotment of a pay-after IPO not
 * paid by the deadline; the screens may show it with "not allotted"'s style).
 *
 * - `hold` IPOs hold the money at application: applying → to_be_allocated → won | not_allotted.
 * - `pay_after` IPOs hold nothing at application; after allocation an allotment waits for the
 *   user: allocated_pending_payment → (user pays: the amount is held) wait_payment → (settled
 *   on the payment deadline) paid; or → lapsed when the deadline passes unpaid.
 */
export const APPLICATION_STATUSES = [
  'applying',
  'to_be_allocated',
  'allocated_pending_payment',
  'wait_payment',
  'paid',
  'not_allotted',
  'won',
  'lapsed',
] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/** `hold`: the charge is held at application; `pay_after`: paid after allocation (domain/ipo/money). */
export const PAYMENT_MODES = ['hold', 'pay_after'] as const;
export type PaymentMode = (typeof PAYMENT_MODES)[number];

/** `equal`: BIST equal distribution (domain/ipo/allocation); `lottery`: domain/ipo/lottery. */
export const ALLOCATION_METHODS = ['equal', 'lottery'] as const;
export type AllocationMethod = (typeof ALLOCATION_METHODS)[number];

/**
 * Legal moves. A status may be skipped when two facts share a moment (an early close allocating
 * at once; a payment settled as it is made), so the skips are listed too.
 */
const TRANSITIONS: Readonly<
  Record<PaymentMode, Readonly<Record<ApplicationStatus, readonly ApplicationStatus[]>>>
> = {
  hold: {
    applying: ['to_be_allocated', 'won', 'not_allotted'],
    to_be_allocated: ['won', 'not_allotted'],
    allocated_pending_payment: [],
    wait_payment: [],
    paid: [],
    not_allotted: [],
    won: [],
    lapsed: [],
  },
  pay_after: {
    applying: ['to_be_allocated', 'allocated_pending_payment', 'not_allotted'],
    to_be_allocated: ['allocated_pending_payment', 'not_allotted'],
    allocated_pending_payment: ['wait_payment', 'paid', 'lapsed'],
    wait_payment: ['paid'],
    paid: [],
    not_allotted: [],
    won: [],
    lapsed: [],
  },
};

export function nextStatuses(mode: PaymentMode, from: ApplicationStatus): readonly ApplicationStatus[] {
  return TRANSITIONS[mode][from];
}

export function checkTransition(
  mode: PaymentMode,
  from: ApplicationStatus,
  to: ApplicationStatus,
): IpoError | null {
  return TRANSITIONS[mode][from].includes(to) ? null : { key: 'IPO_STATUS_TRANSITION', params: { from, to } };
}

/** What has happened to an application, each with the epoch ms it happened at (null: not yet). */
export type ApplicationFacts = {
  allocation: { at: number; allotted: bigint } | null;
  /** pay_after only: the user paid (the amount is held until settlement). */
  payment: { at: number } | null;
  /** pay_after only: the held payment was taken and the shares booked. */
  settlement: { at: number } | null;
};

/** `payBy` (pay_after): the payment deadline; the IPO's refund date unless configured. */
export type ApplicationTerms = { mode: PaymentMode; window: IpoWindow; payBy?: number | null };

export function paymentDeadline(terms: ApplicationTerms): number {
  return terms.payBy ?? terms.window.refundAt;
}

/** The status an application shows at `t`, from the facts recorded up to `t`. */
export function applicationStatusAt(
  terms: ApplicationTerms,
  facts: ApplicationFacts,
  t: number,
): ApplicationStatus {
  const happened = (fact: { at: number } | null): boolean => fact !== null && fact.at <= t;
  const allocation = facts.allocation;
  if (allocation === null || allocation.at > t)
    return t < subscriptionClosesAt(terms.window) ? 'applying' : 'to_be_allocated';
  if (allocation.allotted === 0n) return 'not_allotted';
  if (terms.mode === 'hold') return 'won';
  if (happened(facts.settlement)) return 'paid';
  if (happened(facts.payment)) return 'wait_payment';
  return t >= paymentDeadline(terms) ? 'lapsed' : 'allocated_pending_payment';
}

/** Whether the user may pay a pay-after allotment at `t`; the refusal otherwise. */
export function checkPayment(terms: ApplicationTerms, facts: ApplicationFacts, t: number): IpoError | null {
  const status = applicationStatusAt(terms, facts, t);
  return status === 'allocated_pending_payment' ? null : { key: 'IPO_PAYMENT_CLOSED', params: { status } };
}
