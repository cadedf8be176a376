import { describe, expect, it } from 'vitest';
import {
  allocationRunsAt,
  applicationStatusAt,
  checkIpoWindow,
  checkPayment,
  checkTransition,
  ipoCountdown,
  ipoStatus,
  nextStatuses,
  type ApplicationFacts,
  type ApplicationStatus,
  type ApplicationTerms,
  type IpoWindow,
} from './lifecycle';

// A virtual clock in hours: subscription 10–40, allocation at 50, refund at 60, listing at 80.
const H = 3_600_000;
const window: IpoWindow = {
  subscribeStart: 10 * H,
  subscribeEnd: 40 * H,
  allocationAt: 50 * H,
  refundAt: 60 * H,
  listingAt: 80 * H,
};
const none: ApplicationFacts = { allocation: null, payment: null, settlement: null };

describe('IPO status on the clock', () => {
  it.each([
    [0, 'upcoming', 10 * H],
    [10 * H - 1, 'upcoming', 10 * H],
    [10 * H, 'subscribing', 40 * H],
    [40 * H - 1, 'subscribing', 40 * H],
    [40 * H, 'allocating', 80 * H],
    [79 * H, 'allocating', 80 * H],
    [80 * H, 'listed', null],
  ] as const)('at %i ms it is %s, counting down to %s', (t, status, until) => {
    expect(ipoStatus(window, t)).toBe(status);
    expect(ipoCountdown(window, t)).toEqual({ status, until });
  });

  it('stops subscribing at an early close, never before the start', () => {
    const closed = { ...window, closedAt: 20 * H };
    expect(ipoStatus(closed, 20 * H - 1)).toBe('subscribing');
    expect(ipoStatus(closed, 20 * H)).toBe('allocating');
    // A close later than the scheduled end changes nothing.
    expect(ipoStatus({ ...window, closedAt: 45 * H }, 41 * H)).toBe('allocating');
    // Closed before it opened: it never subscribes.
    expect(ipoStatus({ ...window, closedAt: 0 }, 10 * H)).toBe('allocating');
  });

  it('allocates at an early close, at once, and on schedule otherwise', () => {
    expect(allocationRunsAt(window)).toBe(50 * H);
    expect(allocationRunsAt({ ...window, closedAt: null })).toBe(50 * H);
    expect(allocationRunsAt({ ...window, closedAt: 20 * H })).toBe(20 * H);
    // Closed after the scheduled end but before allocation: applications stopped at the end.
    expect(allocationRunsAt({ ...window, closedAt: 45 * H })).toBe(40 * H);
    // Closed before it opened: at the opening, the earliest applications could have stopped.
    expect(allocationRunsAt({ ...window, closedAt: 0 })).toBe(10 * H);
    // A close at or after the scheduled allocation changes nothing.
    expect(allocationRunsAt({ ...window, closedAt: 50 * H })).toBe(50 * H);
  });

  it('refuses dates out of order', () => {
    expect(checkIpoWindow(window)).toBeNull();
    expect(checkIpoWindow({ ...window, subscribeEnd: 10 * H })).toEqual({
      key: 'IPO_WINDOW_ORDER',
      params: { field: 'subscribeEnd' },
    });
    expect(checkIpoWindow({ ...window, allocationAt: 39 * H })?.params).toEqual({ field: 'allocationAt' });
    expect(checkIpoWindow({ ...window, refundAt: 49 * H })?.params).toEqual({ field: 'refundAt' });
    expect(checkIpoWindow({ ...window, listingAt: 49 * H })?.params).toEqual({ field: 'listingAt' });
    expect(checkIpoWindow({ ...window, listingAt: Number.NaN })?.key).toBe('FIELD_INVALID');
  });
});

describe('application status at t', () => {
  const hold: ApplicationTerms = { mode: 'hold', window };
  const payAfter: ApplicationTerms = { mode: 'pay_after', window, payBy: 70 * H };

  it('walks a hold application from applying to won or not allotted', () => {
    const won: ApplicationFacts = { ...none, allocation: { at: 50 * H, allotted: 3n } };
    expect(applicationStatusAt(hold, won, 20 * H)).toBe('applying');
    expect(applicationStatusAt(hold, won, 45 * H)).toBe('to_be_allocated');
    expect(applicationStatusAt(hold, won, 50 * H)).toBe('won');
    expect(applicationStatusAt(hold, won, 90 * H)).toBe('won');
    const lost: ApplicationFacts = { ...none, allocation: { at: 50 * H, allotted: 0n } };
    expect(applicationStatusAt(hold, lost, 51 * H)).toBe('not_allotted');
    // Facts are read as of t: before the allocation was made, it does not count.
    expect(applicationStatusAt(hold, lost, 49 * H)).toBe('to_be_allocated');
  });

  it('walks a pay-after allotment through payment and settlement, or to lapsed', () => {
    const allotted = { at: 50 * H, allotted: 5n };
    const paid: ApplicationFacts = {
      allocation: allotted,
      payment: { at: 55 * H },
      settlement: { at: 70 * H },
    };
    expect(applicationStatusAt(payAfter, paid, 52 * H)).toBe('allocated_pending_payment');
    expect(applicationStatusAt(payAfter, paid, 55 * H)).toBe('wait_payment');
    expect(applicationStatusAt(payAfter, paid, 70 * H)).toBe('paid');
    const unpaid: ApplicationFacts = { ...none, allocation: allotted };
    expect(applicationStatusAt(payAfter, unpaid, 70 * H - 1)).toBe('allocated_pending_payment');
    expect(applicationStatusAt(payAfter, unpaid, 70 * H)).toBe('lapsed');
    // Without payBy the deadline is the refund date (60 h).
    expect(applicationStatusAt({ mode: 'pay_after', window }, unpaid, 60 * H)).toBe('lapsed');
  });

  it('allows paying only while an allotment waits for it', () => {
    const unpaid: ApplicationFacts = { ...none, allocation: { at: 50 * H, allotted: 5n } };
    expect(checkPayment(payAfter, unpaid, 60 * H)).toBeNull();
    expect(checkPayment(payAfter, unpaid, 70 * H)).toEqual({
      key: 'IPO_PAYMENT_CLOSED',
      params: { status: 'lapsed' },
    });
    expect(checkPayment(payAfter, none, 45 * H)?.params).toEqual({ status: 'to_be_allocated' });
    expect(checkPayment(hold, unpaid, 60 * H)?.params).toEqual({ status: 'won' });
  });

  it('only ever moves along the machine, hour by hour', () => {
    const cases: [ApplicationTerms, ApplicationFacts][] = [
      [hold, { ...none, allocation: { at: 50 * H, allotted: 2n } }],
      [hold, { ...none, allocation: { at: 50 * H, allotted: 0n } }],
      [
        payAfter,
        { allocation: { at: 50 * H, allotted: 2n }, payment: { at: 58 * H }, settlement: { at: 70 * H } },
      ],
      [payAfter, { allocation: { at: 50 * H, allotted: 2n }, payment: null, settlement: null }],
      // An early close that allocates at once: applying → won with no to_be_allocated between.
      [
        { mode: 'hold', window: { ...window, closedAt: 30 * H } },
        { ...none, allocation: { at: 30 * H, allotted: 1n } },
      ],
    ];
    for (const [terms, facts] of cases) {
      let previous: ApplicationStatus = applicationStatusAt(terms, facts, 0);
      for (let hour = 1; hour <= 100; hour++) {
        const status = applicationStatusAt(terms, facts, hour * H);
        if (status !== previous)
          expect(checkTransition(terms.mode, previous, status), `${previous} → ${status}`).toBeNull();
        previous = status;
      }
    }
  });

  it('refuses moves the machine does not have', () => {
    expect(checkTransition('hold', 'won', 'applying')).toEqual({
      key: 'IPO_STATUS_TRANSITION',
      params: { from: 'won', to: 'applying' },
    });
    expect(checkTransition('hold', 'to_be_allocated', 'allocated_pending_payment')).not.toBeNull();
    expect(checkTransition('pay_after', 'to_be_allocated', 'won')).not.toBeNull();
    expect(checkTransition('pay_after', 'wait_payment', 'lapsed')).not.toBeNull();
    expect(nextStatuses('pay_after', 'allocated_pending_payment')).toEqual([
      'wait_payment',
      'paid',
      'lapsed',
    ]);
    for (const terminal of ['won', 'not_allotted', 'paid', 'lapsed'] as const) {
      expect(nextStatuses('hold', terminal)).toEqual([]);
      expect(nextStatuses('pay_after', terminal)).toEqual([]);
    }
  });
});
