import type Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { stockBuyTotal } from './costs';
import { keepsPriority, modifiedHold, modifyProblem, trailValueFor } from './order-modify';

/** BIST costs as the broker's defaults: commission 0.15 %, BSMV 5 % of it, exchange fee 0.003 %. */
const COSTS = { commissionRate: '0.0015', minCommission: '0', bsmvRate: '0.05', exchangeFeeRate: '0.00003' };
const stockTotal = (amount: Decimal) => stockBuyTotal(amount, COSTS);

const resting = {
  side: 'buy' as const,
  price: '99',
  quantity: '10',
  filledQty: '0',
  filledAmount: '0',
  fees: '0',
};

describe('keepsPriority', () => {
  it('keeps the turn only for fewer (or as many) lots at the same price', () => {
    expect(keepsPriority(resting, { price: '99.00', quantity: '5' })).toBe(true);
    expect(keepsPriority(resting, { price: '99', quantity: '10' })).toBe(true);
    expect(keepsPriority(resting, { price: '99', quantity: '11' })).toBe(false);
    expect(keepsPriority(resting, { price: '98.95', quantity: '5' })).toBe(false);
    expect(keepsPriority(resting, { price: '99.05', quantity: '10' })).toBe(false);
  });
});

describe('modifyProblem', () => {
  it('refuses a change that changes nothing, and lots not above the filled part', () => {
    expect(modifyProblem(resting, { price: '99.00', quantity: '10' })).toEqual({
      key: 'ORDER_MODIFY_UNCHANGED',
    });
    const partly = { ...resting, filledQty: '4', filledAmount: '396', fees: '0.63' };
    expect(modifyProblem(partly, { price: '99', quantity: '4' })).toEqual({
      key: 'ORDER_MODIFY_BELOW_FILLED',
      params: { filled: '4' },
    });
    expect(modifyProblem(partly, { price: '99', quantity: '5' })).toBeNull();
    expect(modifyProblem(resting, { price: '98', quantity: '10' })).toBeNull();
  });
});

describe('modifiedHold', () => {
  it('holds what a new order at the new figures would, when nothing filled', () => {
    // 10 × 98 = 980: commission 1.47, BSMV 0.0735 → 0.07, exchange fee 0.0294 → 0.03: 981.57.
    expect(modifiedHold(resting, { price: '98', quantity: '10' }, stockTotal).toFixed()).toBe('981.57');
    // 20 × 98 = 1960: commission 2.94, BSMV 0.147 → 0.15, fee 0.0588 → 0.06: 1963.15.
    expect(modifiedHold(resting, { price: '98', quantity: '20' }, stockTotal).toFixed()).toBe('1963.15');
  });

  it('after a partial fill, holds the rest at the new price and the costs the rest will be charged', () => {
    // 10 of 20 filled at 98: 980 paid with 1.57 of costs. The rest, 10 at 99 = 990, makes the
    // order's amount 1970, whose costs are 2.955 → 2.96 + 0.148 → 0.15 + 0.0591 → 0.06 = 3.17.
    // So the rest costs 1970 + 3.17 − 980 − 1.57 = 991.60 (a fresh order of 10 at 99 holds 991.59:
    // the rounding of the costs falls differently on the whole).
    const partly = {
      ...resting,
      price: '98',
      quantity: '20',
      filledQty: '10',
      filledAmount: '980',
      fees: '1.57',
    };
    expect(modifiedHold(partly, { price: '99', quantity: '20' }, stockTotal).toFixed()).toBe('991.6');
  });

  it('holds a sell’s unfilled lots, whatever its price', () => {
    const sell = { ...resting, side: 'sell' as const, quantity: '30', filledQty: '12' };
    expect(modifiedHold(sell, { price: '120', quantity: '25' }, stockTotal).toFixed()).toBe('13');
  });

  it('keeps a 38-digit amount exact (decimal.js rounds at 20 digits by default)', () => {
    const big = { ...resting, quantity: '1', price: '1' };
    const hold = modifiedHold(big, { price: '123456789012.3456789', quantity: '98765432109876' }, (a) => a);
    expect(hold.toFixed()).toBe('12193263113702112459412278.6148164');
  });
});

describe('trailValueFor', () => {
  it('gives the offset that puts the trigger at the dragged level, from the kept best price', () => {
    expect(trailValueFor('sell', '100', '97', 'amount')).toBe('3');
    expect(trailValueFor('buy', '50000', '50250.5', 'amount')).toBe('250.5');
    // (100 − 97.555) / 100 = 2.445 % → 2.44 (rounded towards the best: never farther than dragged).
    expect(trailValueFor('sell', '100', '97.555', 'percent')).toBe('2.44');
    // (48.5 − 40) / 40 = 21.25 %.
    expect(trailValueFor('buy', '40', '48.5', 'percent')).toBe('21.25');
  });

  it('answers null for a level on the wrong side of the best price, or too near for a percent', () => {
    expect(trailValueFor('sell', '100', '100', 'amount')).toBeNull();
    expect(trailValueFor('sell', '100', '101', 'amount')).toBeNull();
    expect(trailValueFor('buy', '100', '99', 'percent')).toBeNull();
    expect(trailValueFor('sell', '100', '99.999', 'percent')).toBeNull();
  });
});
