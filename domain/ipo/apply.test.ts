import { describe, expect, it } from 'vitest';
import { autoApplyLots, checkIpoApply, ipoLotLimits, type IpoApplyContext } from './apply';

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
      params: { amount: '1010', available: '1000' },
    });
  });

  it('does not ask a pay-after application for the money up front', () => {
    expect(checkIpoApply('101', { ...base, mode: 'pay_after' })).toBeNull();
  });
});

describe('lottery IPOs take whole tickets', () => {
  const lottery = { method: 'lottery', minLots: '10', maxLots: '10000', ticketLots: '10' };
  const limits = ipoLotLimits(lottery);
  const context = { ...base, available: '1000000', limits };

  it('refuses a lot count that is not a multiple of the ticket, naming the ticket', () => {
    // The case that hurts: 15 lots of a 10-lot ticket would leave 5 lots' money frozen for nothing.
    expect(checkIpoApply('15', context)).toEqual({ key: 'IPO_LOTS_NOT_MULTIPLE', params: { ticket: '10' } });
    expect(checkIpoApply('9999', context)).toEqual({
      key: 'IPO_LOTS_NOT_MULTIPLE',
      params: { ticket: '10' },
    });
    for (const ok of ['10', '20', '150', '10000']) expect(checkIpoApply(ok, context), ok).toBeNull();
    // The other limits still answer first where they apply.
    expect(checkIpoApply('5', context)?.key).toBe('IPO_LOTS_BELOW_MINIMUM');
    expect(checkIpoApply('10010', context)?.key).toBe('IPO_LOTS_ABOVE_MAXIMUM');
  });

  it('rounds a lottery minimum up and its maximum down to whole tickets', () => {
    expect(ipoLotLimits({ method: 'lottery', minLots: '1', maxLots: '405', ticketLots: '10' })).toEqual({
      minLots: 10n,
      maxLots: 400n,
      multipleOf: 10n,
    });
    expect(ipoLotLimits({ method: 'lottery', minLots: '3', maxLots: '50', ticketLots: '1' })).toEqual({
      minLots: 3n,
      maxLots: 50n,
    });
  });

  it('leaves equal distribution alone: any lot count within the limits', () => {
    const equal = ipoLotLimits({ method: 'equal', minLots: '1', maxLots: '500', ticketLots: null });
    expect(equal).toEqual({ minLots: 1n, maxLots: 500n });
    expect(checkIpoApply('15', { ...base, limits: equal })).toBeNull();
    // A ticket size left on a non-lottery row means nothing.
    const stray = ipoLotLimits({ method: 'equal', minLots: '1', maxLots: '500', ticketLots: '10' });
    expect(checkIpoApply('15', { ...base, limits: stray })).toBeNull();
  });

  it('auto-applies for a whole number of tickets', () => {
    expect(autoApplyLots(limits, 10000n)).toBe(10n);
    const loose = ipoLotLimits({ method: 'lottery', minLots: '5', maxLots: '100', ticketLots: '10' });
    expect(autoApplyLots(loose, 100n)).toBe(10n);
    expect(autoApplyLots(loose, 100n, 25n)).toBe(30n);
    expect(autoApplyLots(loose, 25n, 25n)).toBe(20n);
    expect(autoApplyLots(loose, 9n)).toBeNull();
    for (const lots of [autoApplyLots(limits, 10000n), autoApplyLots(loose, 100n, 25n)])
      expect(checkIpoApply(String(lots), { ...context, limits: lots === 10n ? limits : loose })).toBeNull();
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
