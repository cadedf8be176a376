import { describe, expect, it } from 'vitest';
import { lotsFor, rebalanceTrades, targetShares } from './allocate';
import { selectBasket, type BasketRule, type History } from './basket';
import { backtest, maxDrawdown, netReturn } from './performance';

const BAR = 10;
const bars = (...closes: string[]) => closes.map((close, i) => ({ t: i * BAR, close }));
/** Bars that each open at the close before them (the first at its own close). */
const gapless = (...closes: string[]) =>
  closes.map((close, i) => ({ t: i * BAR, open: closes[i - 1] ?? close, close }));

/**
 * Worked by hand. Bars open at t = 0, 10, 20, 30 (a bar lasts 10), so at asOf 30 the closed bars
 * are those at 0, 10 and 20; the bar at 30 is live and must not count.
 *   A 10, 11, 12.1: 2-day return 0.21, daily returns 0.1, 0.1 (deviation 0)
 *   B 10, 10, 10.5: return 0.05, daily 0, 0.05: mean 0.025, sample var 2·0.025²/1 → sd 0.025·√2
 *   C 20, 19, 20.9: return 0.045, daily −0.05, 0.1: mean 0.025, sd 0.075·√2 = 3 × B's
 */
const A: History = { symbol: 'AAA', bars: bars('10', '11', '12.1', '1') };
const B: History = { symbol: 'BBB', bars: bars('10', '10', '10.5', '99') };
const C: History = { symbol: 'CCC', bars: bars('20', '19', '20.9', '50') };
const rule = (r: Partial<BasketRule>): BasketRule => ({
  kind: 'momentum',
  lookbackDays: 2,
  count: 2,
  weighting: 'equal',
  ...r,
});

describe('AI basket rules', () => {
  it('momentum holds the top N by N-day return, equal weights', () => {
    expect(selectBasket([C, B, A], rule({}), 30, BAR)).toEqual([
      { symbol: 'AAA', weight: '0.5', score: '0.21' },
      { symbol: 'BBB', weight: '0.5', score: '0.05' },
    ]);
  });

  it('gives what truncation leaves to the best-ranked line, so weights add up to 1', () => {
    const basket = selectBasket([C, B, A], rule({ count: 3 }), 30, BAR);
    expect(basket.map((l) => [l.symbol, l.weight])).toEqual([
      ['AAA', '0.3334'],
      ['BBB', '0.3333'],
      ['CCC', '0.3333'],
    ]);
  });

  it('low volatility holds the lowest deviations; inverse-vol weights 1/σ (3:1 here)', () => {
    const basket = selectBasket([C, B], rule({ kind: 'low_volatility', weighting: 'inverse_vol' }), 30, BAR);
    expect(basket).toEqual([
      { symbol: 'BBB', weight: '0.75', score: '0.035355' },
      { symbol: 'CCC', weight: '0.25', score: '0.106066' },
    ]);
    // A's deviation is 0: it ranks first, and inverse-vol falls back to equal weights.
    expect(
      selectBasket([C, B, A], rule({ kind: 'low_volatility', weighting: 'inverse_vol' }), 30, BAR).map(
        (l) => [l.symbol, l.weight],
      ),
    ).toEqual([
      ['AAA', '0.5'],
      ['BBB', '0.5'],
    ]);
  });

  it('never looks ahead: the live bar and later bars change nothing', () => {
    const now = selectBasket([A, B, C], rule({ count: 3 }), 30, BAR);
    const future = (h: History): History => ({
      symbol: h.symbol,
      bars: [...h.bars.slice(0, 3), { t: 30, close: '1000' }, { t: 40, close: '0.01' }],
    });
    expect(selectBasket([A, B, C].map(future), rule({ count: 3 }), 30, BAR)).toEqual(now);
    // One bar later the bar at 30 has closed and counts (B's 99 makes it the leader).
    expect(selectBasket([A, B, C], rule({ count: 1 }), 40, BAR)[0]?.symbol).toBe('BBB');
  });

  it('skips stocks without enough closed history, and holds nothing when none has it', () => {
    expect(selectBasket([A, B], rule({ lookbackDays: 3 }), 30, BAR)).toEqual([]);
    expect(selectBasket([A, { symbol: 'NEW', bars: bars('5', '6') }], rule({}), 30, BAR)).toHaveLength(1);
  });
});

const COSTS = { commissionRate: '0.0015', minCommission: '0', bsmvRate: '0.05', exchangeFeeRate: '0.00003' };

describe('AI basket lots', () => {
  it('buys whole lots the budget pays for with costs on top', () => {
    // 1000 / (10 · 1.001605) = 99.84 → 99: 990 + 1.49 + 0.07 + 0.03 = 991.59.
    expect(lotsFor('1000', '10', 1, COSTS)).toBe(99);
    // 10 shares cost 100 + 0.15 + 0.01 + 0 = 100.16: 100.16 buys 9 (rate test), 100.17 buys 10.
    expect(lotsFor('100.16', '10', 1, COSTS)).toBe(9);
    expect(lotsFor('100.17', '10', 1, COSTS)).toBe(10);
    // Lots of 100: 99 shares round down to 0 lots.
    expect(lotsFor('1000', '10', 100, COSTS)).toBe(0);
    // A 5 TRY minimum commission: 10 shares cost 105.25 > 105, 9 cost 95.25.
    expect(lotsFor('105', '10', 1, { ...COSTS, minCommission: '5' })).toBe(9);
    expect(lotsFor('0', '10', 1, COSTS)).toBe(0);
  });

  it('targets each weight of the value, and trades sells first, in symbol order', () => {
    const target = targetShares(
      '10000',
      [
        { symbol: 'BBB', weight: '0.75', price: '20', lot: 1 },
        { symbol: 'AAA', weight: '0.25', price: '50', lot: 1 },
      ],
      COSTS,
    );
    // 7500 / (20 · 1.001605) = 374.39 → 374; 2500 / (50 · 1.001605) = 49.92 → 49.
    expect([...target]).toEqual([
      ['BBB', 374],
      ['AAA', 49],
    ]);
    expect(
      rebalanceTrades(
        new Map([
          ['CCC', 10],
          ['BBB', 400],
        ]),
        target,
      ),
    ).toEqual([
      { symbol: 'BBB', side: 'sell', qty: 26 },
      { symbol: 'CCC', side: 'sell', qty: 10 },
      { symbol: 'AAA', side: 'buy', qty: 49 },
    ]);
  });
});

describe('AI product performance', () => {
  it('measures the return net of costs and the largest drawdown', () => {
    expect(netReturn('1000', '950', '100')?.toFixed()).toBe('0.05');
    expect(netReturn('0', '10')).toBeNull();
    expect(maxDrawdown(['100', '120', '90', '110', '80', '130']).toFixed()).toBe('0.333333');
    expect(maxDrawdown(['1', '2', '3']).toFixed()).toBe('0');
  });

  it('back-tests the rule without look-ahead beside the index, trading at the next open', () => {
    /*
     * Momentum over 1 day, 1 stock, 1% costs, the last 2 bars, rebalanced every bar; each bar
     * opens at the close before it, and a trade fills 2% past that open (the live guard):
     * t 20: bars closed before are 0, 10: A 10→12 (+20%), B 10→9: buy A for 1 at the open 12:
     *   1/12 shares at 12.24, 0.24 each over the open (0.02) plus 1% of 1.02 (0.0102): costs
     *   0.0302 → worth 0.9698 at the close 12. Index 121/110 = 1.1.
     * t 30: closed 0–20: A 12→12 (0), B 9→12: switch to B at the open 12: sell 0.9698 of A at
     *   11.76 (0.019396 + 0.009504), buy 0.9698 of B at 12.24 (0.019396 + 0.009892): costs
     *   0.058188 → 0.911612 at 12. Index 110/110 = 1.
     */
    const hist = [
      { symbol: 'A', bars: gapless('10', '12', '12', '15') },
      { symbol: 'B', bars: gapless('10', '9', '12', '12') },
    ];
    const result = backtest(
      hist,
      { symbol: 'XU100', bars: bars('100', '110', '121', '110') },
      rule({ lookbackDays: 1, count: 1 }),
      {
        days: 2,
        rebalanceDays: 1,
        costRate: '0.01',
        barMs: BAR,
      },
    );
    expect(result).toEqual({
      points: [
        { t: 20, value: '0.9698', index: '1.1' },
        { t: 30, value: '0.911612', index: '1' },
      ],
      rebalances: 2,
      return: '-0.088388',
      indexReturn: '0',
    });
    // A gap between the close and the next open is where the trade fills: A opening at 13 at
    // t 20 buys 1/13 at 13.26, costs (0.26 + 0.1326) ÷ 13 = 0.0302 of it, worth 0.9698 × 12/13.
    const gap = backtest(
      [{ symbol: 'A', bars: [...gapless('10', '12'), { t: 20, open: '13', close: '12' }] }, hist[1]!],
      { symbol: 'XU100', bars: bars('100', '110', '121') },
      rule({ lookbackDays: 1, count: 1 }),
      { days: 1, rebalanceDays: 1, costRate: '0.01', barMs: BAR },
    );
    expect(gap?.points).toEqual([{ t: 20, value: '0.8952', index: '1.1' }]);
    expect(
      backtest(hist, { symbol: 'XU100', bars: bars('1') }, rule({}), {
        days: 2,
        rebalanceDays: 1,
        costRate: '0',
        barMs: BAR,
      }),
    ).toBeNull();
  });
});
