import { describe, expect, it } from 'vitest';
import { amountProblem, bankWithdrawFee, coinWithdrawFee, fundingDecimals } from './amounts';

const RULES = { min: '100', max: '500000', decimals: 2, unit: 'TRY' };

describe('funding amounts', () => {
  it('finds the first problem in a fixed order', () => {
    expect(amountProblem('0', RULES)?.key).toBe('AMOUNT_NOT_POSITIVE');
    expect(amountProblem('-5', RULES)?.key).toBe('AMOUNT_NOT_POSITIVE');
    expect(amountProblem('150.005', RULES)).toEqual({
      key: 'AMOUNT_PRECISION',
      params: { decimals: 2, unit: 'TRY' },
    });
    expect(amountProblem('99.99', RULES)).toEqual({ key: 'AMOUNT_BELOW_MINIMUM', params: { min: '100' } });
    expect(amountProblem('500000.01', RULES)).toEqual({
      key: 'AMOUNT_ABOVE_MAXIMUM',
      params: { max: '500000' },
    });
    expect(amountProblem('100', RULES)).toBeNull();
    expect(amountProblem('500000', RULES)).toBeNull();
  });

  it('names what is wrong: empty, not a number, zero, decimals of the unit, step, balance', () => {
    const coin = { decimals: 8, unit: 'USDT', min: '1', available: '10502.72628219' };
    expect(amountProblem('', coin)?.key).toBe('AMOUNT_REQUIRED');
    // Not "must be greater than 0": the text is not a number at all.
    for (const text of ['abc', '1e20', '1,5', ' 1', 'Infinity'])
      expect(amountProblem(text, coin)?.key, text).toBe('AMOUNT_NOT_A_NUMBER');
    // Zero is zero, not a decimals problem.
    expect(amountProblem('0', coin)?.key).toBe('AMOUNT_NOT_POSITIVE');
    expect(amountProblem('500.123456789', coin)).toEqual({
      key: 'AMOUNT_PRECISION',
      params: { decimals: 8, unit: 'USDT' },
    });
    expect(amountProblem('10502.72628220', coin)).toEqual({
      key: 'AMOUNT_ABOVE_BALANCE',
      params: { available: '10502.72628219' },
    });
    expect(amountProblem('10502.72628219', coin)).toBeNull();
    const eth = { decimals: 4, unit: 'ETH', step: '0.001' };
    expect(amountProblem('1.0005', eth)).toEqual({
      key: 'AMOUNT_STEP',
      params: { step: '0.001', unit: 'ETH' },
    });
    expect(amountProblem('1.005', eth)).toBeNull();
  });

  it('charges max(feeMin, amount × rate), rounded up to kuruş', () => {
    // 1234.56 × 0.001 = 1.23456 → 1.24; above the 1 TRY minimum.
    expect(bankWithdrawFee('1234.56', '0.001', '1', 2)).toEqual({ fee: '1.24', receive: '1233.32' });
    // 200 × 0.001 = 0.2 < 1 → the minimum.
    expect(bankWithdrawFee('200', '0.001', '1', 2)).toEqual({ fee: '1', receive: '199' });
    expect(bankWithdrawFee('200', '0', '0', 2)).toEqual({ fee: '0', receive: '200' });
  });

  it('charges a coin withdrawal the chain fee', () => {
    expect(coinWithdrawFee('25.5', '1')).toEqual({ fee: '1', receive: '24.5' });
    expect(coinWithdrawFee('0.001', '0.0002')).toEqual({ fee: '0.0002', receive: '0.0008' });
  });

  it('takes lira to kuruş and coins to 8 places', () => {
    expect(fundingDecimals('TRY')).toBe(2);
    expect(fundingDecimals('BTC')).toBe(8);
  });
});
