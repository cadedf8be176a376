import { describe, expect, it } from 'vitest';
import { mapView, niceFloor, stepDecimals } from './map-view';

const near = (lines: { at: number; degrees: number }[]) =>
  lines.map((l) => [Number(l.at.toFixed(4)), l.degrees]);

describe('the offline map view', () => {
  it('rounds down to 1, 2 or 5 × 10^k', () => {
    expect(niceFloor(75)).toBe(50);
    expect(niceFloor(150)).toBe(100);
    expect(niceFloor(0.000674)).toBeCloseTo(0.0005, 12);
    expect(niceFloor(3)).toBe(2);
    expect(stepDecimals(0.0005)).toBe(4);
    expect(stepDecimals(0.001)).toBe(3);
    expect(stepDecimals(0.002)).toBe(3);
  });

  it('spans 300 m without an accuracy; grid lines at round degrees; a 50 m scale bar', () => {
    // 300 px for 300 m: 1 px a metre; a degree is 111,195 m, so 0.0005° is 55.5975 px.
    const view = mapView({ lat: 0, lng: 0 }, 300, 200);
    expect(view.spanM).toBe(300);
    expect(view.accuracyPx).toBeNull();
    expect(view.stepDegrees).toBeCloseTo(0.0005, 12);
    expect(near(view.meridians)).toEqual([
      [38.805, -0.001],
      [94.4025, -0.0005],
      [150, 0],
      [205.5975, 0.0005],
      [261.195, 0.001],
    ]);
    // North up: the larger latitude has the smaller y.
    expect(near(view.parallels)).toEqual([
      [155.5975, -0.0005],
      [100, 0],
      [44.4025, 0.0005],
    ]);
    expect(view.scale).toEqual({ metres: 50, px: 50 });
  });

  it('widens to six times a coarse fix, its circle a sixth of the width across', () => {
    // ±100 m: 600 m across 300 px (0.5 px a metre), the circle's radius 50 px, a 100 m bar of 50 px.
    const view = mapView({ lat: 0, lng: 0 }, 300, 200, 100);
    expect(view.spanM).toBe(600);
    expect(view.accuracyPx).toBe(50);
    expect(view.stepDegrees).toBeCloseTo(0.001, 12);
    expect(view.scale).toEqual({ metres: 100, px: 50 });
  });

  it('spaces meridians twice as wide at 60° north, where a degree of longitude is half as long', () => {
    const view = mapView({ lat: 60, lng: 10 }, 300, 200);
    // A degree of longitude is 55,597.5 m there: 0.0005° is 27.79875 m, so 27.79875 px.
    const [first, second] = view.meridians;
    expect(second!.at - first!.at).toBeCloseTo(27.79875, 4);
    expect(view.meridians.some((l) => l.degrees === 10 && Math.abs(l.at - 150) < 1e-9)).toBe(true);
  });

  it('ignores an accuracy that is no number', () => {
    expect(mapView({ lat: 41, lng: 29 }, 300, 200, Number.NaN).accuracyPx).toBeNull();
    expect(mapView({ lat: 41, lng: 29 }, 300, 200, 0).spanM).toBe(300);
  });
});
