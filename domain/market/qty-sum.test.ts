import { describe, expect, it } from 'vitest';
import { QtySum, sumQuantities } from './qty-sum';

describe('QtySum (exact sums of wire quantities)', () => {
  it('adds by hand-computed vectors, keeping the most decimals an addend had', () => {
    expect(sumQuantities(['1.50', '2'])).toBe('3.50');
    expect(sumQuantities(['0.1', '0.2'])).toBe('0.3');
    expect(sumQuantities(['7', '8', '0'])).toBe('15');
    expect(sumQuantities(['0.25', '0.75'])).toBe('1.00');
    expect(sumQuantities(['999999.999999999999', '0.000000000001'])).toBe('1000000.000000000000');
    expect(sumQuantities(['12.345', '0.655', '100'])).toBe('113.000');
    expect(sumQuantities([])).toBe('0');
  });

  it('moves to BigInt past 12 decimals or safe integers, still exact', () => {
    expect(sumQuantities(['1', '0.0000000000001'])).toBe('1.0000000000001');
    expect(sumQuantities(['0.5', '0.0000000000001', '0.25'])).toBe('0.7500000000001');
    expect(sumQuantities(['9007199254740993', '1'])).toBe('9007199254740994');
    expect(sumQuantities(['9007199254740990', '5.5'])).toBe('9007199254740995.5');
  });

  it('refuses what is not a canonical non-negative decimal, adding nothing', () => {
    const sum = new QtySum();
    sum.add('2.5');
    for (const bad of ['-1', '1e5', '.5', '5.', '', '1,5', ' 1'])
      expect(sum.add(bad), JSON.stringify(bad)).toBe(false);
    expect(sum.text()).toBe('2.5');
    sum.reset();
    expect(sum.text()).toBe('0');
  });
});
