import { describe, expect, it } from 'vitest';
import { rng, seedFromEnv } from '../../tests/support/random';
import { Bollinger } from './bollinger';
import { DEFAULT_PERIODS } from './defaults';
import { createIndicatorSeries } from './series';
import { named } from '../../tests/support/named-lines';

// A flat window has σ = 0: the bands must sit exactly on the price, not 1e-9 off it (running sums
// of squares leave a tiny variance there, which a chart draws as two lines).
describe('Bollinger on a flat window', () => {
  const flat = 95_000.37;

  it('puts UP, MID and LOW exactly on the value when every close is equal', () => {
    const boll = new Bollinger(20, 2);
    for (let i = 0; i < 20; i++) boll.add(flat);
    expect([boll.up, boll.mid, boll.low]).toEqual([flat, flat, flat]);
    boll.replace(flat);
    expect([boll.up, boll.mid, boll.low]).toEqual([flat, flat, flat]);
  });

  it('does so after a long non-flat history, then 20 equal closes (adds and replaces)', () => {
    const seed = seedFromEnv();
    const random = rng(seed);
    for (let run = 0; run < 20; run++) {
      const where = `seed ${seed}, run ${run}`;
      const boll = new Bollinger(20, 2);
      let price = 95_000;
      const history = 100 + Math.floor(random() * 5_000);
      for (let i = 0; i < history; i++) {
        price = Math.round((price + (random() - 0.5) * 40) * 100) / 100;
        boll.update(price, random() < 0.7 && i > 0);
      }
      // Away from the running sums' centre, where their rounding shows most.
      const value = Math.round((price + (random() - 0.5) * 400) * 100) / 100;
      // The live bar wanders, then closes at the flat value; 19 more bars close there too.
      boll.replace(value + 3);
      boll.replace(value);
      for (let i = 0; i < 19; i++) {
        boll.add(value - 1);
        boll.replace(value);
      }
      expect([boll.up, boll.mid, boll.low], where).toEqual([value, value, value]);
      // One bar off the value spreads the bands; back on it they are flat again.
      boll.replace(value + 0.01);
      expect(boll.up - boll.low, where).toBeGreaterThan(0);
      boll.replace(value);
      expect([boll.up, boll.mid, boll.low], where).toEqual([value, value, value]);
      // A committed bar off the value keeps them apart until it leaves the window.
      boll.add(value + 0.01);
      boll.add(value);
      expect(boll.up - boll.low, where).toBeGreaterThan(0);
      for (let i = 0; i < 19; i++) boll.add(value);
      expect([boll.up, boll.mid, boll.low], where).toEqual([value, value, value]);
    }
  });

  it('matches a period of 1: a window of one value is always flat', () => {
    const boll = new Bollinger(1, 2);
    for (const x of [3, 7.25, 7.25, 1e6 + 0.1]) {
      boll.add(x);
      expect([boll.up, boll.mid, boll.low]).toEqual([x, x, x]);
    }
  });

  it('gives equal lines in the indicator series', () => {
    const boll = named(createIndicatorSeries('BOLL', DEFAULT_PERIODS));
    const bar = (close: number) => ({ high: close + 5, low: close - 5, close, volume: 1 });
    for (let i = 0; i < 300; i++) boll.add(bar(90_000 + ((i * 7919) % 500) / 100));
    // Far from the history's mean, where the running sums round.
    const value = 91_234.56;
    let last = boll.add(bar(value));
    for (let i = 1; i < DEFAULT_PERIODS.BOLL[0]; i++) last = boll.add(bar(value));
    expect(last).toEqual({ UP: value, MID: value, LOW: value });
  });
});
