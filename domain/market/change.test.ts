import { describe, expect, it } from 'vitest';
import { percentHundredths, priceChange } from './change';

describe('price change, one formula for broker and screen', () => {
  it.each([
    ['100.00', '98.00', 2, '2.00', '2.04'], // 2/98 = 2.0408…%
    ['98.00', '100.00', 2, '-2.00', '-2.00'],
    ['312.50', '300.00', 2, '12.50', '4.17'], // 4.1666…%
    ['0.01', '0.03', 2, '-0.02', '-66.67'],
    ['100.00', '100.00', 2, '0.00', '0.00'],
    ['5.00', '0.00', 2, '5.00', '0.00'], // no reference: no percentage
    ['96255.00', '91810.00', 2, '4445.00', '4.84'],
  ])('%s against %s (scale %i): %s, %s%%', (last, prev, scale, change, pct) => {
    expect(priceChange(last, prev, scale)).toEqual({ change, changePct: pct });
  });

  it('rounds half away from zero, exactly, also where float division would not', () => {
    expect(percentHundredths(1, 8)).toBe(1250); // 12.5% exactly
    expect(percentHundredths(1, 80_000)).toBe(0); // 0.00125% → 0.00
    expect(percentHundredths(1, 40_000)).toBe(0); // 0.0025% → 0.00 (hundredths of 0.25 round down)
    expect(percentHundredths(1, 20_000)).toBe(1); // 0.005% → 0.01, half up
    expect(percentHundredths(-1, 20_000)).toBe(-1); // and half away from zero below
    expect(percentHundredths(-1, 1_000_000)).toBe(0); // never "-0.00"
  });

  it('stays exact beyond safe-integer intermediates', () => {
    const prev = 2 ** 50;
    expect(percentHundredths(prev, prev)).toBe(10_000); // +100%
    expect(percentHundredths(-prev / 2, prev)).toBe(-5_000);
  });

  it('refuses prices off the grid', () => {
    expect(priceChange('1.234', '1.00', 2)).toBeNull();
    expect(priceChange('abc', '1.00', 2)).toBeNull();
  });
});
