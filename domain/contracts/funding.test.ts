import { describe, expect, it } from 'vitest';
import { fundingPayment } from './funding';

describe('fundingPayment', () => {
  it('is the notional at the mark times the rate (a percent), longs paying a positive rate', () => {
    // 0.5 BTC × 60,000 = 30,000 USDT × 0.01 % = 3 USDT: the long pays 3, the short receives 3.
    expect(fundingPayment('long', '0.5', '60000', '0.0100').toFixed()).toBe('3');
    expect(fundingPayment('short', '0.5', '60000', '0.0100').toFixed()).toBe('-3');
    // A negative rate: −0.0250 % of 30,000 = −7.5: the long receives, the short pays.
    expect(fundingPayment('long', '0.5', '60000', '-0.0250').toFixed()).toBe('-7.5');
    expect(fundingPayment('short', '0.5', '60000', '-0.0250').toFixed()).toBe('7.5');
  });

  it('truncates to 8 decimals before the sign, so a long and a short of the same size match', () => {
    // 0.00024 × 60,123.47 = 14.4296328 × 0.0123 % = 0.00177484483… → 0.00177484.
    expect(fundingPayment('long', '0.00024', '60123.47', '0.0123').toFixed()).toBe('0.00177484');
    expect(fundingPayment('short', '0.00024', '60123.47', '0.0123').toFixed()).toBe('-0.00177484');
  });
});
