import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pacePatches } from './patch-pacer';

type P = { id: number; reset?: boolean; fresh?: boolean };

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

  it('holds patches for a while after hold() and applies them together, in order, when it ends', () => {
    const applied: number[] = [];
    const pacer = pacePatches<P>(
      (p) => applied.push(p.id),
      1000,
      () => Date.now(),
      (p) => p.fresh === true,
    );
    pacer.push({ id: 1, reset: true });
    pacer.hold(3000);
    vi.advanceTimersByTime(1500);
    pacer.push({ id: 2 });
    vi.advanceTimersByTime(1000);
    pacer.push({ id: 3 });
    // Past the interval, still inside the hold.
    vi.advanceTimersByTime(499);
    expect(applied).toEqual([1]);
    vi.advanceTimersByTime(1);
    expect(applied).toEqual([1, 2, 3]);
    // After the hold, the interval alone paces them again.
    pacer.push({ id: 4 });
    vi.advanceTimersByTime(999);
    expect(applied).toEqual([1, 2, 3]);
    vi.advanceTimersByTime(1);
    expect(applied).toEqual([1, 2, 3, 4]);
  });

  it('draws a new bar within the interval even in a hold, with what waited before it', () => {
    const applied: number[] = [];
    const pacer = pacePatches<P>(
      (p) => applied.push(p.id),
      1000,
      () => Date.now(),
      (p) => p.fresh === true,
    );
    pacer.push({ id: 1, reset: true });
    pacer.hold(5000);
    vi.advanceTimersByTime(200);
    pacer.push({ id: 2 });
    pacer.push({ id: 3, fresh: true });
    pacer.push({ id: 4 });
    // One interval after the last drawn (the reset), not the hold's end.
    vi.advanceTimersByTime(799);
    expect(applied).toEqual([1]);
    vi.advanceTimersByTime(1);
    expect(applied).toEqual([1, 2, 3, 4]);
    // The hold goes on for what does not bring a new bar.
    pacer.push({ id: 5 });
    vi.advanceTimersByTime(3999);
    expect(applied).toEqual([1, 2, 3, 4]);
    vi.advanceTimersByTime(1);
    expect(applied).toEqual([1, 2, 3, 4, 5]);
    // A new bar after a quiet spell longer than the interval: at once, hold or not.
    pacer.hold(5000);
    vi.advanceTimersByTime(1000);
    pacer.push({ id: 6, fresh: true });
    expect(applied).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('draws a reset at once in a hold and drops what was held before it', () => {
    const applied: number[] = [];
    const pacer = pacePatches<P>(
      (p) => applied.push(p.id),
      1000,
      () => Date.now(),
    );
    pacer.push({ id: 1, reset: true });
    pacer.hold(3000);
    pacer.push({ id: 2 });
    vi.advanceTimersByTime(1500);
    pacer.push({ id: 3, reset: true });
    expect(applied).toEqual([1, 3]);
    vi.advanceTimersByTime(5000);
    expect(applied).toEqual([1, 3]);
  });
});
