import { describe, expect, it } from 'vitest';
import type { Locale } from './locale';
import { readTypedNumber, typedTextOf, type TypedNumber, type TypedNumberProblem } from './typed-number';

const MONEY = { decimals: 2 };
const COIN = { decimals: 8 };
const LOTS = { decimals: 0, whole: true };
const ok = (value: string | null): TypedNumber => ({ ok: true, value });

describe('readTypedNumber: the rule’s examples', () => {
  it.each<[Locale, string, { decimals: number; whole?: boolean }, TypedNumber]>([
    ['tr-TR', '1,5', MONEY, ok('1.5')],
    ['tr-TR', '1,5', LOTS, { ok: false, problem: 'NOT_WHOLE' }],
    ['tr-TR', '1.000,50', MONEY, ok('1000.5')],
    ['tr-TR', '1.000', MONEY, ok('1000')],
    [
      'tr-TR',
      '1.000',
      COIN,
      { ok: false, problem: 'AMBIGUOUS', params: { asDecimal: '1', asGrouping: '1000' } },
    ],
    ['tr-TR', '-5', LOTS, { ok: false, problem: 'SIGN' }],
    ['tr-TR', '1e20', MONEY, { ok: false, problem: 'EXPONENT' }],
    ['tr-TR', '1,2,3', MONEY, { ok: false, problem: 'SEPARATOR' }],
    ['tr-TR', '12.5', MONEY, ok('12.5')],
    ['tr-TR', '1 000', MONEY, ok('1000')],
    ['en-US', '1,000.50', MONEY, ok('1000.5')],
    ['en-US', '1.000,50', MONEY, { ok: false, problem: 'SEPARATOR' }],
    ['en-US', '1,5', MONEY, ok('1.5')],
    ['en-US', '0.1.2', COIN, { ok: false, problem: 'SEPARATOR' }],
    ['en-US', 'abc', MONEY, { ok: false, problem: 'NOT_A_NUMBER' }],
  ])('%s %j %o', (locale, text, spec, expected) => {
    expect(readTypedNumber(text, locale, spec)).toEqual(expected);
  });
});

describe('readTypedNumber in tr-TR', () => {
  it.each<[string, string | null]>([
    ['', null],
    ['   ', null],
    ['\u00a0', null],
    ['1234,56', '1234.56'],
    ['1.234,56', '1234.56'],
    ['1.234.567,89', '1234567.89'],
    ['12.345.678', '12345678'],
    ['999.999', '999999'],
    ['0,5', '0.5'],
    [',5', '0.5'],
    ['12,', '12'],
    ['1.234,', '1234'],
    ['0', '0'],
    ['0,00', '0'],
    ['007', '7'],
    ['00,50', '0.5'],
    ['1,50', '1.5'],
    ['  42  ', '42'],
    ['\t42\n', '42'],
    ['1 234,56', '1234.56'],
    ['1\u00a0234,56', '1234.56'],
    ['1\u202f234\u202f567', '1234567'],
    ['.5', '0.5'],
    ['12.', '12'],
    ['0.5', '0.5'],
    ['1.25', '1.25'],
    ['1234.5', '1234.5'],
    ['123456789012345678901234,99', '123456789012345678901234.99'],
    // Trailing zeros do not count as decimals: "1,000" TRY is one lira.
    ['1,000', '1'],
  ])('%j → %s (2 decimals)', (text, value) => {
    expect(readTypedNumber(text, 'tr-TR', MONEY)).toEqual(ok(value));
  });

  it.each<[string, TypedNumberProblem]>([
    ['-5', 'SIGN'],
    ['\u22125', 'SIGN'],
    ['+5', 'SIGN'],
    ['5-', 'SIGN'],
    ['- 5', 'SIGN'],
    ['-', 'SIGN'],
    ['-1,234', 'SIGN'],
    ['-1e5', 'SIGN'],
    ['1e20', 'EXPONENT'],
    ['1E5', 'EXPONENT'],
    ['2E-5', 'EXPONENT'],
    ['2e+5', 'EXPONENT'],
    ['1,5e3', 'EXPONENT'],
    ['e5', 'NOT_A_NUMBER'],
    ['1e', 'NOT_A_NUMBER'],
    ['abc', 'NOT_A_NUMBER'],
    ['12a', 'NOT_A_NUMBER'],
    ['0x1A', 'NOT_A_NUMBER'],
    ['Infinity', 'NOT_A_NUMBER'],
    ['NaN', 'NOT_A_NUMBER'],
    ['１２', 'NOT_A_NUMBER'],
    ['١٢', 'NOT_A_NUMBER'],
    ['₺12', 'NOT_A_NUMBER'],
    ['12 TL', 'NOT_A_NUMBER'],
    ['1_000', 'NOT_A_NUMBER'],
    ["1'000", 'NOT_A_NUMBER'],
    ['1\t000', 'NOT_A_NUMBER'],
    [',', 'NOT_A_NUMBER'],
    ['.', 'NOT_A_NUMBER'],
    ['1,234,567', 'SEPARATOR'],
    ['1.23.4', 'SEPARATOR'],
    ['1.234.5', 'SEPARATOR'],
    ['1..234', 'SEPARATOR'],
    ['1.23,4', 'SEPARATOR'],
    ['1,234.56', 'SEPARATOR'],
    ['1.234 567', 'SEPARATOR'],
    ['12 34', 'SEPARATOR'],
    ['1 234.5', 'SEPARATOR'],
    ['0.123.456', 'SEPARATOR'],
    ['1.234.', 'SEPARATOR'],
    ['12,3 4', 'SEPARATOR'],
    ['12,345', 'TOO_MANY_DECIMALS'],
  ])('%j → %s', (text, problem) => {
    expect(readTypedNumber(text, 'tr-TR', MONEY)).toMatchObject({ ok: false, problem });
  });
});

describe('readTypedNumber in en-US', () => {
  it.each<[string, string]>([
    ['1234.56', '1234.56'],
    ['1,234.56', '1234.56'],
    ['1,234,567.89', '1234567.89'],
    ['1,234,000', '1234000'],
    ['.5', '0.5'],
    ['12.', '12'],
    ['0.50', '0.5'],
    ['1 234.56', '1234.56'],
    ['12\u202f345', '12345'],
    ['12,5', '12.5'],
    ['0,123', '0.123'],
    ['1234,567', '1234.567'],
    [',5', '0.5'],
  ])('%j → %s (8 decimals)', (text, value) => {
    expect(readTypedNumber(text, 'en-US', COIN)).toEqual(ok(value));
  });

  it.each<[string, TypedNumberProblem]>([
    ['1.2.3', 'SEPARATOR'],
    ['1.234.567', 'SEPARATOR'],
    ['1,23,4', 'SEPARATOR'],
    ['1,234,5', 'SEPARATOR'],
    ['1,23.4', 'SEPARATOR'],
    ['1,234 567', 'SEPARATOR'],
    ['1.5e3', 'EXPONENT'],
    ['$12', 'NOT_A_NUMBER'],
    ['-Infinity', 'SIGN'],
    ['-.', 'SIGN'],
    ['１.５', 'NOT_A_NUMBER'],
    ['12.5abc', 'NOT_A_NUMBER'],
    ['-12.5', 'SIGN'],
    ['0.123456789', 'TOO_MANY_DECIMALS'],
  ])('%j → %s', (text, problem) => {
    expect(readTypedNumber(text, 'en-US', COIN)).toMatchObject({ ok: false, problem });
  });
});

describe('readTypedNumber: decimals, whole units and the lone grouping separator', () => {
  it.each<[Locale, string, { decimals: number; whole?: boolean }, TypedNumber]>([
    ['tr-TR', '12,34', MONEY, ok('12.34')],
    ['tr-TR', '12,345', MONEY, { ok: false, problem: 'TOO_MANY_DECIMALS', params: { decimals: 2 } }],
    ['tr-TR', '1,500', MONEY, ok('1.5')],
    ['en-US', '5.0', { decimals: 0 }, ok('5')],
    ['en-US', '5.5', { decimals: 0 }, { ok: false, problem: 'TOO_MANY_DECIMALS', params: { decimals: 0 } }],
    ['en-US', '0.12345678', COIN, ok('0.12345678')],
    // A lone grouping separator before three digits: grouping in a field of fewer than 3 decimals…
    ['tr-TR', '1.250', LOTS, ok('1250')],
    ['en-US', '1,250', LOTS, ok('1250')],
    ['tr-TR', '12.345', MONEY, ok('12345')],
    ['en-US', '2,500', MONEY, ok('2500')],
    // …a question where 3+ decimals are taken: "1.125" ETH read as 1,125 was a thousand times the order.
    [
      'tr-TR',
      '1.125',
      COIN,
      { ok: false, problem: 'AMBIGUOUS', params: { asDecimal: '1.125', asGrouping: '1125' } },
    ],
    [
      'tr-TR',
      '123.456',
      { decimals: 3 },
      { ok: false, problem: 'AMBIGUOUS', params: { asDecimal: '123.456', asGrouping: '123456' } },
    ],
    [
      'en-US',
      '1,250',
      COIN,
      { ok: false, problem: 'AMBIGUOUS', params: { asDecimal: '1.25', asGrouping: '1250' } },
    ],
    // Not ambiguous: the locale's own decimal, several groups, a fraction after D, another tail
    // length, or a first group that is no group ("0.125").
    ['tr-TR', '1,125', COIN, ok('1.125')],
    ['tr-TR', '1.125.000', COIN, ok('1125000')],
    ['tr-TR', '1.125,5', COIN, ok('1125.5')],
    ['tr-TR', '1.12', COIN, ok('1.12')],
    ['tr-TR', '1.1250', COIN, ok('1.125')],
    ['tr-TR', '0.125', COIN, ok('0.125')],
    ['tr-TR', '1234.567', COIN, ok('1234.567')],
    ['en-US', '1.125', COIN, ok('1.125')],
    // Whole units: a thousand lots grouped, never one; any fraction is not whole.
    ['tr-TR', '1.000', LOTS, ok('1000')],
    ['tr-TR', '2.500.000', LOTS, ok('2500000')],
    ['tr-TR', '12.5', LOTS, { ok: false, problem: 'NOT_WHOLE' }],
    ['en-US', '1.5', LOTS, { ok: false, problem: 'NOT_WHOLE' }],
    ['en-US', '1,000.5', LOTS, { ok: false, problem: 'NOT_WHOLE' }],
    ['tr-TR', '3,0', LOTS, ok('3')],
    ['tr-TR', '0', LOTS, ok('0')],
    // Problems in order: a sign before an exponent before a stray character before a separator.
    ['tr-TR', '-1,2,3', MONEY, { ok: false, problem: 'SIGN' }],
    ['tr-TR', '1e5,5,5', MONEY, { ok: false, problem: 'EXPONENT' }],
    ['tr-TR', '1,2,3a', MONEY, { ok: false, problem: 'NOT_A_NUMBER' }],
    ['tr-TR', '1,2,345', MONEY, { ok: false, problem: 'SEPARATOR' }],
  ])('%s %j %o', (locale, text, spec, expected) => {
    expect(readTypedNumber(text, locale, spec)).toEqual(expected);
  });

  it.each<[Locale, string]>([
    ['tr-TR', '1.234.567,891'],
    ['tr-TR', '0,000100'],
    ['en-US', '9,876,543.21'],
    ['en-US', '000.5'],
  ])('%s %j yields a canonical decimal', (locale, text) => {
    const read = readTypedNumber(text, locale, COIN);
    expect(read.ok && read.value !== null && /^(0|[1-9]\d*)(\.\d*[1-9])?$/.test(read.value)).toBe(true);
  });
});

describe('typedTextOf', () => {
  it('writes a canonical value in the locale, ungrouped, with the decimals it came with', () => {
    expect(typedTextOf('318.00', 'tr-TR', 2)).toBe('318,00');
    expect(typedTextOf('142.3', 'tr-TR', 2)).toBe('142,3');
    expect(typedTextOf('1234567.5', 'en-US', 2)).toBe('1234567.5');
    expect(typedTextOf('1250', 'tr-TR', 8)).toBe('1250');
    // More zeros than the field takes are dropped; a value it cannot hold is shown as it is.
    expect(typedTextOf('5.000000', 'tr-TR', 2)).toBe('5');
    expect(typedTextOf('1.2345', 'en-US', 2)).toBe('1.2345');
    expect(typedTextOf('', 'tr-TR', 2)).toBe('');
    expect(typedTextOf('-5', 'tr-TR', 2)).toBe('');
  });

  it('reads back as the value it wrote, in both locales, at any field decimals', () => {
    for (const locale of ['tr-TR', 'en-US'] as const)
      for (const value of ['1250', '1.125', '0.5', '1000000', '7'])
        expect(readTypedNumber(typedTextOf(value, locale, 8), locale, COIN)).toEqual(ok(value));
  });
});
