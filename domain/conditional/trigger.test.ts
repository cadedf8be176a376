import { describe, expect, it } from 'vitest';
import {
  checkConditionalLeg,
  checkOcoPair,
  crossed,
  directionOf,
  trailingTrigger,
  trailStep,
  type ConditionalDraft,
} from './trigger';

const leg = (patch: Partial<ConditionalDraft>): ConditionalDraft => ({
  kind: 'stop',
  side: 'sell',
  quantity: '10',
  trigger: '95.00',
  limit: null,
  trail: null,
  ...patch,
});

describe('conditional triggers', () => {
  it('waits the way each kind protects or takes profit', () => {
    expect(directionOf('stop', 'sell')).toBe('fall');
    expect(directionOf('stop_limit', 'sell')).toBe('fall');
    expect(directionOf('trailing', 'sell')).toBe('fall');
    expect(directionOf('stop', 'buy')).toBe('rise');
    expect(directionOf('take_profit', 'sell')).toBe('rise');
    expect(directionOf('take_profit', 'buy')).toBe('fall');
  });

  it('fires on reaching the trigger, not only on passing it', () => {
    expect(crossed('fall', '95.00', '95.01')).toBe(false);
    expect(crossed('fall', '95.00', '95')).toBe(true);
    expect(crossed('fall', '95.00', '94.5')).toBe(true);
    expect(crossed('rise', '105.00', '104.99')).toBe(false);
    expect(crossed('rise', '105.00', '105.00')).toBe(true);
  });

  it('trails by an amount and by a percentage, rounding away from the best price', () => {
    // 100 − 2.5 = 97.5; a buy: 100 + 2.5 = 102.5.
    expect(trailingTrigger('sell', '100', { by: 'amount', value: '2.5' }, 2)).toBe('97.5');
    expect(trailingTrigger('buy', '100', { by: 'amount', value: '2.5' }, 2)).toBe('102.5');
    // 101.37 × 3% = 3.0411 → 98.3289, down to 98.32 (a sell); 104.4111 up to 104.42 (a buy).
    expect(trailingTrigger('sell', '101.37', { by: 'percent', value: '3' }, 2)).toBe('98.32');
    expect(trailingTrigger('buy', '101.37', { by: 'percent', value: '3' }, 2)).toBe('104.42');
  });

  it('moves a trailing stop only the user’s way', () => {
    const offset = { by: 'amount', value: '2' } as const;
    const start = { best: '100', trigger: '98' };
    // A new high lifts a sell's trigger: 103 − 2 = 101.
    expect(trailStep('sell', start, offset, '103', 2)).toEqual({ best: '103', trigger: '101' });
    // A lower price leaves it where it was.
    expect(trailStep('sell', start, offset, '99', 2)).toBeNull();
    expect(trailStep('sell', start, offset, '100', 2)).toBeNull();
    // A buy's best is the lowest price: 95 + 2 = 97.
    expect(trailStep('buy', { best: '100', trigger: '102' }, offset, '95', 2)).toEqual({
      best: '95',
      trigger: '97',
    });
    expect(trailStep('buy', { best: '100', trigger: '102' }, offset, '101', 2)).toBeNull();
  });

  it('refuses a trigger the last price has already crossed, and broken legs', () => {
    expect(checkConditionalLeg(leg({}), '100.00')).toBeNull();
    expect(checkConditionalLeg(leg({ trigger: '100.00' }), '100.00')).toEqual({
      key: 'CONDITIONAL_TRIGGER_CROSSED',
      params: { last: '100.00' },
    });
    expect(checkConditionalLeg(leg({ kind: 'take_profit', trigger: '99' }), '100')?.key).toBe(
      'CONDITIONAL_TRIGGER_CROSSED',
    );
    expect(checkConditionalLeg(leg({ kind: 'stop_limit' }), '100')?.key).toBe('CONDITIONAL_LIMIT_REQUIRED');
    const trailing = (value: string, by: 'amount' | 'percent' = 'percent') =>
      checkConditionalLeg(leg({ kind: 'trailing', trigger: null, trail: { by, value } }), '100');
    expect(trailing('5')).toBeNull();
    expect(trailing('100')?.key).toBe('CONDITIONAL_TRAIL_INVALID');
    expect(trailing('0', 'amount')?.key).toBe('CONDITIONAL_TRAIL_INVALID');
    expect(trailing('150', 'amount')).toBeNull();
  });

  it('pairs a take-profit above with a stop below as one-cancels-other', () => {
    const stop = leg({ trigger: '95' });
    const profit = leg({ kind: 'take_profit', trigger: '110', limit: '110' });
    expect(checkOcoPair(profit, stop)).toBeNull();
    expect(checkOcoPair(stop, leg({ trigger: '90' }))?.key).toBe('CONDITIONAL_OCO_INVALID');
    expect(checkOcoPair(profit, leg({ quantity: '5' }))?.key).toBe('CONDITIONAL_OCO_INVALID');
    expect(checkOcoPair(profit, leg({ side: 'buy', kind: 'take_profit', trigger: '90' }))?.key).toBe(
      'CONDITIONAL_OCO_INVALID',
    );
  });
});
