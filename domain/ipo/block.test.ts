import { describe, expect, it } from 'vitest';
import {
  blockCharge,
  blockPrice,
  checkBlockOrder,
  checkBlockSell,
  checkBlockTerms,
  lockupEnd,
  type BlockOrderContext,
  type BlockTerms,
} from './block';

describe('block price, hand-computed', () => {
  it.each([
    // 47.30 × 0.90 = 42.57; tier 20–49.98 ticks by 0.02 → 42.56.
    ['47.30', '0.10', '42.56'],
    // 120.00 × 0.93 = 111.60, on the 0.10 tick.
    ['120.00', '0.07', '111.6'],
    // 19.99 × 0.95 = 18.9905 → 18.99 (kuruş, down), 0.01 tick.
    ['19.99', '0.05', '18.99'],
    // 1050 × 0.97 = 1018.50 → 1.00 tick → 1018.
    ['1050', '0.03', '1018'],
    // 52.60 × 0.95 = 49.97: below 50, so the 0.02 tick → 49.96.
    ['52.60', '0.05', '49.96'],
    // No discount: the reference itself.
    ['21.00', '0', '21'],
  ])('%s less %s is %s', (reference, discount, price) => {
    expect(blockPrice(reference, discount)).toBe(price);
  });

  it('has no price for a discount outside [0, 1) or nothing left', () => {
    expect(blockPrice('10', '1')).toBeNull();
    expect(blockPrice('10', '-0.01')).toBeNull();
    expect(blockPrice('10', 'x')).toBeNull();
    expect(blockPrice('0', '0.1')).toBeNull();
    expect(blockPrice('10.001', '0.1')).toBeNull();
    // 0.01 × 0.5 = 0.005 → 0.00: no price.
    expect(blockPrice('0.01', '0.5')).toBeNull();
  });
});

const H = 3_600_000;
const terms: BlockTerms = {
  referencePrice: '47.30',
  discount: '0.10',
  lotSize: 1,
  lotsOffered: 10_000n,
  minLots: 100n,
  maxLots: 2_000n,
  opensAt: 10 * H,
  closesAt: 20 * H,
  lockupDays: 30,
  vipOnly: false,
  costs: null,
};
const context: BlockOrderContext = { t: 12 * H, isVip: false, soldLots: 9_000n, available: '50000' };

describe('block orders', () => {
  it('costs price × lots × lot size plus the stock costs', () => {
    // 42.56 × 250 = 10640.
    expect(blockCharge(terms, 250n)).toEqual({ amount: '10640', costs: '0', total: '10640' });
    // With 0.2 % commission (min 0): 21.28; BSMV 5 % = 1.064 → 1.06; no fee → 10662.34.
    const costs = { commissionRate: '0.002', minCommission: '0', bsmvRate: '0.05', exchangeFeeRate: '0' };
    expect(blockCharge({ ...terms, costs }, 250n)?.total).toBe('10662.34');
  });

  it('accepts an order inside every limit', () => {
    expect(checkBlockOrder('250', terms, context)).toBeNull();
  });

  it('answers the first broken rule', () => {
    expect(checkBlockOrder('250', terms, { ...context, t: 20 * H })).toEqual({ key: 'BLOCK_NOT_OPEN' });
    expect(checkBlockOrder('250', { ...terms, vipOnly: true }, context)).toEqual({ key: 'BLOCK_VIP_ONLY' });
    expect(checkBlockOrder('250', { ...terms, vipOnly: true }, { ...context, isVip: true })).toBeNull();
    expect(checkBlockOrder('', terms, context)).toEqual({ key: 'FIELD_REQUIRED', params: { field: 'lots' } });
    expect(checkBlockOrder('2.5', terms, context)).toEqual({
      key: 'FIELD_INVALID',
      params: { field: 'lots' },
    });
    expect(checkBlockOrder('0', terms, context)).toEqual({ key: 'ORDER_AMOUNT_ZERO' });
    expect(checkBlockOrder('99', terms, context)).toEqual({
      key: 'BLOCK_LOTS_BELOW_MINIMUM',
      params: { min: '100' },
    });
    expect(checkBlockOrder('2001', terms, context)).toEqual({
      key: 'BLOCK_LOTS_ABOVE_MAXIMUM',
      params: { max: '2000' },
    });
    // 10 000 − 9 000 sold = 1 000 left.
    expect(checkBlockOrder('1001', terms, context)).toEqual({
      key: 'BLOCK_LOTS_ABOVE_REMAINING',
      params: { remaining: '1000' },
    });
    // 42.56 × 1000 = 42560 > 40000.
    expect(checkBlockOrder('1000', terms, { ...context, available: '40000' })).toEqual({
      key: 'BLOCK_INSUFFICIENT_BALANCE',
      params: { amount: '42560', available: '40000' },
    });
  });

  it('counts earlier orders of the buyer against the per-buyer maximum', () => {
    // 1 800 bought already: 200 more is the limit, and 201 is over it.
    const again = { ...context, soldLots: 2_000n, boughtLots: 1_800n };
    expect(checkBlockOrder('200', terms, again)).toBeNull();
    expect(checkBlockOrder('201', terms, again)).toEqual({
      key: 'BLOCK_LOTS_ABOVE_MAXIMUM',
      params: { max: '200' },
    });
    expect(checkBlockOrder('100', terms, { ...again, boughtLots: 2_000n })).toEqual({
      key: 'BLOCK_LOTS_ABOVE_MAXIMUM',
      params: { max: '0' },
    });
  });

  it('checks the operator terms', () => {
    expect(checkBlockTerms(terms)).toBeNull();
    expect(checkBlockTerms({ ...terms, discount: '1.2' })).toEqual({ key: 'BLOCK_DISCOUNT_INVALID' });
    expect(checkBlockTerms({ ...terms, maxLots: 99n })?.params).toEqual({ field: 'maxLots' });
    expect(checkBlockTerms({ ...terms, lotsOffered: 50n })?.params).toEqual({ field: 'lotsOffered' });
    expect(checkBlockTerms({ ...terms, closesAt: 10 * H })?.params).toEqual({ field: 'closesAt' });
    expect(checkBlockTerms({ ...terms, lockupDays: -1 })?.params).toEqual({ field: 'lockupDays' });
    expect(checkBlockTerms({ ...terms, lotSize: 0 })?.params).toEqual({ field: 'lotSize' });
  });
});

describe('lock-up', () => {
  it('ends whole days of 24 hours after the purchase', () => {
    // 2026-03-02 10:15 Istanbul (07:15 UTC) + 30 days = 2026-04-01 10:15 Istanbul.
    const bought = Date.UTC(2026, 2, 2, 7, 15);
    const end = lockupEnd(bought, 30);
    expect(end).toBe(Date.UTC(2026, 3, 1, 7, 15));
    expect(checkBlockSell(end - 1, end)).toEqual({ key: 'BLOCK_LOCKED_UP', params: { until: end } });
    expect(checkBlockSell(end, end)).toBeNull();
    expect(lockupEnd(bought, 0)).toBe(bought);
  });
});
