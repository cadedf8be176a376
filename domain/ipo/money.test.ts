import { describe, expect, it } from 'vitest';
import {
  allocationSettlement,
  applicationHold,
  checkSubscriptionBalance,
  subscriptionAmount,
  type IpoPriceTerms,
} from './money';

// Costs like a broker's: 0.15% commission with a 5 TL minimum, BSMV 5% of it, exchange fee 0.003%.
const terms: IpoPriceTerms = {
  issuePrice: '21.50',
  lotSize: 1,
  costs: { commissionRate: '0.0015', minCommission: '5', bsmvRate: '0.05', exchangeFeeRate: '0.00003' },
};

describe('IPO money, hand-computed', () => {
  it('holds price × lots plus the stock costs', () => {
    // 21.50 × 100 = 2150; commission 3.225 → 3.23 < 5 → 5; BSMV 0.25; fee 0.0645 → 0.06;
    // costs 5.31; hold 2155.31.
    expect(applicationHold(terms, 'hold', 100n)).toEqual({
      amount: '2150',
      costs: '5.31',
      total: '2155.31',
      hold: '2155.31',
    });
    // 21.50 × 10000 = 215000; commission 322.50; BSMV 16.125 → 16.13; fee 6.45; costs 345.08.
    expect(applicationHold(terms, 'hold', 10_000n).hold).toBe('215345.08');
  });

  it('holds nothing for a pay-after IPO but still shows what it may cost', () => {
    expect(applicationHold(terms, 'pay_after', 100n)).toEqual({
      amount: '2150',
      costs: '5.31',
      total: '2155.31',
      hold: '0',
    });
  });

  it('charges the allotted lots and refunds the rest of the hold', () => {
    // 37 allotted: 21.50 × 37 = 795.50; commission 1.19325 → 5 (minimum); BSMV 0.25;
    // fee 0.023865 → 0.02; charge 800.77; refund 2155.31 − 800.77 = 1354.54.
    expect(allocationSettlement(terms, 'hold', 100n, 37n)).toEqual({
      charge: { amount: '795.5', costs: '5.27', total: '800.77' },
      refund: '1354.54',
      due: '0',
    });
    // Nothing allotted: no costs, all 2155.31 back. Everything allotted: nothing back.
    expect(allocationSettlement(terms, 'hold', 100n, 0n).refund).toBe('2155.31');
    expect(allocationSettlement(terms, 'hold', 100n, 100n).refund).toBe('0');
  });

  it('asks a pay-after allotment for its charge and refunds nothing', () => {
    expect(allocationSettlement(terms, 'pay_after', 100n, 37n)).toEqual({
      charge: { amount: '795.5', costs: '5.27', total: '800.77' },
      refund: '0',
      due: '800.77',
    });
  });

  it('multiplies by the lot size and goes without costs where configured', () => {
    // 2.50 × 3 lots × 100 shares = 750.
    const plain: IpoPriceTerms = { issuePrice: '2.50', lotSize: 100, costs: null };
    expect(subscriptionAmount(plain, 3n)).toBe('750');
    expect(applicationHold(plain, 'hold', 3n).hold).toBe('750');
    // 10^20 lots × 2.50 × 100 = 2.5 × 10^22, every digit kept.
    expect(subscriptionAmount(plain, 10n ** 20n)).toBe('25000000000000000000000');
  });

  it('refuses a short balance with the amount needed', () => {
    expect(checkSubscriptionBalance('2155.31', '2155.31')).toBeNull();
    expect(checkSubscriptionBalance('2155.30', '2155.31')).toEqual({
      key: 'IPO_INSUFFICIENT_BALANCE',
      params: { amount: '2155.31', available: '2155.3' },
    });
  });
});
