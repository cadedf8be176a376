import { describe, expect, it } from 'vitest';
import { blackScholes, type OptionKind } from '../../domain/options/black-scholes';
import {
  breakeven,
  delta,
  fee,
  normCdf,
  payoff,
  premium,
  thetaPerDay,
} from '../../src/screens/options/pricing';

/**
 * The float model price the ticket truncates (domain/options/black-scholes), to check it against
 * published values; premium() is then checked against that price truncated to 4 decimals by hand.
 */
const price = (spot: number, strike: number, years: number, vol: number, rate: number, kind: OptionKind) =>
  blackScholes({ kind, spot, strike, years, vol, rate }).price;

describe('options pricing (Black-Scholes)', () => {
  it('normal distribution at known points', () => {
    expect(normCdf(0).toFixed(10)).toBe('0.5000000000');
    expect(normCdf('1.96').toDecimalPlaces(6).toFixed()).toBe('0.975002');
    expect(normCdf('-1').toDecimalPlaces(6).toFixed()).toBe('0.158655');
    expect(normCdf(9).toFixed()).toBe('1');
  });

  it('S=100 K=100 T=1 σ=0.2 r=0.05: call 10.4506, put 5.5735, and put-call parity', () => {
    // Published to 4 decimals: the model price is within 1e-4 of them (Python's math.erf gives
    // 10.450583572185565 and 5.573526022256971).
    expect(Math.abs(price(100, 100, 1, 0.2, 0.05, 'call') - 10.4506)).toBeLessThan(1e-4);
    expect(Math.abs(price(100, 100, 1, 0.2, 0.05, 'put') - 5.5735)).toBeLessThan(1e-4);
    // The premium charged is that price truncated to 4 decimals (not rounded): 10.45058… → 10.4505.
    const call = premium(100, 100, 1, '0.2', '0.05', 'call');
    const put = premium(100, 100, 1, '0.2', '0.05', 'put');
    expect(call.toFixed()).toBe('10.4505');
    expect(put.toFixed()).toBe('5.5735');
    // C − P = S − K·e^(−rT) = 100 − 95.122942450071 = 4.877057549929 on the float prices; each
    // truncation drops less than 1e-4, so the premiums' difference is 10.4505 − 5.5735 = 4.877.
    const parity = 100 - 100 * Math.exp(-0.05);
    expect(
      Math.abs(price(100, 100, 1, 0.2, 0.05, 'call') - price(100, 100, 1, 0.2, 0.05, 'put') - parity),
    ).toBeLessThan(1e-12);
    expect(call.minus(put).toFixed()).toBe('4.877');
  });

  it('Hull 15.6: S=42 K=40 T=0.5 σ=0.2 r=0.1 → call 4.76, put 0.81', () => {
    // Published to 2 decimals: the model price is within half a kuruş (Python: 4.759422392871535,
    // 0.8085993729000958), and the premium is it truncated to 4 decimals.
    expect(Math.abs(price(42, 40, 0.5, 0.2, 0.1, 'call') - 4.76)).toBeLessThan(0.005);
    expect(Math.abs(price(42, 40, 0.5, 0.2, 0.1, 'put') - 0.81)).toBeLessThan(0.005);
    expect(premium(42, 40, '0.5', '0.2', '0.1', 'call').toFixed()).toBe('4.7594');
    expect(premium(42, 40, '0.5', '0.2', '0.1', 'put').toFixed()).toBe('0.8085');
  });

  it('delta N(d1) and N(d1) − 1; theta per day', () => {
    // d1 = (0 + 0.07)/0.2 = 0.35; N(0.35) = 0.636831
    expect(delta(100, 100, 1, '0.2', '0.05', 'call').toDecimalPlaces(6).toFixed()).toBe('0.636831');
    expect(delta(100, 100, 1, '0.2', '0.05', 'put').toDecimalPlaces(6).toFixed()).toBe('-0.363169');
    // Annual theta: call −6.4140, put −1.6579 (−S·φ(d1)·σ/2 ∓ rK·e^(−rT)·N(±d2)), ÷ 365
    expect(thetaPerDay(100, 100, 1, '0.2', '0.05', 'call').times(365).toDecimalPlaces(4).toFixed()).toBe(
      '-6.414',
    );
    expect(thetaPerDay(100, 100, 1, '0.2', '0.05', 'put').times(365).toDecimalPlaces(4).toFixed()).toBe(
      '-1.6579',
    );
  });

  it('limits: expired → intrinsic value; zero volatility → discounted intrinsic; deep out → 0', () => {
    expect(premium(110, 100, 0, '0.3', '0.4', 'call').toFixed()).toBe('10');
    expect(premium(110, 100, 0, '0.3', '0.4', 'put').toFixed()).toBe('0');
    expect(premium(90, 100, -1, '0.3', '0.4', 'put').toFixed()).toBe('10');
    // No volatility: S − K·e^(−rT) = 4.877057549929, truncated to 4.877(0).
    expect(premium(100, 100, 1, 0, '0.05', 'call').toFixed()).toBe('4.877');
    expect(premium(10, 100, '0.01', '0.2', '0.05', 'call').toFixed()).toBe('0');
    expect(delta(110, 100, 0, '0.3', '0.4', 'call').toFixed()).toBe('1');
    expect(delta(110, 100, 0, '0.3', '0.4', 'put').toFixed()).toBe('0');
    expect(thetaPerDay(110, 100, 0, '0.3', '0.4', 'call').toFixed()).toBe('0');
  });

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
