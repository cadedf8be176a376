import { describe, expect, it } from 'vitest';
import { fitWithin, isAcceptedImage, MAX_EDGE, smallerOf } from './image-compress';

describe('fitWithin', () => {
  it('keeps images that already fit, including exactly on the limit', () => {
    expect(fitWithin({ width: 1200, height: 800 })).toEqual({ width: 1200, height: 800 });
    expect(fitWithin({ width: 1600, height: 1600 })).toEqual({ width: 1600, height: 1600 });
  });

  it('scales a landscape photo so the long side is 1600 px', () => {
    // 4032 × 3024 (a 12 MP phone photo): scale 1600/4032, 3024 × 0.3968… = 1200.
    expect(fitWithin({ width: 4032, height: 3024 })).toEqual({ width: 1600, height: 1200 });
  });

  it('scales a portrait photo by its height', () => {
    // 3000 × 4000: scale 0.4 → 1200 × 1600.
    expect(fitWithin({ width: 3000, height: 4000 })).toEqual({ width: 1200, height: 1600 });
  });

  it('rounds the short side and never lets it reach zero', () => {
    // 1601 × 1001: 1001 × 1600/1601 = 1000.37… → 1000.
    expect(fitWithin({ width: 1601, height: 1001 })).toEqual({ width: 1600, height: 1000 });
    expect(fitWithin({ width: 10000, height: 2 })).toEqual({ width: 1600, height: 1 });
  });

  it('honours another limit and rejects empty sizes', () => {
    expect(fitWithin({ width: 800, height: 400 }, 400)).toEqual({ width: 400, height: 200 });
    expect(fitWithin({ width: 0, height: 100 })).toEqual({ width: 0, height: 0 });
    expect(fitWithin({ width: Number.NaN, height: 100 })).toEqual({ width: 0, height: 0 });
    expect(MAX_EDGE).toBe(1600);
  });
});

describe('smallerOf and isAcceptedImage', () => {
  const blob = (bytes: number, type = 'image/jpeg') => new Blob([new Uint8Array(bytes)], { type });

  it('keeps the original when re-encoding does not make it smaller', () => {
    const original = blob(1000);
    const bigger = blob(1500);
    const smaller = blob(400);
    expect(smallerOf(original, bigger)).toBe(original);
    expect(smallerOf(original, blob(1000))).toBe(original);
    expect(smallerOf(original, smaller)).toBe(smaller);
    expect(smallerOf(original, null)).toBe(original);
  });

  it('accepts JPEG, PNG and WebP only', () => {
    expect(isAcceptedImage(blob(1, 'image/jpeg'))).toBe(true);
    expect(isAcceptedImage(blob(1, 'image/png'))).toBe(true);
    expect(isAcceptedImage(blob(1, 'image/webp'))).toBe(true);
    expect(isAcceptedImage(blob(1, 'image/gif'))).toBe(false);
    expect(isAcceptedImage(blob(1, 'application/pdf'))).toBe(false);
    expect(isAcceptedImage(blob(1, ''))).toBe(false);
  });
});
