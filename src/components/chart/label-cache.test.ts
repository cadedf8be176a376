import { describe, expect, it } from 'vitest';
import { cachedLabels } from './label-cache';

describe('cachedLabels', () => {
  it('formats each value once, and stays right after it forgets (bounded, not growing per tick)', () => {
    const asked: number[] = [];
    const label = cachedLabels((value) => {
      asked.push(value);
      return `#${value}`;
    });
    for (let round = 0; round < 3; round += 1) for (const v of [1.5, 2, 2.5]) label(v);
    expect(asked).toEqual([1.5, 2, 2.5]);
    for (let v = 0; v < 600; v += 1) label(1_000 + v);
    expect(label(1.5)).toBe('#1.5');
    expect(label(1_599)).toBe('#1599');
    expect(asked).toHaveLength(3 + 600 + 1);
  });
});
