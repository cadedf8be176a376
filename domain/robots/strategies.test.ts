import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { backtest, type Bar } from './backtest';
import { STRATEGY_KINDS, type StrategyParams } from './strategies';

const bars = (closes: number[]): Bar[] => closes.map((c, i) => ({ t: (i + 1) * 1000, close: String(c) }));
const trades = (params: StrategyParams, closes: number[], feeRate = '0', capital = '100') =>
  backtest(params, bars(closes), { capital, feeRate, qtyScale: 6 });
const brief = (r: ReturnType<typeof trades>) =>
  r.fills.map((f) => `${f.t / 1000} ${f.side} ${f.qty}@${f.price}`);

describe('robot strategies on scripted closes (hand-computed)', () => {
  it('DCA buys a slice every `every` bars and sells everything at the take-profit over cost', () => {
    // slice 50; bar 3 buys 50 ÷ 9; at bar 4 cost 99.999995 ÷ 10.555555 × 1.1 ≈ 10.42 ≤ 12: sell all.
    const r = trades({ kind: 'dca', every: 2, buys: 2, takeProfit: '0.1' }, [10, 8, 9, 12, 12]);
    expect(brief(r)).toEqual(['1 buy 5@10', '3 buy 5.555555@9', '4 sell 10.555555@12', '5 buy 4.166666@12']);
    expect(r.sells).toBe(1);
    expect(r.wins).toBe(1);
    // cash 126.666665 − 49.999992 + 4.166666 × 12
    expect(r.final.toFixed()).toBe('126.666665');
  });

  it('grid holds one slice per step below its anchor and sells back above', () => {
    // anchor 100, step 10: 95 → 0 steps, 89 → 1, 79 → 2, 91 → 0 (sell both), 101 → 0, 60 → 4 capped at 3.
    const r = trades({ kind: 'grid', levels: 3, step: '0.1' }, [100, 95, 89, 79, 91, 101, 60], '0', '300');
    expect(brief(r)).toEqual(['3 buy 1.123595@89', '4 buy 1.265822@79', '5 sell 2.389417@91', '7 buy 5@60']);
    expect(r.wins).toBe(1);
  });

  it('trend buys on SMA(2) crossing above SMA(3) and sells on the cross below, fees charged', () => {
    // bar 4: 10 / 10 → 11 / 10.67 (up); bar 6: 13 / 12 → 11.5 / 11.67 (down).
    const r = trades({ kind: 'trend', fast: 2, slow: 3 }, [10, 10, 10, 12, 14, 9, 6], '0.001');
    expect(brief(r)).toEqual(['4 buy 8.325008@12', '6 sell 8.325008@9']);
    expect(r.fills[0]?.fee).toBe('0.099900096');
    expect(r.fills[1]?.fee).toBe('0.074925072');
    expect(r.final.toFixed()).toBe('74.850150832');
    expect(r.wins).toBe(0);
    expect(r.sells).toBe(1);
  });

  it('reversion buys below the lower Bollinger band and sells at the middle', () => {
    // bar 4: window 10, 10, 7 → mid 9, σ √2, low 7.586 > 7; bar 5: 10, 7, 10 → mid 9 ≤ 10.
    const r = trades({ kind: 'reversion', period: 3, width: 1 }, [10, 10, 10, 7, 10]);
    expect(brief(r)).toEqual(['4 buy 14.285714@7', '5 sell 14.285714@10']);
    expect(r.final.toFixed()).toBe('142.857142');
    expect(r.maxDrawdown.toFixed()).toBe('0');
  });

  it('buy-and-hold beside it: in at the first close less the fee, marked at the last', () => {
    const r = trades({ kind: 'trend', fast: 2, slow: 3 }, [10, 12.5], '0.25');
    expect(r.holdReturnRate.toFixed()).toBe('0');
  });
});

describe('no look-ahead', () => {
  const seed = 20261124;
  // A seeded walk (mulberry32), printed so a failure can be replayed.
  function walk(n: number, s: number): number[] {
    let a = s;
    const rnd = () => {
      a = (a + 0x6d2b79f5) | 0;
      let t = Math.imul(a ^ (a >>> 15), 1 | a);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    const out = [100];
    for (let i = 1; i < n; i++)
      out.push(Number(((out[i - 1] ?? 100) * (1 + (rnd() - 0.5) * 0.04)).toFixed(2)));
    return out;
  }
  const params: Record<(typeof STRATEGY_KINDS)[number], StrategyParams> = {
    dca: { kind: 'dca', every: 3, buys: 4, takeProfit: '0.01' },
    grid: { kind: 'grid', levels: 4, step: '0.01' },
    reversion: { kind: 'reversion', period: 10, width: 1.5 },
    trend: { kind: 'trend', fast: 3, slow: 8 },
  };
  // The seed is in the test's name, so a failure names the walk to replay.
  it.each(STRATEGY_KINDS)(`%s decides the same up to t on a series cut at t (walk seed ${seed})`, (kind) => {
    const closes = walk(200, seed);
    const full = trades(params[kind], closes, '0.001', '1000');
    expect(full.fills.length).toBeGreaterThan(2);
    for (const cut of [1, 17, 50, 99, 150, 199]) {
      const part = trades(params[kind], closes.slice(0, cut), '0.001', '1000');
      expect(part.fills).toEqual(full.fills.filter((f) => f.t <= cut * 1000));
      expect(part.values.map(String)).toEqual(full.values.slice(0, cut).map(String));
    }
  });
});

it('a series that only falls gives a drawdown, never a gain', () => {
  const r = trades({ kind: 'dca', every: 1, buys: 2, takeProfit: '0.5' }, [10, 9, 8]);
  expect(r.final.lt(100)).toBe(true);
  expect(r.maxDrawdown.gt(new Decimal(0))).toBe(true);
});
