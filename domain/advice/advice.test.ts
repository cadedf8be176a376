import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { levelsOf, outcomeOf, trackRecordOf } from './levels';
import { ADVICE_PARAMS, signalsOf, type AdviceBar } from './signals';

const bars = (closes: number[]): AdviceBar[] =>
  closes.map((c, i) => ({ t: i, h: String(c), l: String(c), c: String(c) }));
const small = {
  ...ADVICE_PARAMS,
  fast: 2,
  slow: 3,
  rsiPeriod: 2,
  bollPeriod: 3,
  bollWidth: 1,
  stopLookback: 3,
  horizon: 2,
};

describe('advice signals (hand-computed)', () => {
  it('finds the moving-average cross', () => {
    // SMA2: 9.5, 8.5, 8.5, 10; SMA3: 9, 8.667, 9.333 → ≤ until bar 4, where 10 > 9.333.
    expect(signalsOf(bars([10, 9, 8, 9, 11]), 'ma_cross', small)).toEqual([
      { kind: 'ma_cross', index: 4, facts: { fast: '2', slow: '3', fastMa: '10.00', slowMa: '9.33' } },
    ]);
  });

  it('finds RSI coming back from oversold', () => {
    // Wilder, period 2: changes −1, −1 → RSI 0 at bar 2; +1.5 → gain 0.75, loss 0.5 → 60 at bar 3.
    expect(signalsOf(bars([10, 9, 8, 9.5]), 'rsi_oversold', small)).toEqual([
      { kind: 'rsi_oversold', index: 3, facts: { period: '2', level: '30', rsi: '60.00' } },
    ]);
  });

  it('finds the close crossing above the upper Bollinger band', () => {
    // Window 10,10,12: mean 10.6667, σ 0.9428 → upper 11.6095 < 12; before, 10 ≤ 10.
    expect(signalsOf(bars([10, 10, 10, 12]), 'bollinger_breakout', small)).toEqual([
      { kind: 'bollinger_breakout', index: 3, facts: { period: '3', band: '11.61' } },
    ]);
  });

  it('never looks ahead: a cut history gives the same signals up to the cut', () => {
    const seed = 20261124;
    let x = seed;
    const rand = () => (x = (x * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    let price = 100;
    const closes = Array.from(
      { length: 300 },
      () => (price = Math.max(1, price * (1 + (rand() - 0.5) * 0.06))),
    );
    const all = bars(closes.map((c) => Number(c.toFixed(2))));
    for (const kind of ['ma_cross', 'rsi_oversold', 'bollinger_breakout'] as const) {
      const full = signalsOf(all, kind);
      expect(full.length, `seed ${seed}`).toBeGreaterThan(0);
      for (const cut of [60, 150, 240])
        expect(signalsOf(all.slice(0, cut + 1), kind), `seed ${seed}, cut ${cut}`).toEqual(
          full.filter((s) => s.index <= cut),
        );
    }
  });
});

describe('advice levels, outcomes and track record (hand-computed)', () => {
  const history: AdviceBar[] = [
    { t: 0, h: '10', l: '9.5', c: '10' },
    { t: 1, h: '10', l: '9.8', c: '10' },
    { t: 2, h: '10', l: '9.7', c: '10' },
    { t: 3, h: '12', l: '11', c: '12' },
  ];
  // Lowest low of bars 1–3 is 9.7: risk 2.3, target 12 + 2 × 2.3 = 16.6.
  const levels = { entry: '12', stop: '9.7', target: '16.60' };

  it('sets entry, stop and target', () => {
    expect(levelsOf(history, 3, small, 2)).toEqual(levels);
    // A stop not below the entry gives no advice.
    expect(levelsOf([{ t: 0, h: '10', l: '10', c: '10' }], 0, small, 2)).toBeNull();
  });

  it('decides by the first bar that reaches the stop or the target, the stop first when both', () => {
    const hit = [...history, { t: 4, h: '13', l: '11', c: '12.5' }, { t: 5, h: '16.7', l: '12', c: '16' }];
    expect(outcomeOf(hit, 3, levels, 2)).toEqual({
      result: 'hit',
      exitIndex: 5,
      ret: new Decimal('16.6').div(12).minus(1),
    });
    const stop = [...history, { t: 4, h: '17', l: '9.7', c: '12' }];
    expect(outcomeOf(stop, 3, levels, 2)).toMatchObject({ result: 'stop', exitIndex: 4 });
    const timeout = [...history, { t: 4, h: '13', l: '11', c: '12.5' }, { t: 5, h: '13', l: '11', c: '13' }];
    expect(outcomeOf(timeout, 3, levels, 2)).toMatchObject({ result: 'timeout', exitIndex: 5 });
    expect(outcomeOf(timeout.slice(0, 5), 3, levels, 2)).toBeNull();
  });

  it('sums a record: hit rate and mean return, truncated to 4 decimals', () => {
    // Returns 16.6/12 − 1, 9.7/12 − 1, 13/12 − 1: sum 39.3/12 − 3 = 0.275, mean 0.091666… → 0.0916.
    const r = (exit: string, result: 'hit' | 'stop' | 'timeout') => ({
      result,
      exitIndex: 0,
      ret: new Decimal(exit).div(12).minus(1),
    });
    expect(trackRecordOf([r('16.6', 'hit'), r('9.7', 'stop'), r('13', 'timeout')])).toEqual({
      signals: 3,
      hits: 1,
      stops: 1,
      hitRate: '0.3333',
      averageReturn: '0.0916',
    });
    expect(trackRecordOf([])).toEqual({ signals: 0, hits: 0, stops: 0, hitRate: null, averageReturn: null });
  });
});
