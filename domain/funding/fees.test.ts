import { describe, expect, it } from 'vitest';
import { withdrawFee, withdrawPreview } from './fees';

// Vectors computed by hand: fee = max(feeMin, amount × feeRate), rounded up to 0.01.
describe('withdrawal fee', () => {
  it('is the proportional fee when that is above the minimum', () => {
    // 1000 × 0.002 = 2.00 > 1.5
    expect(withdrawFee('1000', { feeRate: '0.002', feeMin: '1.5' }).toFixed()).toBe('2');
  });

  it('is the minimum when the proportional fee is below it', () => {
    // 100 × 0.002 = 0.20 < 5
    expect(withdrawFee('100', { feeRate: '0.002', feeMin: '5' }).toFixed()).toBe('5');
  });

  it('rounds a fraction of a kuruş up, never down', () => {
    // 1234.56 × 0.0015 = 1.85184 → 1.86
    expect(withdrawFee('1234.56', { feeRate: '0.0015', feeMin: '0' }).toFixed()).toBe('1.86');
    // 100.01 × 0.01 = 1.0001 → 1.01
    expect(withdrawFee('100.01', { feeRate: '0.01', feeMin: '1' }).toFixed()).toBe('1.01');
  });

  it('is zero with no rate and no minimum (the sandbox default)', () => {
    expect(withdrawFee('250', { feeRate: '0', feeMin: '0' }).toFixed()).toBe('0');
  });

  it('keeps exact decimals where binary floats would not', () => {
    // 0.1 + 0.2 style: 300.3 × 0.001 = 0.3003 → 0.31
    expect(withdrawFee('300.3', { feeRate: '0.001', feeMin: '0' }).toFixed()).toBe('0.31');
  });
});

describe('withdrawal preview', () => {
  it('gives the fee and what arrives', () => {
    // 1234.56 − 1.86 = 1232.70
    expect(withdrawPreview('1234.56', { feeRate: '0.0015', feeMin: '0' })).toEqual({
      ok: true,
      fee: '1.86',
      receive: '1232.7',
    });
  });

  it('refuses an amount the fee would eat', () => {
    expect(withdrawPreview('5', { feeRate: '0', feeMin: '5' })).toEqual({ ok: false, fee: '5' });
    expect(withdrawPreview('3', { feeRate: '0', feeMin: '5' })).toEqual({ ok: false, fee: '5' });
  });
});
