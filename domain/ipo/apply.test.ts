import { describe, expect, it } from 'vitest';
import { autoApplyLots, checkIpoApply, type IpoApplyContext } from './apply';

const H = 3_600_000;
const base: IpoApplyContext = {
  t: 20 * H,
  window: {
    subscribeStart: 10 * H,
    subscribeEnd: 40 * H,
    allocationAt: 50 * H,
    refundAt: 60 * H,
    listingAt: 80 * H,
  },
  mode: 'hold',
  terms: { issuePrice: '10', lotSize: 1, costs: null },
  limits: { minLots: 1n, maxLots: 500n },
  alreadyApplied: false,
  available: '1000',
};

describe('IPO application checks', () => {
  it('accepts an application inside the window that the balance covers', () => {
    // 100 lots × 10 = 1000 ≤ 1000.
    expect(checkIpoApply('100', base)).toBeNull();
  });

  it('answers the first broken rule, window first', () => {
    expect(checkIpoApply('1', { ...base, t: 5 * H })).toEqual({
      key: 'IPO_NOT_SUBSCRIBING',
      params: { status: 'upcoming' },
    });
    expect(checkIpoApply('1', { ...base, t: 40 * H })).toEqual({
      key: 'IPO_NOT_SUBSCRIBING',
      params: { status: 'allocating' },
    });
    expect(checkIpoApply('1', { ...base, alreadyApplied: true })).toEqual({ key: 'IPO_ALREADY_APPLIED' });
    expect(checkIpoApply('', base)).toEqual({ key: 'FIELD_REQUIRED', params: { field: 'lots' } });
    for (const bad of ['1.5', '-3', '1e3', '01', ' 2'])
      expect(checkIpoApply(bad, base), bad).toEqual({ key: 'FIELD_INVALID', params: { field: 'lots' } });
    expect(checkIpoApply('0', base)).toEqual({ key: 'ORDER_AMOUNT_ZERO' });
    expect(checkIpoApply('4', { ...base, limits: { minLots: 5n, maxLots: 500n } })).toEqual({
      key: 'IPO_LOTS_BELOW_MINIMUM',
      params: { min: '5' },
    });
    expect(checkIpoApply('501', base)).toEqual({ key: 'IPO_LOTS_ABOVE_MAXIMUM', params: { max: '500' } });
    // 101 × 10 = 1010 > 1000.
    expect(checkIpoApply('101', base)).toEqual({
      key: 'IPO_INSUFFICIENT_BALANCE',
      params: { amount: '1010' },
    });
  });

  it('does not ask a pay-after application for the money up front', () => {
    expect(checkIpoApply('101', { ...base, mode: 'pay_after' })).toBeNull();
  });
});

describe('auto-apply lots', () => {
  it('asks for one lot by default, within the IPO limits and the user maximum', () => {
    expect(autoApplyLots({ minLots: 1n, maxLots: 500n }, 10n)).toBe(1n);
    expect(autoApplyLots({ minLots: 1n, maxLots: 500n }, 10n, 25n)).toBe(10n);
    expect(autoApplyLots({ minLots: 3n, maxLots: 500n }, 10n)).toBe(3n);
    expect(autoApplyLots({ minLots: 1n, maxLots: 2n }, 10n, 5n)).toBe(2n);
  });

  it('applies for nothing when the user maximum is below the IPO minimum', () => {
    expect(autoApplyLots({ minLots: 5n, maxLots: 500n }, 4n)).toBeNull();
    expect(autoApplyLots({ minLots: 1n, maxLots: 500n }, 0n)).toBeNull();
  });
});
