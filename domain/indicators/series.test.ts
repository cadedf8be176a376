import { describe, expect, it } from 'vitest';
import { DEFAULT_PERIODS, parseIndicatorConfig } from './defaults';
import { createIndicatorSeries } from './series';
import { named } from '../../tests/support/named-lines';
import { MAIN_INDICATORS, SUB_INDICATORS } from './types';

const bar = (close: number, volume = 100) => ({ high: close + 1, low: close - 1, close, volume });

describe('createIndicatorSeries', () => {
  it('names the lines as the chart legend shows them', () => {
    const names = [...MAIN_INDICATORS, ...SUB_INDICATORS].map((kind) => [
      kind,
      createIndicatorSeries(kind, DEFAULT_PERIODS).lines,
    ]);
    expect(Object.fromEntries(names)).toEqual({
      SMA: ['MA5', 'MA10', 'MA30'],
      EMA: ['EMA5', 'EMA10', 'EMA30'],
      BOLL: ['UP', 'MID', 'LOW'],
      VOL: ['VOL', 'MA5', 'MA10'],
      MACD: ['DIF', 'DEA', 'MACD'],
      KDJ: ['K', 'D', 'J'],
      RSI: ['RSI6', 'RSI12', 'RSI24'],
    });
  });

  it('returns null while a line warms up, then values, for every line', () => {
    const sma = named(createIndicatorSeries('SMA', { ...DEFAULT_PERIODS, SMA: [2, 3] }));
    expect(sma.add(bar(1))).toEqual({ MA2: null, MA3: null });
    expect(sma.add(bar(2))).toEqual({ MA2: 1.5, MA3: null });
    expect(sma.add(bar(3))).toEqual({ MA2: 2.5, MA3: 2 });
    expect(sma.replace(bar(6))).toEqual({ MA2: 4, MA3: 3 });
  });

  it('shows the bar volume and its averages', () => {
    const vol = named(createIndicatorSeries('VOL', { ...DEFAULT_PERIODS, VOL: [2] }));
    expect(vol.add(bar(1, 10))).toEqual({ VOL: 10, MA2: null });
    expect(vol.add(bar(1, 30))).toEqual({ VOL: 30, MA2: 20 });
    expect(vol.replace(bar(1, 50))).toEqual({ VOL: 50, MA2: 30 });
  });

  it('draws the MACD histogram as 2 × (DIF − DEA)', () => {
    const macd = named(createIndicatorSeries('MACD', { ...DEFAULT_PERIODS, MACD: [2, 3, 2] }));
    const last = [1, 2, 4, 8, 16].map((x) => macd.add(bar(x))).at(-1);
    expect(last?.DIF).toBeCloseTo(239 / 108, 12);
    expect(last?.DEA).toBeCloseTo(589 / 324, 12);
    expect(last?.MACD).toBeCloseTo(64 / 81, 12);
  });

  it('gives every kind its lines from the first bar on, values once warm', () => {
    for (const kind of [...MAIN_INDICATORS, ...SUB_INDICATORS]) {
      const s = named(createIndicatorSeries(kind, DEFAULT_PERIODS));
      let values = s.add(bar(100));
      expect(Object.keys(values)).toEqual(s.lines);
      for (let i = 1; i < 60; i += 1) values = s.add(bar(100 + Math.sin(i) * 5));
      values = s.replace(bar(99));
      expect(
        Object.values(values).every((v) => typeof v === 'number' && Number.isFinite(v)),
        kind,
      ).toBe(true);
    }
  });
});

describe('parseIndicatorConfig', () => {
  it('keeps valid choices and falls back per field', () => {
    const config = parseIndicatorConfig({
      main: 'BOLL',
      sub: 'nope',
      periods: { SMA: [7, 25], BOLL: [26, 0], MACD: [6, 13, 5], RSI: [0, 14], KDJ: 'x' },
    });
    expect(config).toEqual({
      main: 'BOLL',
      sub: 'VOL',
      periods: { ...DEFAULT_PERIODS, SMA: [7, 25], MACD: [6, 13, 5] },
    });
    expect(parseIndicatorConfig(null)).toEqual({ main: 'SMA', sub: 'VOL', periods: DEFAULT_PERIODS });
  });
});
