import Decimal from 'decimal.js';
import { describe, it, expect } from 'vitest';
import { isCanonicalDecimal, parseCanonicalDecimal } from './parse';

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
