import { describe, expect, it } from 'vitest';
import type { Locale } from './locale';
import { formatAllDigits, formatDecimal, formatMoney, formatPercent, formatSigned } from './number';

const NBSP = '\u00a0';
const E27 = '0.000000000000000000000000001';

// Node 20's Intl takes at most 20 fraction digits and throws past it ("minimumFractionDigits
// value is out of range"); every formatter shows up to 100 on any engine, exactly.
describe('formatters past the engine’s Intl digit limit', () => {
  it('shows 1e-27 with its 27 decimals', () => {
    expect(formatDecimal(E27, 'tr-TR', { decimals: 27 })).toBe('0,000000000000000000000000001');
    expect(formatDecimal(E27, 'en-US', { decimals: 27 })).toBe(E27);
  });

  it.each<[string, Locale, string]>([
    ['1234567.123456789012345678901234567890', 'tr-TR', '1.234.567,123456789012345678901234567'],
    ['1234567.123456789012345678901234567890', 'en-US', '1,234,567.123456789012345678901234567'],
    ['-9.999999999999999999999999999999', 'en-US', '-9.999999999999999999999999999'],
    ['1', 'tr-TR', '1'],
  ])('formatDecimal(%s, %s, 27 decimals, none required) → %s', (value, locale, shown) => {
    expect(formatDecimal(value, locale, { decimals: 27, minDecimals: 0 })).toBe(shown);
  });

  it('pads to the minimum decimals', () => {
    expect(formatDecimal('1.5', 'tr-TR', { decimals: 27, minDecimals: 2 })).toBe('1,50');
    expect(formatDecimal('1.5', 'en-US', { decimals: 22, minDecimals: 22 })).toBe(`1.5${'0'.repeat(21)}`);
  });

  it('keeps the currency symbol, the unit and the sign where the locale puts them', () => {
    expect(formatMoney('-5.5', 'tr-TR', { decimals: 25, currency: 'TRY' })).toBe(`-₺5,5${'0'.repeat(24)}`);
    expect(formatMoney('-5.5', 'en-US', { decimals: 25, currency: 'TRY' })).toBe(`-₺5.5${'0'.repeat(24)}`);
    expect(formatMoney('5.5', 'tr-TR', { decimals: 21, currency: 'USDT', signed: true })).toBe(
      `+5,5${'0'.repeat(20)}${NBSP}USDT`,
    );
  });

  it('shows percents and signed zeros with every digit', () => {
    expect(formatPercent('1.5', 'tr-TR', { decimals: 22 })).toBe(`+%1,5${'0'.repeat(21)}`);
    expect(formatPercent('1.5', 'en-US', { decimals: 22 })).toBe(`+1.5${'0'.repeat(21)}%`);
    expect(formatPercent('-0.00000000000000000000000001', 'en-US', { decimals: 22 })).toBe(
      `-0.${'0'.repeat(22)}%`,
    );
    expect(formatSigned('-0.0000000000000000000000001', 'tr-TR', 22)).toBe(`-0,${'0'.repeat(22)}`);
    expect(formatSigned('-12345.0000000000000000000001', 'en-US', 22)).toBe(`-12,345.${'0'.repeat(21)}1`);
  });

  it('answers as Intl itself does within the limit', () => {
    expect(formatDecimal('1234.5', 'tr-TR', { decimals: 20 })).toBe(`1.234,5${'0'.repeat(19)}`);
    expect(formatDecimal('1234.5', 'tr-TR', { decimals: 21 })).toBe(`1.234,5${'0'.repeat(20)}`);
  });

  it('shows a figure with all its digits, and one past any formatter as it is', () => {
    expect(formatAllDigits('312.5', 'tr-TR')).toBe('312,5');
    expect(formatAllDigits('1234567.000000000000000000000000001', 'tr-TR')).toBe(
      '1.234.567,000000000000000000000000001',
    );
    expect(formatAllDigits('5000', 'en-US')).toBe('5,000');
    const long = `1.${'7'.repeat(101)}`;
    expect(formatAllDigits(long, 'en-US')).toBe(long);
  });
});
