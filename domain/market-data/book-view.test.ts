import { describe, expect, it } from 'vitest';
import { groupingChoices, groupSteps, paceMs, type BookPace } from './book-view';

describe('book view choices', () => {
  it('offers a stock 1, 5, 10 and 50 ticks at its price (BIST tick table)', () => {
    expect(groupingChoices('stock', 2, '15.37')).toEqual(['0.01', '0.05', '0.10', '0.50']);
    expect(groupingChoices('stock', 2, '42.10')).toEqual(['0.02', '0.10', '0.20', '1.00']);
    expect(groupingChoices('stock', 2, '123.40')).toEqual(['0.10', '0.50', '1.00', '5.00']);
    expect(groupingChoices('stock', 2, '1234.00')).toEqual(['1.00', '5.00', '10.00', '50.00']);
    expect(groupingChoices('stock', 2, null)).toEqual(['0.01', '0.05', '0.10', '0.50']);
  });

  it('offers a coin 0.01, 0.1, 1 and 10, only those at least its tick', () => {
    expect(groupingChoices('coin', 2)).toEqual(['0.01', '0.1', '1', '10']);
    expect(groupingChoices('coin', 6)).toEqual(['0.01', '0.1', '1', '10']);
    expect(groupingChoices('coin', 1)).toEqual(['0.1', '1', '10']);
    expect(groupingChoices('coin', 0)).toEqual(['1', '10']);
  });

  it('reads a grouping as price steps, a bad one as no grouping', () => {
    expect(groupSteps('0.05', 2)).toBe(5);
    expect(groupSteps('10', 2)).toBe(1000);
    expect(groupSteps('0.1', 4)).toBe(1000);
    expect(groupSteps(null, 2)).toBe(1);
    expect(groupSteps('0.001', 2)).toBe(1);
    expect(groupSteps('-5', 2)).toBe(1);
    expect(groupSteps('abc', 2)).toBe(1);
  });

  it('paces 4 a second at 250 ms, 2 at 500, anything else every frame', () => {
    expect(paceMs(4)).toBe(250);
    expect(paceMs(2)).toBe(500);
    expect(paceMs(0)).toBe(0);
    expect(paceMs(3 as BookPace)).toBe(0);
  });
});
