import { describe, expect, it } from 'vitest';
import { breakeven, fee, payoff } from '../../src/screens/options/pricing';

/** The ticket's money rules (the premium's model has its vectors in domain/options/model.test.ts). */
describe('options pricing', () => {
  it('payoff, breakeven and fee', () => {
    expect(payoff('call', 100, '112.5').toFixed()).toBe('12.5');
    expect(payoff('call', 100, 90).toFixed()).toBe('0');
    expect(payoff('put', 100, 90).toFixed()).toBe('10');
    expect(breakeven('call', 100, '3.25').toFixed()).toBe('103.25');
    expect(breakeven('put', 100, '3.25').toFixed()).toBe('96.75');
    // 1234.56 × 0.001 = 1.23456 → 1.23 (truncated to the kuruş); a small order pays the minimum.
    expect(fee('1234.56', '0.001', '1').toFixed()).toBe('1.23');
    expect(fee('100', '0.001', '1').toFixed()).toBe('1');
  });
});
