import Decimal from 'decimal.js';
import { describe, it, expect } from 'vitest';
import { isCanonicalDecimal, parseCanonicalDecimal, parseDecimalInput } from './parse';
import type { DecimalInputError, DecimalInputOptions } from './parse';
import type { Locale } from './locale';

const ok = (value: string) => ({ ok: true, value });
const fail = (error: DecimalInputError) => ({ ok: false, error });

describe('parseDecimalInput in tr-TR', () => {
  it.each<[string, string]>([
    ['1234,56', '1234.56'],
    ['1.234,56', '1234.56'],
    ['1.234.567,89', '1234567.89'],
    ['1.234', '1234'],
    ['12.345.678', '12345678'],
    ['999.999', '999999'],
    ['1,5', '1.5'],
    ['0,5', '0.5'],
    [',5', '0.5'],
    ['12,', '12'],
    ['1.234,', '1234'],
    ['0', '0'],
    ['0,00', '0'],
    ['007', '7'],
    ['00,50', '0.5'],
    ['0,50', '0.5'],
    ['10', '10'],
    ['100,100', '100.1'],
    ['  42  ', '42'],
    ['\t42\n', '42'],
    ['+5', '5'],
    ['-0', '0'],
    ['-0,00', '0'],
    // Spaces of every kind group, as in pasted or French-style figures.
    ['1 234,56', '1234.56'],
    ['1\u00a0234,56', '1234.56'],
    ['1\u202f234\u202f567', '1234567'],
    ['\u00a01234\u00a0', '1234'],
    // The "other" separator: decimal when it cannot be grouping, grouping when it can.
    ['12.5', '12.5'],
    ['1.2345', '1.2345'],
    ['0.5', '0.5'],
    ['0.123', '0.123'],
    ['1234.567', '1234.567'],
    ['.5', '0.5'],
    ['12.', '12'],
    ['1 234.5', '1234.5'],
    ['123456789012345678901234,99', '123456789012345678901234.99'],
    ['0,00000001', '0.00000001'],
  ])('%j → %s', (text, expected) => {
    expect(parseDecimalInput(text, 'tr-TR')).toEqual(ok(expected));
  });

  it.each<[string, DecimalInputError]>([
    ['', 'EMPTY'],
    ['   ', 'EMPTY'],
    ['\u00a0', 'EMPTY'],
    ['abc', 'INVALID'],
    ['12a', 'INVALID'],
    ['a12', 'INVALID'],
    ['1,2,3', 'INVALID'],
    ['1,234,567', 'INVALID'],
    ['1.23.4', 'INVALID'],
    ['1.234.5', 'INVALID'],
    ['1..234', 'INVALID'],
    ['1.23,4', 'INVALID'],
    ['1,234.56', 'INVALID'],
    ['1.234 567', 'INVALID'],
    ['12 34', 'INVALID'],
    ['12 5', 'INVALID'],
    ['0.123.456', 'INVALID'],
    ['1.234.', 'INVALID'],
    ['1e5', 'INVALID'],
    ['1E5', 'INVALID'],
    ['0x1A', 'INVALID'],
    ['Infinity', 'INVALID'],
    ['NaN', 'INVALID'],
    ['-', 'INVALID'],
    ['+', 'INVALID'],
    [',', 'INVALID'],
    ['.', 'INVALID'],
    ['--5', 'INVALID'],
    ['+-5', 'INVALID'],
    ['5-', 'INVALID'],
    ['- 5', 'INVALID'],
    ['１２', 'INVALID'],
    ['١٢', 'INVALID'],
    ['₺12', 'INVALID'],
    ['12 TL', 'INVALID'],
    ['%5', 'INVALID'],
    ['1_000', 'INVALID'],
    ["1'000", 'INVALID'],
    ['1\t000', 'INVALID'],
    ['-5', 'NEGATIVE'],
    ['\u22125', 'NEGATIVE'],
    ['-1.234,56', 'NEGATIVE'],
  ])('%j → %s', (text, error) => {
    expect(parseDecimalInput(text, 'tr-TR')).toEqual(fail(error));
  });
});

describe('parseDecimalInput in en-US', () => {
  it.each<[string, string]>([
    ['1234.56', '1234.56'],
    ['1,234.56', '1234.56'],
    ['1,234,567.89', '1234567.89'],
    ['1,234', '1234'],
    ['1.5', '1.5'],
    ['.5', '0.5'],
    ['12.', '12'],
    ['0.50', '0.5'],
    ['007', '7'],
    ['1 234.56', '1234.56'],
    ['1\u00a0234', '1234'],
    ['12\u202f345', '12345'],
    ['+5', '5'],
    ['-0', '0'],
    ['-0.000', '0'],
    // The "other" separator, mirrored.
    ['12,5', '12.5'],
    ['1,2345', '1.2345'],
    ['0,123', '0.123'],
    [',5', '0.5'],
    ['12,', '12'],
    ['1234,567', '1234.567'],
    ['1.234', '1.234'],
    ['123456789012345678901234.99', '123456789012345678901234.99'],
  ])('%j → %s', (text, expected) => {
    expect(parseDecimalInput(text, 'en-US')).toEqual(ok(expected));
  });

  it.each<[string, DecimalInputError]>([
    ['', 'EMPTY'],
    ['\u202f \t', 'EMPTY'],
    ['1.2.3', 'INVALID'],
    ['1.234.567', 'INVALID'],
    ['1,23,4', 'INVALID'],
    ['1,234,5', 'INVALID'],
    ['1.234,56', 'INVALID'],
    ['1,23.4', 'INVALID'],
    ['1,234 567', 'INVALID'],
    ['1.5e3', 'INVALID'],
    ['$12', 'INVALID'],
    ['Infinity', 'INVALID'],
    ['-Infinity', 'INVALID'],
    ['.', 'INVALID'],
    ['-.', 'INVALID'],
    ['１.５', 'INVALID'],
    ['12.5abc', 'INVALID'],
    ['-12.5', 'NEGATIVE'],
    ['-1,234', 'NEGATIVE'],
  ])('%j → %s', (text, error) => {
    expect(parseDecimalInput(text, 'en-US')).toEqual(fail(error));
  });
});

describe('parseDecimalInput options', () => {
  it.each<[Locale, string, DecimalInputOptions, ReturnType<typeof ok> | ReturnType<typeof fail>]>([
    ['tr-TR', '-5', { allowNegative: true }, ok('-5')],
    ['tr-TR', '\u22121.234,50', { allowNegative: true }, ok('-1234.5')],
    ['en-US', '-1,234.50', { allowNegative: true }, ok('-1234.5')],
    ['en-US', '-0.00', { allowNegative: true }, ok('0')],
    ['en-US', '-12,5', { allowNegative: true }, ok('-12.5')],
    ['en-US', '-abc', { allowNegative: true }, fail('INVALID')],
    ['tr-TR', '-5', { allowNegative: false }, fail('NEGATIVE')],
    ['tr-TR', '12,34', { maxDecimals: 2 }, ok('12.34')],
    ['tr-TR', '12,345', { maxDecimals: 2 }, fail('TOO_MANY_DECIMALS')],
    // Trailing zeros do not count: "1,500" is 1,5.
    ['tr-TR', '1,500', { maxDecimals: 2 }, ok('1.5')],
    ['en-US', '5', { maxDecimals: 0 }, ok('5')],
    ['en-US', '5.0', { maxDecimals: 0 }, ok('5')],
    ['en-US', '5.5', { maxDecimals: 0 }, fail('TOO_MANY_DECIMALS')],
    ['en-US', '0.12345678', { maxDecimals: 8 }, ok('0.12345678')],
    ['en-US', '0.123456789', { maxDecimals: 8 }, fail('TOO_MANY_DECIMALS')],
    // A grouping reading has no decimals to count.
    ['tr-TR', '1.234', { maxDecimals: 2 }, ok('1234')],
    ['tr-TR', '12.345', { maxDecimals: 2 }, ok('12345')],
    // …but where 3+ decimals are allowed, one grouping separator before exactly three digits may
    // be a decimal typed with the other locale's key: "1.125" ETH read as 1,125 sent an order a
    // thousand times the one meant. Refused, not guessed.
    ['tr-TR', '1.125', { maxDecimals: 8, refuseAmbiguous: true }, fail('AMBIGUOUS')],
    ['tr-TR', '123.456', { maxDecimals: 3, refuseAmbiguous: true }, fail('AMBIGUOUS')],
    ['en-US', '1,125', { maxDecimals: 8, refuseAmbiguous: true }, fail('AMBIGUOUS')],
    // Asked for only (coin quantities and prices): an amount of money keeps the locale's grouping.
    ['tr-TR', '1.000', { maxDecimals: 8 }, ok('1000')],
    ['en-US', '2,500', { maxDecimals: 8 }, ok('2500')],
    // Not ambiguous: the locale's own decimal, several groups, a decimal part, a tail of another
    // length, a leading 0 (no grouping reads "0.125"), or a field of fewer decimals.
    ['tr-TR', '1,125', { maxDecimals: 8, refuseAmbiguous: true }, ok('1.125')],
    ['tr-TR', '1.125.000', { maxDecimals: 8, refuseAmbiguous: true }, ok('1125000')],
    ['tr-TR', '1.125,5', { maxDecimals: 8, refuseAmbiguous: true }, ok('1125.5')],
    ['tr-TR', '1.12', { maxDecimals: 8, refuseAmbiguous: true }, ok('1.12')],
    ['tr-TR', '1.1250', { maxDecimals: 8, refuseAmbiguous: true }, ok('1.125')],
    ['tr-TR', '0.125', { maxDecimals: 8, refuseAmbiguous: true }, ok('0.125')],
    ['tr-TR', '1.125', { maxDecimals: 2, refuseAmbiguous: true }, ok('1125')],
    ['en-US', '1.125', { maxDecimals: 8, refuseAmbiguous: true }, ok('1.125')],
    // Errors are reported in order: empty, invalid, negative, then decimals.
    ['tr-TR', '-1,234', { maxDecimals: 2 }, fail('NEGATIVE')],
    ['tr-TR', '-1,234', { maxDecimals: 2, allowNegative: true }, fail('TOO_MANY_DECIMALS')],
    ['tr-TR', '-1,2,3', { maxDecimals: 2 }, fail('INVALID')],
    ['tr-TR', '   ', { maxDecimals: 2, allowNegative: true }, fail('EMPTY')],
  ])('%s %j with %o', (locale, text, options, expected) => {
    expect(parseDecimalInput(text, locale, options)).toEqual(expected);
  });

  it.each<[Locale, string]>([
    ['tr-TR', '1.234.567,891'],
    ['tr-TR', '0,000100'],
    ['en-US', '9,876,543.21'],
    ['en-US', '-0.5'],
  ])('%s %j always yields a canonical decimal', (locale, text) => {
    const result = parseDecimalInput(text, locale, { allowNegative: true });
    expect(result.ok && isCanonicalDecimal(result.value)).toBe(true);
  });
});

describe('isCanonicalDecimal', () => {
  it.each<[unknown, boolean]>([
    ['0', true],
    ['7', true],
    ['1234.56', true],
    ['-1234.56', true],
    ['0.5', true],
    ['0.50', true],
    ['-0', true],
    ['123456789012345678901234.99', true],
    ['', false],
    ['007', false],
    ['00', false],
    ['+5', false],
    ['.5', false],
    ['5.', false],
    ['-.5', false],
    ['1,234.56', false],
    ['1 234', false],
    ['1234,56', false],
    ['1e5', false],
    ['0x10', false],
    ['Infinity', false],
    ['NaN', false],
    [' 5', false],
    ['5\n', false],
    ['--5', false],
    ['\u22125', false],
    ['１', false],
    [5, false],
    [null, false],
  ])('%j → %s', (value, expected) => {
    expect(isCanonicalDecimal(value)).toBe(expected);
  });
});

describe('parseCanonicalDecimal', () => {
  it.each<[string, string]>([
    ['1234.56', '1234.56'],
    ['-0.00000001', '-1e-8'],
    ['123456789012345678901234.99', '1.2345678901234567890123499e+23'],
  ])('%s keeps its exact value', (text, expected) => {
    const d = parseCanonicalDecimal(text);
    expect(d).toBeInstanceOf(Decimal);
    expect(d?.toString()).toBe(expected);
    expect(d?.toFixed()).toBe(text);
  });

  it.each<[unknown]>([['1,5'], ['1e5'], ['+1'], [''], [undefined], [12]])('%j → null', (value) => {
    expect(parseCanonicalDecimal(value)).toBeNull();
  });
});
