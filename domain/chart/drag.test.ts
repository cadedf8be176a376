import { describe, expect, it } from 'vitest';
import type { ScreenShape } from './drawing';
import { dragShape, gripAt, pickGrip } from './drag';

const hline: ScreenShape = { id: 'h', kind: 'hline', y: 100 };
const trend: ScreenShape = { id: 't', kind: 'trend', a: { x: 0, y: 0 }, b: { x: 100, y: 100 } };

describe('gripAt', () => {
  it('holds a horizontal line within the tolerance of its y, anywhere along it', () => {
    expect(gripAt(hline, { x: 300, y: 110 })).toBe('line');
    expect(gripAt(hline, { x: 5, y: 88 })).toBe('line');
    expect(gripAt(hline, { x: 5, y: 87 })).toBeNull();
  });

  it('holds a trend line by the end nearest the press, else by its middle', () => {
    expect(gripAt(trend, { x: 3, y: 4 })).toBe('a'); // 5 px from a
    expect(gripAt(trend, { x: 95, y: 100 })).toBe('b');
    expect(gripAt(trend, { x: 50, y: 58 })).toBe('line'); // 5.66 px from the segment
    expect(gripAt(trend, { x: 50, y: 70 })).toBeNull(); // 14.1 px
    expect(gripAt(trend, { x: 120, y: 120 })).toBeNull(); // past b by 28.3 px
  });
});

describe('pickGrip', () => {
  const near: ScreenShape = { id: 'n', kind: 'hline', y: 52 };
  it('prefers the selected line when the press is on it', () => {
    // At (50, 50): 2 px from n, 0 px from t; with t selected, t is held.
    expect(pickGrip([trend, near], { x: 50, y: 50 }, 't')).toEqual({ id: 't', grip: 'line' });
  });
  it('otherwise takes the nearest line', () => {
    expect(pickGrip([trend, near], { x: 20, y: 52 }, null)).toEqual({ id: 'n', grip: 'line' });
    expect(pickGrip([trend, near], { x: 20, y: 52 }, 'h')).toEqual({ id: 'n', grip: 'line' });
    expect(pickGrip([trend, near], { x: 400, y: 300 }, null)).toBeNull();
  });
});

describe('dragShape', () => {
  it('moves a horizontal line by the vertical travel only', () => {
    expect(dragShape(hline, 'line', 40, -30)).toEqual({ id: 'h', kind: 'hline', y: 70 });
  });
  it('moves both ends of a trend line held by its middle, one end when held by it', () => {
    expect(dragShape(trend, 'line', 10, -5)).toEqual({
      id: 't',
      kind: 'trend',
      a: { x: 10, y: -5 },
      b: { x: 110, y: 95 },
    });
    expect(dragShape(trend, 'a', 10, -5)).toEqual({ ...trend, a: { x: 10, y: -5 } });
    expect(dragShape(trend, 'b', 10, -5)).toEqual({ ...trend, b: { x: 110, y: 95 } });
  });
});
