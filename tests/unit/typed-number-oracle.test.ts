import { describe, expect, it } from 'vitest';
import { oracleRead, type FieldSpec, type OracleLocale } from '../support/typed-number-oracle';

// The browser property test's oracle checked against the rule's own examples, worked by hand, so
// a wrong oracle cannot pass a wrong field or fail a right one.
const MONEY: FieldSpec = { decimals: 2 };
const LOTS: FieldSpec = { decimals: 0, whole: true };
const COIN: FieldSpec = { decimals: 8 };

const read = (text: string, locale: OracleLocale, spec: FieldSpec) => {
  const reading = oracleRead(text, locale, spec);
  if (reading.kind === 'value') return reading.value;
  return reading.kind === 'refuse' ? reading.problem : 'unsure';
};

describe('the typed-number oracle', () => {
  it.each([
    ['1,5', MONEY, '1.5'],
    ['1,5', LOTS, 'NOT_WHOLE'],
    ['1.000,50', MONEY, '1000.5'],
    ['1.000', MONEY, '1000'],
    ['1.000', LOTS, '1000'],
    ['1.000', COIN, 'AMBIGUOUS'],
    ['-5', MONEY, 'SIGN'],
    ['\u22125', MONEY, 'SIGN'],
    ['+5', MONEY, 'SIGN'],
    ['1e20', MONEY, 'EXPONENT'],
    ['1,2,3', MONEY, 'SEPARATOR'],
    ['12.5', MONEY, '12.5'],
    ['1 000', MONEY, '1000'],
    ['1\u00a0000\u00a0000,25', MONEY, '1000000.25'],
    ['1.000 000', MONEY, 'SEPARATOR'],
    ['1.00.000', MONEY, 'SEPARATOR'],
    ['1.234.567', COIN, '1234567'],
    ['012.345', COIN, '12.345'],
    ['1.2345', COIN, '1.2345'],
    ['1.2345', MONEY, 'TOO_MANY_DECIMALS'],
    [',5', MONEY, '0.5'],
    ['12,', MONEY, '12'],
    ['.5', MONEY, '0.5'],
    ['12.', MONEY, '12'],
    [',', MONEY, 'SEPARATOR'],
    ['1,50', MONEY, '1.5'],
    ['1,505', MONEY, 'TOO_MANY_DECIMALS'],
    ['1,500', MONEY, '1.5'],
    ['007', MONEY, '7'],
    ['0,00', MONEY, '0'],
    ['  12  ', MONEY, '12'],
    ['   ', MONEY, null],
    ['1,5.0', MONEY, 'SEPARATOR'],
    ['١٢', MONEY, 'NOT_A_NUMBER'],
    ['12a', MONEY, 'NOT_A_NUMBER'],
    ['e5', MONEY, 'NOT_A_NUMBER'],
    ['0.500', MONEY, 'unsure'],
  ] as const)('tr-TR %j in %j → %s', (text, spec, expected) => {
    expect(read(text, 'tr-TR', spec)).toBe(expected);
  });

  it.each([
    ['1,000.50', MONEY, '1000.5'],
    ['1.000,50', MONEY, 'SEPARATOR'],
    ['1,5', MONEY, '1.5'],
    ['1,5', LOTS, 'NOT_WHOLE'],
    ['1,250', MONEY, '1250'],
    ['1,250', LOTS, '1250'],
    ['1,250', COIN, 'AMBIGUOUS'],
    ['0.1.2', MONEY, 'SEPARATOR'],
    ['abc', MONEY, 'NOT_A_NUMBER'],
    ['2E-5', MONEY, 'SIGN'],
    ['2E5', COIN, 'EXPONENT'],
    ['12,34', COIN, '12.34'],
    ['1 234.5', MONEY, '1234.5'],
    ['1,234,567.891', COIN, '1234567.891'],
    ['1,23,456', MONEY, 'SEPARATOR'],
    ['.5', MONEY, '0.5'],
    ['5.', LOTS, '5'],
    ['5.0', LOTS, '5'],
  ] as const)('en-US %j in %j → %s', (text, spec, expected) => {
    expect(read(text, 'en-US', spec)).toBe(expected);
  });
});
