import { describe, expect, it } from 'vitest';
import { trendPriceAt } from './trend';

describe('trendPriceAt', () => {
  // Through (1000 ms, 10.00) and (3000 ms, 14.00): 0.002 per ms.
  const a = { time: 1000, price: '10.00' };
  const b = { time: 3000, price: '14.00' };

  it('follows the line between and beyond its points', () => {
    expect(trendPriceAt(a, b, 2000, 2)).toBe('12.00');
    expect(trendPriceAt(a, b, 4000, 2)).toBe('16.00');
    expect(trendPriceAt(a, b, 0, 2)).toBe('8.00');
    expect(trendPriceAt(b, a, 2000, 2)).toBe('12.00');
  });

  it('cuts to the decimals rather than rounding', () => {
    // 1 + 1/3 and 1 + 2/3.
    const from = { time: 0, price: '1' };
    const to = { time: 3, price: '2' };
    expect(trendPriceAt(from, to, 1, 2)).toBe('1.33');
    expect(trendPriceAt(from, to, 2, 2)).toBe('1.66');
  });

  it('has no line through two points at one time', () => {
    expect(trendPriceAt(a, { time: 1000, price: '11' }, 2000, 2)).toBeNull();
  });
});
