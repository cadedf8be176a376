import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { backtest, type Bar } from './backtest';
import { STRATEGY_KINDS, type StrategyParams } from './strategies';

/** Bars without gaps: each opens at the close before it (the first at its own close). */
const bars = (closes: number[]): Bar[] =>
  closes.map((c, i) => ({ t: (i + 1) * 1000, open: String(closes[i - 1] ?? c), close: String(c) }));
const trades = (params: StrategyParams, closes: number[], feeRate = '0', capital = '100') =>
  backtest(params, bars(closes), { capital, feeRate, qtyScale: 6, priceScale: 2 });
const brief = (r: ReturnType<typeof trades>) =>
  r.fills.map((f) => `${f.t / 1000} ${f.side} ${f.qty}@${f.price}`);

describe('robot strategies on scripted closes (hand-computed)', () => {
  // A decision on a bar's close fills at the next bar's open (here the close before it) at the
  // worst price a live order accepts: 1% above it for a buy, 1% below for a sell.
  it('DCA buys a slice every `every` bars and sells everything at the take-profit over cost', () => {
    // slice 50: bar 1 buys at bar 2's open 10 → 10.10, 50 ÷ 10.1 = 4.950495; bar 3 buys at 9 → 9.09,
    // 5.50055; at bar 4 cost 100 ÷ 10.451045 × 1.1 ≈ 10.53 ≤ 12: sell all at bar 5's open 12 → 11.88.
    // Bar 5 starts a new round, but no bar follows to fill it.
    const r = trades({ kind: 'dca', every: 2, buys: 2, takeProfit: '0.1' }, [10, 8, 9, 12, 12]);
    expect(brief(r)).toEqual(['2 buy 4.950495@10.1', '4 buy 5.50055@9.09', '5 sell 10.451045@11.88']);
    expect(r.sells).toBe(1);
    expect(r.wins).toBe(1);
    // cash 0.000001 + 10.451045 × 11.88
    expect(r.final.toFixed()).toBe('124.1584156');
    // Bar 2 marks 50.0000005 + 4.950495 × 8 = 89.6039605: 10.3960395% under the capital.
    expect(r.values[1]?.toFixed()).toBe('89.6039605');
    expect(r.maxDrawdown.toFixed()).toBe('0.103960395');
  });

  it('grid holds one slice per step below its anchor and sells back above', () => {
    // anchor 100, step 10: 95 → 0 steps, 89 → 1, 79 → 2, 91 → 0 (sell both), 101 → 0, 60 → 3 (no next bar).
    const r = trades({ kind: 'grid', levels: 3, step: '0.1' }, [100, 95, 89, 79, 91, 101, 60], '0', '300');
    expect(brief(r)).toEqual(['4 buy 1.11247@89.89', '5 buy 1.253289@79.79', '6 sell 2.365759@90.09']);
    expect(r.wins).toBe(1);
  });

  it('trend buys on SMA(2) crossing above SMA(3) and sells on the cross below, fees charged', () => {
    // bar 4: 10 / 10 → 11 / 10.67 (up): bar 5 buys at 12.12, 100 ÷ (12.12 × 1.001) → 8.242582;
    // bar 6: 13 / 12 → 11.5 / 11.67 (down): bar 7 sells at 9 × 0.99 = 8.91.
    const r = trades({ kind: 'trend', fast: 2, slow: 3 }, [10, 10, 10, 12, 14, 9, 6], '0.001');
    expect(brief(r)).toEqual(['5 buy 8.242582@12.12', '7 sell 8.242582@8.91']);
    expect(r.fills[0]?.fee).toBe('0.09990009384');
    expect(r.fills[1]?.fee).toBe('0.07344140562');
    // cash 0.00000606616 + 73.44140562 − 0.07344140562
    expect(r.final.toFixed()).toBe('73.36797028054');
    expect(r.wins).toBe(0);
    expect(r.sells).toBe(1);
  });

  it('reversion buys below the lower Bollinger band and sells at the middle', () => {
    // bar 4: window 10, 10, 7 → mid 9, σ √2, low 7.586 > 7: buy at 7.07; bar 5: 10, 7, 10 → mid 9 ≤ 10:
    // sell at 9.90. The only fall is the sell's 1%: 14.144271 × 10 + 0.00000003 → × 9.9.
    const r = trades({ kind: 'reversion', period: 3, width: 1 }, [10, 10, 10, 7, 10, 10]);
    expect(brief(r)).toEqual(['5 buy 14.144271@7.07', '6 sell 14.144271@9.9']);
    expect(r.final.toFixed()).toBe('140.02828693');
    expect(r.maxDrawdown.toFixed()).toBe('0.0099999997150789966357');
  });

  it('is marked at every bar: bought near 100, a close at 70, sold near 95 is a 30% fall, not 5%', () => {
    // Trend SMA(1)/SMA(2): 100 after 99 crosses up (bar 3), 70 after 100 crosses down (bar 4).
    // The buy fills at bar 4's open 100 × 1.01 = 101 with a 0.1% fee: 100 ÷ (101 × 1.001) →
    // 0.989109 for 99.900009, fee 0.099900009, cash 0.000090991. Bar 4 closes at 70: 0.000090991 +
    // 0.989109 × 70 = 69.237720991, (100 − 69.237720991) ÷ 100 = 0.30762279009 under the capital.
    // The sell fills at bar 5's open 96 × 0.99 = 95.04: 94.00491936 less 0.09400491936.
    const closes: Bar[] = [
      { t: 1000, open: '100', close: '100' },
      { t: 2000, open: '100', close: '99' },
      { t: 3000, open: '99', close: '100' },
      { t: 4000, open: '100', close: '70' },
      { t: 5000, open: '96', close: '95' },
    ];
    const r = backtest({ kind: 'trend', fast: 1, slow: 2 }, closes, {
      capital: '100',
      feeRate: '0.001',
      qtyScale: 6,
      priceScale: 2,
    });
    expect(brief(r)).toEqual(['4 buy 0.989109@101', '5 sell 0.989109@95.04']);
    expect(r.values.map((v) => v.toFixed())).toEqual(['100', '100', '100', '69.237720991', '93.91100543164']);
    expect(r.maxDrawdown.toFixed()).toBe('0.30762279009');
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
