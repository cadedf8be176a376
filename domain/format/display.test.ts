import { describe, expect, it } from 'vitest';
import { displayDecimals, exactDecimals, formatAmount, formatRate, rateDecimals } from './display';

describe('display rule per currency', () => {
  it('shows TRY and USDT in cents, a coin at its precision', () => {
    expect(displayDecimals('TRY')).toBe(2);
    expect(displayDecimals('USDT')).toBe(2);
    expect(displayDecimals('BTC', 8)).toBe(8);
    expect(displayDecimals('ETH', 4)).toBe(4);
    // The coin sale and robot forms read "10.502,72628219 USDT" beside wallets reading 2 decimals.
    expect(formatAmount('10502.72628219', 'USDT', 'tr-TR')).toBe('10.502,72\u00a0USDT');
    expect(formatAmount('10502.72628219', 'USDT', 'en-US')).toBe('10,502.72\u00a0USDT');
    expect(formatAmount('110577.199', 'TRY', 'tr-TR')).toBe('₺110.577,19');
    expect(formatAmount('0.12345678', 'BTC', 'en-US', 8)).toBe('0.12345678\u00a0BTC');
  });

  it('shows a rate to six significant digits, truncated, at least two decimals', () => {
    // 1 TRY = 0,02275421796 USDT read as eleven digits nobody can check.
    expect(formatRate('0.02275421796', 'tr-TR')).toBe('0,0227542');
    expect(formatRate('0.02275421796', 'en-US')).toBe('0.0227542');
    expect(formatRate('43.98765', 'tr-TR')).toBe('43,9876');
    expect(formatRate('97244.1', 'tr-TR')).toBe('97.244,10');
    expect(formatRate('1', 'en-US')).toBe('1.00');
    expect(formatRate('0.000012345678', 'en-US')).toBe('0.0000123456');
    expect(formatRate(null, 'en-US')).toBe('--');
    // At a given precision every place shows, so two rates read one above the other line up.
    expect(formatRate('0.022805', 'en-US', 7)).toBe('0.0228050');
    expect(formatRate('0.02275421796', 'tr-TR', rateDecimals('0.02275421796'))).toBe('0,0227542');
    expect(formatRate('43.9', 'tr-TR', rateDecimals('43.98765'))).toBe('43,9000');
  });

  it('shows a ledger amount in full: every booked decimal, never fewer than the display ones', () => {
    // A contract fee booked as 0.09958253 USDT: the line reads 0,09, its detail 0,09958253.
    expect(exactDecimals('0.09958253', 2)).toBe(8);
    expect(exactDecimals('-963.0234614', 2)).toBe(7);
    // Fewer booked decimals than shown: the display decimals (60 USDT reads 60,00).
    expect(exactDecimals('60', 2)).toBe(2);
    expect(exactDecimals('5000.5', 2)).toBe(2);
    expect(exactDecimals('0.018', 8)).toBe(8);
    // Trailing zeros are not precision the ledger booked.
    expect(exactDecimals('1.50000000', 2)).toBe(2);
    expect(exactDecimals(null, 2)).toBe(2);
    expect(exactDecimals('not a number', 2)).toBe(2);
  });
});
