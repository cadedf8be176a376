import { describe, expect, it } from 'vitest';
import { levelDistance } from './distance';

describe('an alert level’s distance from the price, worked by hand', () => {
  it('an above level over the price: the rise it needs, in percent of the price', () => {
    // (320 − 312.50) / 312.50 = 7.5 / 312.5 = 0.024 → 2.4 %
    const d = levelDistance('above', '320', '312.50');
    expect(d?.pct.toFixed()).toBe('2.4');
    expect(d?.reached).toBe(false);
  });

  it('a below level under the price: the fall it needs', () => {
    // (100 − 97.5) / 100 = 0.025 → 2.5 %
    const d = levelDistance('below', '97.5', '100');
    expect(d?.pct.toFixed()).toBe('2.5');
    expect(d?.reached).toBe(false);
  });

  it('a level the price has passed or touches is reached', () => {
    // 321 past an above level of 320: |320 − 321| / 321 = 0.00311526… → 0.3115…%
    const past = levelDistance('above', '320', '321');
    expect(past?.reached).toBe(true);
    expect(past?.pct.toFixed(4)).toBe('0.3115');
    expect(levelDistance('above', '320', '320')).toEqual({ pct: expect.anything(), reached: true });
    expect(levelDistance('above', '320', '320')?.pct.toFixed()).toBe('0');
    // 96 under a below level of 97.5
    expect(levelDistance('below', '97.5', '96')?.reached).toBe(true);
  });

  it('coin prices keep every decimal (no float)', () => {
    // (0.3 − 0.2) / 0.2 = 0.5 → 50 %, exactly (floats give 49.99999999999999)
    expect(levelDistance('above', '0.3', '0.2')?.pct.toFixed()).toBe('50');
    // (97 162.505 − 96 200.50) / 96 200.50 = 962.005 / 96 200.5 = 0.01 → 1 %
    expect(levelDistance('above', '97162.505', '96200.50')?.pct.toFixed()).toBe('1');
    // (97 234.51 − 95 000) / 97 234.51 = 2 234.51 / 97 234.51 = 0.02298063…
    expect(levelDistance('below', '95000', '97234.51')?.pct.toFixed(6)).toBe('2.298063');
  });

  it('has no answer without a usable price', () => {
    expect(levelDistance('above', '320', null)).toBeNull();
    expect(levelDistance('above', '320', '0')).toBeNull();
    expect(levelDistance('above', '320', '-1')).toBeNull();
    expect(levelDistance('above', '320', 'abc')).toBeNull();
    expect(levelDistance('above', 'x', '312')).toBeNull();
  });
});
