import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { direction, toneClass, toneOf } from './tone';

describe('tone of a signed figure', () => {
  it.each([
    ['12.5', 1],
    ['+0.01', 1],
    ['-0.004', -1],
    ['1e-7', 1],
    ['-1E+3', -1],
    ['0', 0],
    ['0.000', 0],
    // A negative zero is a zero: it was coloured green on the contract screens.
    ['-0', 0],
    ['-0.00', 0],
  ])('reads %s as %i', (value, sign) => {
    expect(direction(value)).toBe(sign);
  });

  it('reads numbers and Decimals as the same figures', () => {
    expect(direction(-3)).toBe(-1);
    expect(direction(0)).toBe(0);
    expect(direction(new Decimal('0.0001'))).toBe(1);
    expect(direction(new Decimal('-2.5'))).toBe(-1);
    expect(direction(new Decimal(0).neg())).toBe(0);
  });

  it.each([['--'], [''], ['abc'], ['1,5'], [' 1'], ['NaN'], ['Infinity'], [null], [undefined], [Number.NaN]])(
    'leaves %j uncoloured instead of throwing',
    (value) => {
      // Decimal-based helpers threw "[DecimalError] Invalid argument" on these and took the screen down.
      expect(direction(value)).toBe(0);
      expect(toneOf(value)).toBeUndefined();
      expect(toneClass(value)).toBe('');
    },
  );

  it('names the tone for figure rows and the class for text', () => {
    expect([toneOf('5'), toneOf('-5'), toneOf('0')]).toEqual(['up', 'down', undefined]);
    expect([toneClass('5'), toneClass('-5'), toneClass('0')]).toEqual(['tone-up', 'tone-down', '']);
  });
});
