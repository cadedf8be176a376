import { describe, expect, it } from 'vitest';
import { purchaseWindow, trialWindow, vipStateAt } from './vip';
import { DAY_MS } from '../time';

const T0 = Date.parse('2026-11-23T09:00:00Z');

describe('VIP states and windows', () => {
  it('has no state before the trial, trial while it runs, expired after', () => {
    expect(vipStateAt(null, T0)).toEqual({ state: 'none', active: false, activeUntil: null });
    const trial = trialWindow(T0, 7);
    expect(trial).toEqual({ startsAt: T0, endsAt: T0 + 7 * DAY_MS });
    const record = { trialStartedAt: T0, trialEndsAt: trial.endsAt, paidUntil: null };
    expect(vipStateAt(record, T0 + 7 * DAY_MS - 1)).toEqual({
      state: 'trial',
      active: true,
      activeUntil: T0 + 7 * DAY_MS,
    });
    // The end instant itself is outside: [start, end).
    expect(vipStateAt(record, T0 + 7 * DAY_MS).state).toBe('expired');
  });

  it('starts a purchase where the active membership ends, or now when none is', () => {
    const record = { trialStartedAt: T0, trialEndsAt: T0 + 7 * DAY_MS, paidUntil: null };
    // Bought on day 2 of the trial: the 30 days start when the trial ends.
    expect(purchaseWindow(record, T0 + 2 * DAY_MS, 30)).toEqual({
      startsAt: T0 + 7 * DAY_MS,
      endsAt: T0 + 37 * DAY_MS,
    });
    // Bought after it expired: from now.
    expect(purchaseWindow(record, T0 + 10 * DAY_MS, 30)).toEqual({
      startsAt: T0 + 10 * DAY_MS,
      endsAt: T0 + 40 * DAY_MS,
    });
    // A second purchase extends the first.
    const paid = { ...record, paidUntil: T0 + 40 * DAY_MS };
    expect(vipStateAt(paid, T0 + 11 * DAY_MS)).toEqual({
      state: 'purchased',
      active: true,
      activeUntil: T0 + 40 * DAY_MS,
    });
    expect(purchaseWindow(paid, T0 + 11 * DAY_MS, 30).endsAt).toBe(T0 + 70 * DAY_MS);
    expect(vipStateAt(paid, T0 + 40 * DAY_MS).state).toBe('expired');
  });
});
