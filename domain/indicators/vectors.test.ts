import { describe, expect, it } from 'vitest';
import { Bollinger } from './bollinger';
import { Kdj } from './kdj';
import { Macd } from './macd';
import { Ema, Sma } from './moving-average';
import { Rsi } from './rsi';

// Hand-computed vectors (fractions worked on paper); NaN = still warming up.
describe('SMA', () => {
  it('averages the last n values and replaces the live one', () => {
    const sma = new Sma(3);
    expect([1, 2, 3, 4, 5].map((x) => sma.add(x))).toEqual([NaN, NaN, 2, 3, 4]);
    expect(sma.replace(8)).toBe(5); // (3 + 4 + 8) / 3
    expect(sma.add(2)).toBeCloseTo(14 / 3, 12); // (4 + 8 + 2) / 3
  });

  it('treats a replace before any add as the first add', () => {
    const sma = new Sma(1);
    expect(sma.replace(7)).toBe(7);
    expect(sma.add(9)).toBe(9);
  });
});

describe('EMA', () => {
  it('seeds with the SMA of the first period values by default', () => {
    const ema = new Ema(3); // alpha = 0.5
    expect([1, 2, 3, 4, 5].map((x) => ema.add(x))).toEqual([NaN, NaN, 2, 3, 4]);
    expect(ema.replace(9)).toBe(6); // 3 + 0.5 × (9 − 3)
  });

  it('replacing the seeding bar reseeds', () => {
    const ema = new Ema(3);
    [1, 2, 3].forEach((x) => ema.add(x));
    expect(ema.replace(6)).toBe(3); // (1 + 2 + 6) / 3
    expect(ema.add(5)).toBe(4);
  });

  it('can start at the first value, as trading-signals and Tongdaxin do', () => {
    const ema = new Ema(3, 'first');
    expect([1, 2, 3, 4, 5].map((x) => ema.add(x))).toEqual([NaN, NaN, 2.25, 3.125, 4.0625]);
  });
});

describe('BOLL', () => {
  it('uses the population standard deviation', () => {
    const boll = new Bollinger(3, 2);
    boll.add(1);
    boll.add(2);
    expect(boll.mid).toBeNaN();
    boll.add(3);
    expect(boll.mid).toBeCloseTo(2, 12);
    expect(boll.up).toBeCloseTo(2 + 2 * Math.sqrt(2 / 3), 12);
    expect(boll.low).toBeCloseTo(2 - 2 * Math.sqrt(2 / 3), 12);
    boll.replace(2); // a flat window has no band
    expect([boll.low, boll.mid, boll.up].map((x) => Math.abs(x - 5 / 3) < 1e-12)).toEqual([
      false,
      true,
      false,
    ]);
    boll.replace(5); // 1, 2, 5: mean 8/3, variance (25 + 4 + 49) / 27
    expect(boll.up).toBeCloseTo(8 / 3 + 2 * Math.sqrt(78 / 27), 12);
  });
});

describe('RSI', () => {
  it('smooths gains and losses the Wilder way', () => {
    const rsi = new Rsi(2);
    expect([1, 2, 1].map((x) => rsi.add(x))).toEqual([NaN, NaN, 50]);
    expect(rsi.add(3)).toBeCloseTo(250 / 3, 12); // gain 1.25, loss 0.25
    expect(rsi.replace(0)).toBeCloseTo(25, 12); // change −1: gain 0.25, loss 0.75
  });

  it('shows 50 on a flat market and 100 without losses', () => {
    const flat = new Rsi(3);
    expect([5, 5, 5, 5].map((x) => flat.add(x))[3]).toBe(50);
    const rising = new Rsi(3);
    expect([1, 2, 3, 4].map((x) => rising.add(x))[3]).toBe(100);
  });
});

describe('MACD', () => {
  it('computes DIF, DEA and the 2× histogram', () => {
    const macd = new Macd(2, 3, 2);
    const rows = [1, 2, 4, 8, 16].map((x) => {
      macd.add(x);
      return [macd.dif, macd.dea, macd.bar];
    });
    expect(rows[1]?.[0]).toBeNaN();
    expect(rows[2]?.[0]).toBeCloseTo(5 / 6, 12);
    expect(rows[2]?.[1]).toBeNaN();
    expect(rows[3]?.[0]).toBeCloseTo(11 / 9, 12);
    expect(rows[3]?.[1]).toBeCloseTo(37 / 36, 12);
    expect(rows[4]?.[0]).toBeCloseTo(239 / 108, 12);
    expect(rows[4]?.[1]).toBeCloseTo(589 / 324, 12);
    expect(rows[4]?.[2]).toBeCloseTo(64 / 81, 12);
    expect(macd.histogram).toBeCloseTo(32 / 81, 12);
  });
});

describe('KDJ', () => {
  it('follows K = 2/3 K′ + 1/3 RSV from 50', () => {
    const kdj = new Kdj(3, 3, 3);
    kdj.add(10, 8, 9);
    kdj.add(12, 9, 11);
    expect(kdj.k).toBeNaN();
    kdj.add(11, 7, 8);
    expect(kdj.k).toBeCloseTo(410 / 9, 12);
    expect(kdj.d).toBeCloseTo(1360 / 27, 12);
    expect(kdj.j).toBeCloseTo(970 / 27, 12);
    kdj.replace(10, 7, 8); // the window's high is still 12 (bar 2)
    expect(kdj.k).toBeCloseTo(410 / 9, 12);
    kdj.add(9, 9, 9); // window 12/9, 10/7, 9/9: RSV (9 − 7) / 5 = 40
    expect(kdj.k).toBeCloseTo((2 * (410 / 9) + 40) / 3, 12);
  });

  it('reads a flat window as RSV 50', () => {
    const kdj = new Kdj(2, 3, 3);
    kdj.add(5, 5, 5);
    kdj.add(5, 5, 5);
    expect([kdj.k, kdj.d, kdj.j]).toEqual([50, 50, 50]);
  });
});
