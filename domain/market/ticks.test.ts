import { describe, expect, it } from 'vitest';
import { bistBand, bistTickSteps, fromSteps, onBistTick, roundToBistTick, toSteps } from './ticks';

describe('BIST tick table (DECISIONS §5)', () => {
  it.each([
    ['19.99', 1],
    ['20.00', 2],
    ['49.98', 2],
    ['50.00', 5],
    ['99.95', 5],
    ['100.00', 10],
    ['249.90', 10],
    ['250.00', 25],
    ['499.75', 25],
    ['500.00', 50],
    ['999.50', 50],
    ['1000.00', 100],
    ['12345.00', 100],
  ])('%s has a tick of %i hundredths', (price, tick) => {
    expect(bistTickSteps(toSteps(price, 2))).toBe(tick);
  });

  it('accepts prices on the grid and rejects the rest', () => {
    expect(onBistTick(toSteps('20.02', 2))).toBe(true);
    expect(onBistTick(toSteps('20.03', 2))).toBe(false);
    expect(onBistTick(toSteps('250.30', 2))).toBe(false);
    expect(onBistTick(toSteps('250.50', 2))).toBe(true);
    expect(onBistTick(0)).toBe(false);
  });

  it('rounds to the grid in the asked direction', () => {
    expect(roundToBistTick(toSteps('20.03', 2), 'down')).toBe(2002);
    expect(roundToBistTick(toSteps('20.03', 2), 'up')).toBe(2004);
    expect(roundToBistTick(toSteps('99.97', 2), 'up')).toBe(10000);
  });

  it('bands by group, rounded inward to ticks', () => {
    // 100.00 ±20% → 80.00 / 120.00
    expect(bistBand(10_000, 1)).toEqual({ lower: 8_000, upper: 12_000 });
    // 43.27 ±10% = 38.943 / 47.597 → 38.96 (tick 0.02, up) / 47.58 (down)
    expect(bistBand(4_327, 3)).toEqual({ lower: 3_896, upper: 4_758 });
  });
});

describe('decimal strings ↔ integer steps', () => {
  it.each([
    ['12.34', 2, 1234],
    ['0.5', 2, 50],
    ['7', 2, 700],
    ['1.500', 2, 150],
    ['-3.25', 2, -325],
    ['0.00012345', 8, 12345],
    ['95123.4', 2, 9_512_340],
  ])('%s at scale %i is %i', (text, scale, steps) => {
    expect(toSteps(text, scale)).toBe(steps);
  });

  it.each(['', '-', '.5', '5.', '1.234', '1e5', ' 1', '1,5', 'abc', '1.2.3', '99999999999999999999'])(
    'rejects %j at scale 2',
    (text) => {
      expect(toSteps(text, 2)).toBeNaN();
    },
  );

  it('prints steps back with the scale', () => {
    expect(fromSteps(1234, 2)).toBe('12.34');
    expect(fromSteps(5, 2)).toBe('0.05');
    expect(fromSteps(-325, 2)).toBe('-3.25');
    expect(fromSteps(7, 0)).toBe('7');
    expect(fromSteps(12345, 8)).toBe('0.00012345');
    // Tails padded, wholes exact up to the largest safe integer, scales beyond the power table.
    expect(fromSteps(100, 2)).toBe('1.00');
    expect(fromSteps(-5, 2)).toBe('-0.05');
    expect(fromSteps(0, 3)).toBe('0.000');
    expect(fromSteps(2 ** 53 - 1, 2)).toBe('90071992547409.91');
    expect(fromSteps(-(2 ** 53 - 1), 4)).toBe('-900719925474.0991');
    expect(fromSteps(12345, 12)).toBe('0.000000012345');
  });
});
