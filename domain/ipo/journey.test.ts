import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { demandGroups, equalDistribution, type Application } from './allocation';
import { checkIpoApply, type IpoApplyContext } from './apply';
import { expectedLots } from './estimate';
import { applicationStatusAt, type ApplicationTerms } from './lifecycle';
import { allocationSettlement, applicationHold, type IpoPriceTerms } from './money';

// One IPO walked through on a virtual clock with the domain functions alone, the way the server
// will chain them: every number below is worked out by hand in the comments.
const H = 3_600_000;
const window = {
  subscribeStart: 10 * H,
  subscribeEnd: 40 * H,
  allocationAt: 50 * H,
  refundAt: 60 * H,
  listingAt: 80 * H,
};
const terms: IpoPriceTerms = {
  issuePrice: '21.50',
  lotSize: 1,
  costs: { commissionRate: '0.0015', minCommission: '5', bsmvRate: '0.05', exchangeFeeRate: '0.00003' },
};
const statusTerms: ApplicationTerms = { mode: 'hold', window };
const POOL = 10n;

describe('an equal-distribution IPO from application to refund', () => {
  it('holds, allocates, charges and refunds so that every lira is accounted for', () => {
    const cash = new Map([
      ['ayse', new Decimal('5000')],
      ['burak', new Decimal('100')],
      ['cem', new Decimal('1000')],
      ['deniz', new Decimal('100')],
    ]);
    const held = new Map<string, Decimal>();
    const applications: Application[] = [];
    const context = (user: string, t: number): IpoApplyContext => ({
      t,
      window,
      mode: 'hold',
      terms,
      limits: { minLots: 1n, maxLots: 1000n },
      alreadyApplied: applications.some((a) => a.id === user),
      available: (cash.get(user) ?? new Decimal(0)).toFixed(),
    });
    const apply = (user: string, lots: bigint, t: number) => {
      expect(checkIpoApply(lots.toString(), context(user, t))).toBeNull();
      const hold = new Decimal(applicationHold(terms, 'hold', lots).hold);
      cash.set(user, (cash.get(user) ?? new Decimal(0)).minus(hold));
      held.set(user, hold);
      applications.push({ id: user, lots, appliedAt: t });
    };

    // Before the window opens nobody can apply.
    expect(checkIpoApply('1', context('ayse', 9 * H))?.key).toBe('IPO_NOT_SUBSCRIBING');
    // ayse 100 lots: 2150 + costs 5.31 (commission min 5, BSMV 0.25, fee 0.06) = 2155.31.
    apply('ayse', 100n, 11 * H);
    // burak 3 lots: 64.50 + 5 + 0.25 + 0.00 = 69.75.
    apply('burak', 3n, 12 * H);
    // Before cem applies, the screen estimates: pool 10, demand {100, 3} plus cem's 20:
    // ⌊10/3⌋ = 3 → burak's 3 fits, ⌊7/2⌋ = 3 → cem 3.
    expect(expectedLots(POOL, demandGroups(applications.map((a) => a.lots)), 20n)).toBe(3n);
    // cem 20 lots: 430 + 5 + 0.25 + 0.01 = 435.26.
    apply('cem', 20n, 13 * H);
    expect([...held.values()].map((h) => h.toFixed())).toEqual(['2155.31', '69.75', '435.26']);

    // Refused, nothing changed: twice, short of money (deniz: 5 lots → 107.50 + 5.25 = 112.75 > 100), closed.
    expect(checkIpoApply('1', context('ayse', 20 * H))?.key).toBe('IPO_ALREADY_APPLIED');
    expect(checkIpoApply('5', context('deniz', 20 * H))).toEqual({
      key: 'IPO_INSUFFICIENT_BALANCE',
      params: { amount: '112.75', available: '100' },
    });
    expect(checkIpoApply('1', context('deniz', 40 * H))?.key).toBe('IPO_NOT_SUBSCRIBING');
    expect(cash.get('deniz')?.toFixed()).toBe('100');

    const facts = (allotted: bigint | null) => ({
      allocation: allotted === null ? null : { at: 50 * H, allotted },
      payment: null,
      settlement: null,
    });
    expect(applicationStatusAt(statusTerms, facts(null), 20 * H)).toBe('applying');
    expect(applicationStatusAt(statusTerms, facts(null), 45 * H)).toBe('to_be_allocated');

    // Allocation at 50 h: ⌊10/3⌋ = 3, burak (3) satisfied; ⌊7/2⌋ = 3, leftover 1 → ayse (earlier).
    const outcome = equalDistribution(POOL, applications);
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.allotments.map((a) => [a.id, a.allotted])).toEqual([
      ['ayse', 4n],
      ['burak', 3n],
      ['cem', 3n],
    ]);

    // Charges and refunds: ayse 4 lots = 86 + 5.25 = 91.25, refund 2155.31 − 91.25 = 2064.06;
    // burak 69.75, refund 0; cem 3 lots = 64.50 + 5.25 = 69.75, refund 435.26 − 69.75 = 365.51.
    let charged = new Decimal(0);
    let refunded = new Decimal(0);
    for (const allotment of outcome.allotments) {
      const settlement = allocationSettlement(terms, 'hold', allotment.requested, allotment.allotted);
      charged = charged.plus(settlement.charge.total);
      refunded = refunded.plus(settlement.refund);
      cash.set(allotment.id, (cash.get(allotment.id) ?? new Decimal(0)).plus(settlement.refund));
      expect(applicationStatusAt(statusTerms, facts(allotment.allotted), 50 * H)).toBe('won');
    }
    expect(charged.toFixed()).toBe('230.75');
    expect(refunded.toFixed()).toBe('2429.57');
    // Every held lira is either charged or refunded.
    const totalHeld = [...held.values()].reduce((s, h) => s.plus(h), new Decimal(0));
    expect(charged.plus(refunded).eq(totalHeld)).toBe(true);
    expect(Object.fromEntries([...cash].map(([user, c]) => [user, c.toFixed()]))).toEqual({
      ayse: '4908.75',
      burak: '30.25',
      cem: '930.25',
      deniz: '100',
    });
  });
});
