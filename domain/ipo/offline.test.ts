import { describe, expect, it } from 'vitest';
import {
  checkOfflineApply,
  offlineLimits,
  offlineStatus,
  offlineWindow,
  type OfflineApplyContext,
} from './offline';

const DAY = 86_400_000;
const start = 10 * DAY;
const context: OfflineApplyContext = {
  t: start - DAY,
  window: offlineWindow(start),
  terms: { issuePrice: '20', lotSize: 1, costs: null },
  limits: offlineLimits(1n, 5_000n),
  alreadyApplied: false,
  available: '10000',
};

describe('offline subscription rules', () => {
  it('opens five days before the retail window and closes as it opens', () => {
    expect(offlineWindow(start)).toEqual({ opensAt: 5 * DAY, closesAt: start });
    expect(offlineStatus(offlineWindow(start), 5 * DAY - 1)).toBe('upcoming');
    expect(offlineStatus(offlineWindow(start), 5 * DAY)).toBe('open');
    expect(offlineStatus(offlineWindow(start), start)).toBe('closed');
  });

  it('asks for 100 × the retail minimum, never more than the tranche', () => {
    expect(offlineLimits(1n, 5_000n)).toEqual({ minLots: 100n, maxLots: 5_000n });
    expect(offlineLimits(10n, 5_000n)).toEqual({ minLots: 1_000n, maxLots: 5_000n });
    expect(offlineLimits(10n, 600n)).toEqual({ minLots: 600n, maxLots: 600n });
  });

  it('answers the first broken rule', () => {
    expect(checkOfflineApply('100', context)).toBeNull();
    expect(checkOfflineApply('100', { ...context, t: start })).toEqual({
      key: 'IPO_NOT_SUBSCRIBING',
      params: { status: 'offline_closed' },
    });
    expect(checkOfflineApply('100', { ...context, alreadyApplied: true })).toEqual({
      key: 'IPO_ALREADY_APPLIED',
    });
    expect(checkOfflineApply('99', context)).toEqual({
      key: 'IPO_LOTS_BELOW_MINIMUM',
      params: { min: '100' },
    });
    expect(checkOfflineApply('5001', context)).toEqual({
      key: 'IPO_LOTS_ABOVE_MAXIMUM',
      params: { max: '5000' },
    });
    expect(checkOfflineApply('0', context)).toEqual({ key: 'ORDER_AMOUNT_ZERO' });
    // 20 × 501 = 10020 > 10000.
    expect(checkOfflineApply('501', context)).toEqual({
      key: 'IPO_INSUFFICIENT_BALANCE',
      params: { amount: '10020', available: '10000' },
    });
  });
});
