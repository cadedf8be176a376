import Decimal from 'decimal.js';
import { describe, it, expect } from 'vitest';
import {
  EMPTY,
  formatCompact,
  formatDecimal,
  formatMoney,
  formatPercent,
  formatPrice,
  formatSigned,
} from './number';
import type { NumericInput } from './number';

const NBSP = '\u00a0';
const HUGE = '123456789012345678901234.99';

// Values a formatter must refuse. Objects and booleans come from untyped JSON, hence the casts.
const GARBAGE: [string, unknown][] = [
  ['null', null],
  ['undefined', undefined],
  ['empty string', ''],
  ['blank string', ' '],
  ['letters', 'abc'],
  ['locale-formatted text', '1,2'],
  ['two dots', '1.2.3'],
  ['padded', ' 12'],
  ['trailing space', '12 '],
  ['hex', '0x10'],
  ['string Infinity', 'Infinity'],
  ['string NaN', 'NaN'],
  ['overflowing exponent', '1e400'],
  ['overflowing negative exponent', '-1e400'],
  ['NaN', Number.NaN],
  ['Infinity', Number.POSITIVE_INFINITY],
  ['-Infinity', Number.NEGATIVE_INFINITY],
  ['Decimal NaN', new Decimal(Number.NaN)],
  ['Decimal Infinity', new Decimal(Infinity)],
  ['object', {}],
  ['array', ['1']],
  ['boolean', true],
  ['bigint', 10n],
];

const garbage = (v: unknown) => v as NumericInput;

describe('every formatter refuses what is not a finite decimal', () => {
  it.each(GARBAGE)('%s', (_label, value) => {
    expect(formatDecimal(garbage(value), 'tr-TR', { decimals: 2 })).toBe(EMPTY);
    expect(formatMoney(garbage(value), 'tr-TR')).toBe(EMPTY);
    expect(formatSigned(garbage(value), 'tr-TR', 2)).toBe(EMPTY);
    expect(formatPercent(garbage(value), 'tr-TR')).toBe(EMPTY);
    expect(formatCompact(garbage(value), 'tr-TR')).toBe(EMPTY);
  });

  it.each<[string, NumericInput, string]>([
    ['huge string keeps every digit', HUGE, '123,456,789,012,345,678,901,234.99'],
    ['number', 0.1, '0.10'],
    ['Decimal', new Decimal('9.99'), '9.99'],
    ['leading plus', '+5', '5.00'],
    ['bare fraction', '.5', '0.50'],
    ['exponent within range', '1e-7', '0.00'],
  ])('reads %s', (_label, value, en) => {
    expect(formatDecimal(value, 'en-US', { decimals: 2 })).toBe(en);
  });
});

describe('formatDecimal', () => {
  it.each<[NumericInput, number, string, string]>([
    ['1234.56', 2, '1.234,56', '1,234.56'],
    ['1234.5678', 2, '1.234,56', '1,234.56'],
    ['-1234.5678', 2, '-1.234,56', '-1,234.56'],
    ['0.999', 2, '0,99', '0.99'],
    ['-0.999', 2, '-0,99', '-0.99'],
    ['-0.001', 2, '0,00', '0.00'],
    ['-0', 2, '0,00', '0.00'],
    [-0, 2, '0,00', '0.00'],
    ['0', 0, '0', '0'],
    ['1000', 2, '1.000,00', '1,000.00'],
    ['999999.999', 2, '999.999,99', '999,999.99'],
    ['1234567.891', 0, '1.234.567', '1,234,567'],
    [HUGE, 2, '123.456.789.012.345.678.901.234,99', '123,456,789,012,345,678,901,234.99'],
    ['-' + HUGE, 0, '-123.456.789.012.345.678.901.234', '-123,456,789,012,345,678,901,234'],
    ['0.000001', 2, '0,00', '0.00'],
    ['0.000001', 8, '0,00000100', '0.00000100'],
    ['0.00000001', 8, '0,00000001', '0.00000001'],
    ['0.000000019', 8, '0,00000001', '0.00000001'],
    [1234.5, 2, '1.234,50', '1,234.50'],
    [0.1 + 0.2, 2, '0,30', '0.30'],
    [1e21, 0, '1.000.000.000.000.000.000.000', '1,000,000,000,000,000,000,000'],
    [new Decimal('9.999'), 2, '9,99', '9.99'],
    ['+5', 2, '5,00', '5.00'],
    ['.5', 2, '0,50', '0.50'],
    ['1e3', 2, '1.000,00', '1,000.00'],
    ['1e-7', 8, '0,00000010', '0.00000010'],
  ])('%s to %d decimals', (value, decimals, tr, en) => {
    expect(formatDecimal(value, 'tr-TR', { decimals })).toBe(tr);
    expect(formatDecimal(value, 'en-US', { decimals })).toBe(en);
  });

  it.each<[NumericInput, { decimals: number; minDecimals?: number; grouping?: boolean }, string, string]>([
    ['1.5', { decimals: 8, minDecimals: 0 }, '1,5', '1.5'],
    ['1', { decimals: 8, minDecimals: 0 }, '1', '1'],
    ['1.123456789', { decimals: 8, minDecimals: 2 }, '1,12345678', '1.12345678'],
    ['1.1', { decimals: 8, minDecimals: 2 }, '1,10', '1.10'],
    ['1234.5', { decimals: 2, grouping: false }, '1234,50', '1234.50'],
    ['1234567', { decimals: 0, grouping: false }, '1234567', '1234567'],
    // A minimum above the maximum cannot be honoured; the maximum wins.
    ['1.23456', { decimals: 2, minDecimals: 4 }, '1,23', '1.23'],
  ])('%s with %o', (value, options, tr, en) => {
    expect(formatDecimal(value, 'tr-TR', options)).toBe(tr);
    expect(formatDecimal(value, 'en-US', options)).toBe(en);
  });

  it.each(GARBAGE)('shows %s as --', (_label, value) => {
    expect(formatDecimal(garbage(value), 'tr-TR', { decimals: 2 })).toBe(EMPTY);
    expect(formatDecimal(garbage(value), 'en-US', { decimals: 2 })).toBe(EMPTY);
  });

  it.each([-1, 1.5, 101, Number.NaN])('refuses decimals %s as a caller bug', (decimals) => {
    expect(() => formatDecimal('1', 'tr-TR', { decimals })).toThrow(RangeError);
  });
});

describe('formatPrice', () => {
  it.each<[NumericInput, number, string, string]>([
    ['12.3456', 2, '12,34', '12.34'],
    ['12.3', 3, '12,300', '12.300'],
    ['0.00001234', 8, '0,00001234', '0.00001234'],
    ['-5', 2, '-5,00', '-5.00'],
    ['98765.4321', 4, '98.765,4321', '98,765.4321'],
    ['19.99', 0, '19', '19'],
    ['-19.99', 0, '-19', '-19'],
    ['-0.4', 0, '0', '0'],
    [HUGE, 1, '123.456.789.012.345.678.901.234,9', '123,456,789,012,345,678,901,234.9'],
    [null, 2, EMPTY, EMPTY],
    ['abc', 2, EMPTY, EMPTY],
  ])('%s to %d decimals', (value, decimals, tr, en) => {
    expect(formatPrice(value, 'tr-TR', decimals)).toBe(tr);
    expect(formatPrice(value, 'en-US', decimals)).toBe(en);
  });
});

describe('formatMoney', () => {
  it.each<[NumericInput, { decimals?: number; currency?: string; signed?: boolean }, string, string]>([
    ['1234.567', {}, '1.234,56', '1,234.56'],
    ['1234.567', { currency: 'TRY' }, '₺1.234,56', '₺1,234.56'],
    ['-1234.567', { currency: 'TRY' }, '-₺1.234,56', '-₺1,234.56'],
    ['-0.004', { currency: 'TRY' }, '₺0,00', '₺0.00'],
    ['0', { currency: 'TRY' }, '₺0,00', '₺0.00'],
    ['100', { decimals: 0, currency: 'TRY' }, '₺100', '₺100'],
    ['1234.5', { currency: 'USD' }, '$1.234,50', '$1,234.50'],
    ['1234.5', { currency: 'EUR' }, '€1.234,50', '€1,234.50'],
    [HUGE, { currency: 'TRY' }, '₺123.456.789.012.345.678.901.234,99', '₺123,456,789,012,345,678,901,234.99'],
    [
      '1234.123456789',
      { decimals: 8, currency: 'USDT' },
      `1.234,12345678${NBSP}USDT`,
      `1,234.12345678${NBSP}USDT`,
    ],
    ['0.5', { decimals: 8, currency: 'BTC' }, `0,50000000${NBSP}BTC`, `0.50000000${NBSP}BTC`],
    ['-12.599', { currency: 'USDT' }, `-12,59${NBSP}USDT`, `-12.59${NBSP}USDT`],
    ['-0.001', { currency: 'USDT' }, `0,00${NBSP}USDT`, `0.00${NBSP}USDT`],
    ['5', { currency: '' }, '5,00', '5.00'],
    [0.000001, { decimals: 2, currency: 'TRY' }, '₺0,00', '₺0.00'],
    [null, { currency: 'TRY' }, EMPTY, EMPTY],
    ['1,2', { currency: 'USDT' }, EMPTY, EMPTY],
    [Number.NaN, {}, EMPTY, EMPTY],
    // A change: signed both ways; one under a kuruş keeps its sign (its tone comes from the raw
    // figure), while no change at all, negative zero included, is an unsigned zero.
    ['508.259', { currency: 'TRY', signed: true }, '+₺508,25', '+₺508.25'],
    ['-12', { currency: 'TRY', signed: true }, '-₺12,00', '-₺12.00'],
    ['-0.001', { currency: 'TRY', signed: true }, '-₺0,00', '-₺0.00'],
    ['0.004', { currency: 'TRY', signed: true }, '+₺0,00', '+₺0.00'],
    ['-0.004', { currency: 'USDT', signed: true }, `-0,00${NBSP}USDT`, `-0.00${NBSP}USDT`],
    ['0', { currency: 'TRY', signed: true }, '₺0,00', '₺0.00'],
    ['-0.00', { currency: 'TRY', signed: true }, '₺0,00', '₺0.00'],
    ['-0.000', { currency: 'TRY', signed: true }, '₺0,00', '₺0.00'],
    [-0, { currency: 'TRY', signed: true }, '₺0,00', '₺0.00'],
    ['0.00', { currency: 'USDT', signed: true }, `0,00${NBSP}USDT`, `0.00${NBSP}USDT`],
    ['7.634', { currency: 'USDT', signed: true }, `+7,63${NBSP}USDT`, `+7.63${NBSP}USDT`],
    ['-7.634', { currency: 'USDT', signed: true }, `-7,63${NBSP}USDT`, `-7.63${NBSP}USDT`],
  ])('%s with %o', (value, options, tr, en) => {
    expect(formatMoney(value, 'tr-TR', options)).toBe(tr);
    expect(formatMoney(value, 'en-US', options)).toBe(en);
  });
});

describe('formatSigned', () => {
  it.each<[NumericInput, number, string, string]>([
    ['1.5', 2, '+1,50', '+1.50'],
    ['-1.5', 2, '-1,50', '-1.50'],
    ['0', 2, '0,00', '0.00'],
    ['-0', 2, '0,00', '0.00'],
    [-0, 2, '0,00', '0.00'],
    // Not zero, but truncated to it: the sign stays, so the figure agrees with its colour.
    ['0.001', 2, '+0,00', '+0.00'],
    ['-0.009', 2, '-0,00', '-0.00'],
    ['1234.567', 2, '+1.234,56', '+1,234.56'],
    ['-1234.567', 2, '-1.234,56', '-1,234.56'],
    [5, 0, '+5', '+5'],
    ['0.00000123', 8, '+0,00000123', '+0.00000123'],
    ['abc', 2, EMPTY, EMPTY],
    [undefined, 2, EMPTY, EMPTY],
  ])('%s to %d decimals', (value, decimals, tr, en) => {
    expect(formatSigned(value, 'tr-TR', decimals)).toBe(tr);
    expect(formatSigned(value, 'en-US', decimals)).toBe(en);
  });
});

describe('formatPercent', () => {
  it.each<[NumericInput, { decimals?: number; signed?: boolean }, string, string]>([
    ['1.2345', {}, '+%1,23', '+1.23%'],
    ['-1.2345', {}, '-%1,23', '-1.23%'],
    ['1.2399', {}, '+%1,23', '+1.23%'],
    ['0', {}, '%0,00', '0.00%'],
    ['-0', {}, '%0,00', '0.00%'],
    ['-0.001', {}, '-%0,00', '-0.00%'],
    ['0.00999', {}, '+%0,00', '+0.00%'],
    ['-0.001', { signed: false }, '%0,00', '0.00%'],
    ['1.2345', { signed: false }, '%1,23', '1.23%'],
    ['-1.2345', { signed: false }, '-%1,23', '-1.23%'],
    ['0', { signed: false }, '%0,00', '0.00%'],
    ['1.999', { decimals: 1 }, '+%1,9', '+1.9%'],
    ['20', { decimals: 0 }, '+%20', '+20%'],
    ['100', {}, '+%100,00', '+100.00%'],
    ['1234.5', {}, '+%1.234,50', '+1,234.50%'],
    [-9.87654, {}, '-%9,87', '-9.87%'],
    [
      '123456789012345678901234.56',
      {},
      '+%123.456.789.012.345.678.901.234,56',
      '+123,456,789,012,345,678,901,234.56%',
    ],
    [null, {}, EMPTY, EMPTY],
    ['%1', {}, EMPTY, EMPTY],
    [Number.POSITIVE_INFINITY, {}, EMPTY, EMPTY],
  ])('%s with %o', (value, options, tr, en) => {
    expect(formatPercent(value, 'tr-TR', options)).toBe(tr);
    expect(formatPercent(value, 'en-US', options)).toBe(en);
  });
});

describe('formatCompact', () => {
  it.each<[NumericInput, string, string]>([
    ['0', '0', '0'],
    ['-0', '0', '0'],
    ['999', '999', '999'],
    // Truncation: rounding would give "1 B" / "1K" for a value still under a thousand.
    ['999.99', '999', '999'],
    ['1000', `1${NBSP}B`, '1K'],
    ['1234', `1,2${NBSP}B`, '1.2K'],
    ['1299', `1,2${NBSP}B`, '1.2K'],
    ['12345', `12${NBSP}B`, '12K'],
    ['123456', `123${NBSP}B`, '123K'],
    ['999999', `999${NBSP}B`, '999K'],
    ['1000000', `1${NBSP}Mn`, '1M'],
    ['1234567', `1,2${NBSP}Mn`, '1.2M'],
    ['1999999', `1,9${NBSP}Mn`, '1.9M'],
    [1234567, `1,2${NBSP}Mn`, '1.2M'],
    ['-1234567', `-1,2${NBSP}Mn`, '-1.2M'],
    ['3456789012', `3,4${NBSP}Mr`, '3.4B'],
    ['1234567890123', `1,2${NBSP}Tn`, '1.2T'],
    // Beyond the largest unit Intl keeps counting in it (grouping only from five digits).
    ['1000000000000000', `1000${NBSP}Tn`, '1000T'],
    ['1234.5', `1,2${NBSP}B`, '1.2K'],
    ['1.234', '1,2', '1.2'],
    ['12.5', '12', '12'],
    ['0.001234', '0,0012', '0.0012'],
    [null, EMPTY, EMPTY],
    ['1e400', EMPTY, EMPTY],
    ['12 Mn', EMPTY, EMPTY],
  ])('%s', (value, tr, en) => {
    expect(formatCompact(value, 'tr-TR')).toBe(tr);
    expect(formatCompact(value, 'en-US')).toBe(en);
  });
});

describe('never leaks JS artefacts', () => {
  // The last column: whether the formatter shows a change's sign (a tiny loss is "-0,00" there).
  const formatters: [string, (v: NumericInput) => string, boolean][] = [
    ['formatDecimal', (v) => formatDecimal(v, 'tr-TR', { decimals: 2 }), false],
    ['formatPrice', (v) => formatPrice(v, 'en-US', 4), false],
    ['formatMoney', (v) => formatMoney(v, 'tr-TR', { currency: 'TRY' }), false],
    ['formatMoney, signed', (v) => formatMoney(v, 'en-US', { currency: 'TRY', signed: true }), true],
    ['formatSigned', (v) => formatSigned(v, 'en-US', 2), true],
    ['formatPercent', (v) => formatPercent(v, 'tr-TR'), true],
    ['formatCompact', (v) => formatCompact(v, 'en-US'), false],
  ];
  const inputs: NumericInput[] = [Number.NaN, Infinity, -Infinity, -0, '-0', '-0.0001', undefined, null];
  it.each(formatters)('%s', (_name, format, signed) => {
    for (const value of inputs) {
      const out = format(value);
      expect(out).not.toMatch(/NaN|undefined|Infinity|null/);
      // A minus on a figure with no non-zero digit is negative zero, except a tiny loss's sign.
      const tinyLoss = signed && value === '-0.0001';
      if (out !== EMPTY && !/[1-9]/.test(out)) expect(out.includes('-'), String(value)).toBe(tinyLoss);
    }
  });
});
