import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { rng, seedFromEnv } from '../../tests/support/random';
import {
  compareDecimalText,
  readDecimal,
  shiftBy,
  signOf,
  toPlain,
  truncateTo,
  type DecimalText,
} from './decimal-text';

const read = (value: unknown): DecimalText => {
  const d = readDecimal(value);
  if (!d) throw new Error(`unreadable ${String(value)}`);
  return d;
};

describe('readDecimal', () => {
  it.each<[unknown, string]>([
    ['-1234.5678', '-1234.5678'],
    ['123456789012345678901234.99', '123456789012345678901234.99'],
    [0.1, '0.1'],
    [new Decimal('9.99'), '9.99'],
    [new Decimal('1e-7'), '0.0000001'],
    ['+5', '5'],
    ['.5', '0.5'],
    ['5.', '5'],
    ['007.500', '7.5'],
    ['-0', '0'],
    ['-0.000', '0'],
    ['1e-7', '0.0000001'],
    ['1.5E+3', '1500'],
    ['12e-1', '1.2'],
    ['1e-400', '0.' + '0'.repeat(399) + '1'],
  ])('reads %s as %s', (value, plain) => {
    expect(toPlain(read(value))).toBe(plain);
  });

  it.each<unknown>([
    '',
    ' 1',
    '1 ',
    '1,2',
    '1.2.3',
    '0x10',
    'Infinity',
    'NaN',
    '1e400',
    '-1e400',
    '.',
    'e5',
    Number.NaN,
    Infinity,
    new Decimal(Infinity),
    new Decimal(Number.NaN),
    {},
    { toStringTag: 'x' },
    ['1'],
    true,
    10n,
    null,
    undefined,
  ])('refuses %s', (value) => {
    expect(readDecimal(value)).toBeNull();
  });
});

describe('truncateTo, shiftBy, signOf', () => {
  it.each<[string, number, string]>([
    ['1.239', 2, '1.23'],
    ['-1.239', 2, '-1.23'],
    ['-0.001', 2, '0'],
    ['0.00999', 2, '0'],
    ['199.999', 0, '199'],
    ['1500', 2, '1500'],
    ['1e-7', 8, '0.0000001'],
    ['1e-7', 6, '0'],
    ['0.1', 1, '0.1'],
  ])('%s to %i decimals is %s', (value, decimals, plain) => {
    expect(toPlain(truncateTo(read(value), decimals))).toBe(plain);
  });

  it('moves the point exactly', () => {
    expect(toPlain(shiftBy(read('1.23'), -2))).toBe('0.0123');
    expect(toPlain(shiftBy(read('-12.5'), 3))).toBe('-12500');
    expect(toPlain(shiftBy(read('0'), -2))).toBe('0');
  });

  it('signs', () => {
    expect([signOf(read('-0.01')), signOf(read('-0')), signOf(read('3e-9'))]).toEqual([-1, 0, 1]);
  });
});

describe('agrees with decimal.js', () => {
  it('reads, truncates, shifts and compares random literals as Decimal does', () => {
    const seed = seedFromEnv();
    const random = rng(seed);
    const digits = (n: number) => Array.from({ length: n }, () => String(Math.floor(random() * 10))).join('');
    const literal = (): string => {
      const sign = ['', '-', '+'][Math.floor(random() * 3)] ?? '';
      const whole = digits(Math.floor(random() * 6));
      const fraction = digits(Math.floor(random() * 6));
      const body = fraction === '' ? whole || '0' : `${whole}.${fraction}`;
      const exponent = random() < 0.3 ? `e${Math.floor(random() * 41) - 20}` : '';
      return `${sign}${body}${exponent}`;
    };
    for (let run = 0; run < 2000; run++) {
      const a = literal();
      const b = random() < 0.2 ? a : literal();
      const decimals = Math.floor(random() * 10);
      const context = `SEED=${seed} a=${a} b=${b} decimals=${decimals}`;
      const da = new Decimal(a);
      const x = read(a);
      expect(toPlain(x), context).toBe(da.isZero() ? '0' : da.toFixed());
      const truncated = da.toDecimalPlaces(decimals, Decimal.ROUND_DOWN);
      expect(toPlain(truncateTo(x, decimals)), context).toBe(truncated.isZero() ? '0' : truncated.toFixed());
      const shifted = new Decimal(`${da.toFixed()}e-2`);
      expect(toPlain(shiftBy(x, -2)), context).toBe(shifted.isZero() ? '0' : shifted.toFixed());
      expect(compareDecimalText(x, read(b)), context).toBe(da.comparedTo(new Decimal(b)));
      expect(signOf(x), context).toBe(da.isZero() ? 0 : da.isPositive() ? 1 : -1);
    }
  });
});
