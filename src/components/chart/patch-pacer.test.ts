import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pacePatches } from './patch-pacer';

type P = { id: number; reset?: boolean };

describe('pacing chart patches', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('applies the first patch at once, then the rest together at most every interval, in order', () => {
    const applied: number[] = [];
    const pacer = pacePatches<P>(
      (p) => applied.push(p.id),
      250,
      () => Date.now(),
    );
    pacer.push({ id: 1 });
    expect(applied).toEqual([1]);
    vi.advanceTimersByTime(50);
    pacer.push({ id: 2 });
    pacer.push({ id: 3 });
    expect(applied).toEqual([1]);
    vi.advanceTimersByTime(199);
    expect(applied).toEqual([1]);
    vi.advanceTimersByTime(1);
    expect(applied).toEqual([1, 2, 3]);
    // A quiet spell longer than the interval: the next one goes at once again.
    vi.advanceTimersByTime(1000);
    pacer.push({ id: 4 });
    expect(applied).toEqual([1, 2, 3, 4]);
  });

  it('draws a reset at once (a switch of interval or indicator) and drops what waited before it', () => {
    const applied: number[] = [];
    const pacer = pacePatches<P>(
      (p) => applied.push(p.id),
      250,
      () => Date.now(),
    );
    pacer.push({ id: 1 });
    pacer.push({ id: 2 });
    pacer.push({ id: 3, reset: true });
    expect(applied).toEqual([1, 3]);
    pacer.push({ id: 4 });
    expect(applied).toEqual([1, 3]);
    vi.advanceTimersByTime(250);
    expect(applied).toEqual([1, 3, 4]);
  });

  it('applies nothing after stop', () => {
    const applied: number[] = [];
    const pacer = pacePatches<P>(
      (p) => applied.push(p.id),
      250,
      () => Date.now(),
    );
    pacer.push({ id: 1 });
    pacer.push({ id: 2 });
    pacer.stop();
    vi.advanceTimersByTime(1000);
    expect(applied).toEqual([1]);
  });
});
