import { describe, expect, it } from 'vitest';
import { INTERVAL_MS } from '../../../domain/market/instrument';
import { BarSeries } from './bars';

const MIN = INTERVAL_MS['1m'];

/** A 1m series of `count` history bars, bar i opening at i minutes with close 100 + i. */
function minutes(count: number, valued = false): BarSeries {
  const series = BarSeries.history('1m', 0, count, valued);
  for (let i = count - 1; i >= 0; i--)
    series.write(i, i * MIN, 100 + i, 101 + i, 99 + i, 100 + i, 5, valued ? 7n : 0n);
  return series;
}

describe('BarSeries (columns of bars)', () => {
  it('folds prints into the live bar and opens a new one on the next interval', () => {
    const series = minutes(3, true);
    series.apply(2 * MIN + 10, 110, 2, 3n); // inside bar 2
    series.apply(2 * MIN + 20, 90, 1, 4n);
    expect(series.last()).toEqual({ t: 2 * MIN, o: 102, h: 110, l: 90, c: 90, v: 8, q: 14n });
    series.apply(3 * MIN + 1, 95, 4, 5n);
    expect(series.length).toBe(4);
    expect(series.last()).toEqual({ t: 3 * MIN, o: 95, h: 95, l: 95, c: 95, v: 4, q: 5n });
  });

  it('keeps traded value only where the series carries it, and beyond 2^63', () => {
    const plain = minutes(1);
    plain.apply(10, 100, 1, 9n);
    expect(plain.value(0)).toBe(0n);
    const valued = minutes(1, true);
    const big = 2n ** 63n;
    valued.apply(10, 100, 1, big);
    valued.apply(20, 100, 1, big);
    expect(valued.value(0)).toBe(7n + 2n * big);
  });

  it('hands out copies: changing a bar read from it changes nothing', () => {
    const series = minutes(2);
    const bar = series.last()!;
    bar.c = 1;
    expect(series.at(1).c).toBe(101);
  });

  it('slices the newest bars up to an end time, oldest first', () => {
    const series = minutes(10);
    expect(series.slice(3).map((b) => b.c)).toEqual([107, 108, 109]);
    expect(series.slice(3, 5 * MIN).map((b) => b.t)).toEqual([3 * MIN, 4 * MIN, 5 * MIN]);
    expect(series.slice(50, 1 * MIN).map((b) => b.t)).toEqual([0, MIN]);
    expect(series.slice(5, -1)).toEqual([]);
  });

  it('grows past its history and keeps the newest 2,000–2,500 bars in order as live bars arrive', () => {
    const series = minutes(520, true);
    for (let i = 520; i < 6_000; i++) series.apply(i * MIN, 100 + i, 1, 1n);
    expect(series.length).toBeGreaterThanOrEqual(2_000);
    expect(series.length).toBeLessThanOrEqual(2_500);
    const bars = series.slice(10_000);
    expect(bars).toHaveLength(series.length);
    bars.forEach((bar, k) => {
      const i = 6_000 - bars.length + k;
      expect(bar).toEqual({ t: i * MIN, o: 100 + i, h: 100 + i, l: 100 + i, c: 100 + i, v: 1, q: 1n });
    });
  });

  it('drops the bars from a time on, and takes appended bars after them (a restart)', () => {
    const series = minutes(5, true);
    series.dropFrom(3 * MIN);
    expect(series.length).toBe(3);
    expect(series.last()).toEqual({ t: 2 * MIN, o: 102, h: 103, l: 101, c: 102, v: 5, q: 7n });
    series.append({ t: 3 * MIN, o: 50, h: 51, l: 49, c: 50, v: 1, q: 2n });
    expect(series.slice(2).map((bar) => [bar.t, bar.o, bar.q])).toEqual([
      [2 * MIN, 102, 7n],
      [3 * MIN, 50, 2n],
    ]);
    series.dropFrom(0);
    expect(series.length).toBe(0);
  });
});
