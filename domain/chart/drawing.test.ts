import { describe, expect, it } from 'vitest';
import { alertKindFor, distanceToSegment, hitDrawing, pickedPrice, type ScreenShape } from './drawing';

describe('distanceToSegment', () => {
  it('measures to the nearest point of the segment', () => {
    expect(distanceToSegment({ x: 5, y: 3 }, { x: 0, y: 0 }, { x: 10, y: 0 })).toBe(3);
    expect(distanceToSegment({ x: 0, y: 5 }, { x: 0, y: 0 }, { x: 10, y: 0 })).toBe(5);
    // Past the end: to the end point, a 3-4-5 triangle.
    expect(distanceToSegment({ x: 13, y: 4 }, { x: 0, y: 0 }, { x: 10, y: 0 })).toBe(5);
    expect(distanceToSegment({ x: -3, y: -4 }, { x: 0, y: 0 }, { x: 10, y: 0 })).toBe(5);
  });

  it('treats a segment without length as its point', () => {
    expect(distanceToSegment({ x: 3, y: 4 }, { x: 0, y: 0 }, { x: 0, y: 0 })).toBe(5);
  });
});

describe('hitDrawing', () => {
  const shapes: ScreenShape[] = [
    { id: 'h', kind: 'hline', y: 100 },
    { id: 't', kind: 'trend', a: { x: 0, y: 0 }, b: { x: 100, y: 100 } },
  ];

  it('picks the nearest line within the tolerance', () => {
    // 5 px from the horizontal line; |50 − 95| / √2 ≈ 31.8 px from the diagonal.
    expect(hitDrawing(shapes, { x: 50, y: 95 })).toBe('h');
    // 48 px from the horizontal line; 2 / √2 ≈ 1.41 px from the diagonal.
    expect(hitDrawing(shapes, { x: 50, y: 52 })).toBe('t');
  });

  it('picks nothing farther than the tolerance', () => {
    expect(hitDrawing(shapes, { x: 50, y: 150 })).toBeNull();
    expect(hitDrawing(shapes, { x: 50, y: 113 })).toBeNull();
    expect(hitDrawing(shapes, { x: 50, y: 113 }, 13)).toBe('h');
    expect(hitDrawing([], { x: 0, y: 0 })).toBeNull();
  });

  it('gives a tie to the line drawn last (painted on top)', () => {
    const twins: ScreenShape[] = [
      { id: 'first', kind: 'hline', y: 100 },
      { id: 'second', kind: 'hline', y: 100 },
    ];
    expect(hitDrawing(twins, { x: 10, y: 104 })).toBe('second');
  });

  it('ignores a line the chart could not place', () => {
    expect(hitDrawing([{ id: 'off', kind: 'hline', y: Number.NaN }], { x: 0, y: 0 })).toBeNull();
  });
});

describe('pickedPrice', () => {
  it('cuts a picked price to the instrument decimals', () => {
    expect(pickedPrice(12.3456, 2)).toBe('12.34');
    expect(pickedPrice(5, 2)).toBe('5.00');
    expect(pickedPrice(64250.129, 1)).toBe('64250.1');
  });

  it('refuses what cannot be a price', () => {
    expect(pickedPrice(Number.NaN, 2)).toBeNull();
    expect(pickedPrice(Number.POSITIVE_INFINITY, 2)).toBeNull();
    expect(pickedPrice(-1, 2)).toBeNull();
    expect(pickedPrice(0, 2)).toBeNull();
    expect(pickedPrice(0.001, 2)).toBeNull();
  });
});

describe('alertKindFor', () => {
  it('alerts on the way up to a line above the last price, down to one below', () => {
    expect(alertKindFor('105.50', '100')).toBe('above');
    expect(alertKindFor('95', '100.25')).toBe('below');
    expect(alertKindFor('100.00', '100')).toBe('above');
  });
});
