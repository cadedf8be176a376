import { describe, expect, it } from 'vitest';
import { applyFill, bookValue, markValue, openBook, openMarks, type Fill } from './book';
import { daysAtWork, settle, trackRecord } from './track';

describe('track record from fills', () => {
  it('sums finished runs net of fees and tax, their worst drawdown, and the win rate of all sells', () => {
    const t = trackRecord([
      {
        // buy 5 @ 10 (fee 0.05), sell 5 @ 12 (fee 0.06): realised 60 − 0.06 − 50.05 = 9.89 → a win.
        capital: '100',
        days: 2,
        fills: [
          { t: 1, side: 'buy', price: '10', qty: '5', fee: '0.05' },
          { t: 2, side: 'sell', price: '12', qty: '5', fee: '0.06' },
        ],
        ended: true,
        tax: '1.978',
      },
      {
        // Still running: buy 10 @ 10, marked at 8 when half is sold (a losing sell, 100 → 80), but
        // neither its return nor its drawdown is counted until it ends.
        capital: '100',
        days: 3,
        fills: [
          { t: 3, side: 'buy', price: '10', qty: '10', fee: '0' },
          { t: 4, side: 'sell', price: '8', qty: '5', fee: '0' },
        ],
        ended: false,
        tax: '0',
      },
    ]);
    expect(t.runs).toBe(2);
    expect(t.finished).toBe(1);
    expect(t.returnRate?.toFixed()).toBe('0.07912');
    expect(t.dailyRate?.toFixed()).toBe('0.03956');
    // The finished run: 100 → 49.95 + 5 × 10 = 99.95 → 109.89: a 0.05 fall from 100.
    expect(t.maxDrawdown?.toFixed()).toBe('0.0005');
    expect([t.wins, t.sells]).toEqual([1, 2]);
    expect(t.winRate?.toFixed()).toBe('0.5');
    expect(t.fees.toFixed()).toBe('0.11');
    expect(t.tax.toFixed()).toBe('1.978');
  });

  it('is empty before any run', () => {
    const t = trackRecord([]);
    expect([t.returnRate, t.dailyRate, t.maxDrawdown, t.winRate]).toEqual([null, null, null, null]);
  });

  it('measures nothing yet while the only run is running', () => {
    const t = trackRecord([
      {
        capital: '100',
        days: 1,
        fills: [{ t: 1, side: 'buy', price: '10', qty: '5', fee: '0' }],
        ended: false,
        tax: '0',
      },
    ]);
    expect([t.runs, t.finished]).toEqual([1, 0]);
    expect([t.returnRate, t.dailyRate, t.maxDrawdown]).toEqual([null, null, null]);
  });

  it('counts a run stopped early without a trade as 0, whatever penalty the user paid', () => {
    // 1000 USDT for 3 days, stopped after minutes: the user paid 10 (1%), the strategy made 0.
    const t = trackRecord([{ capital: '1000', days: 3, fills: [], ended: true, tax: '0' }]);
    expect([t.runs, t.finished]).toEqual([1, 1]);
    expect([t.returnRate, t.dailyRate, t.maxDrawdown].map((d) => d?.toFixed())).toEqual(['0', '0', '0']);
  });

  it('divides the per-day figure by the days each run was at work, not the days bought', () => {
    // Bought for 4 days, stopped after 12 hours having made 5 on 100: 5 ÷ (100 × 0.5) = 0.1 a
    // day, where the 4 bought days would say 0.0125. With a 2-day run that made 2 on 100 beside
    // it: (5 + 2) ÷ (50 + 200) = 0.028.
    const half = daysAtWork(4, 1_000, 1_000 + 12 * 3_600_000);
    expect(half.toFixed()).toBe('0.5');
    const stopped = {
      capital: '100',
      days: half,
      fills: [
        { t: 1, side: 'buy' as const, price: '10', qty: '10', fee: '0' },
        { t: 2, side: 'sell' as const, price: '10.5', qty: '10', fee: '0' },
      ],
      ended: true,
      tax: '0',
    };
    expect(trackRecord([stopped]).dailyRate?.toFixed()).toBe('0.1');
    const whole = {
      capital: '100',
      days: daysAtWork(2, 0, null),
      fills: [
        { t: 3, side: 'buy' as const, price: '10', qty: '10', fee: '0' },
        { t: 4, side: 'sell' as const, price: '10.2', qty: '10', fee: '0' },
      ],
      ended: true,
      tax: '0',
    };
    const both = trackRecord([stopped, whole]);
    expect(both.dailyRate?.toFixed()).toBe('0.028');
    expect(both.returnRate?.toFixed()).toBe('0.035');
  });

  it('counts days at work between 0 and the term', () => {
    expect(daysAtWork(3, 5_000, null).toFixed()).toBe('3');
    // A stop stamped before its start (clock skew) is 0 days; one after the term is the term.
    expect(daysAtWork(3, 5_000, 4_000).toFixed()).toBe('0');
    expect(daysAtWork(3, 0, 5 * 86_400_000).toFixed()).toBe('3');
    expect(daysAtWork(3, 0, 6 * 3_600_000).toFixed()).toBe('0.25');
  });

  it('never shows a loss larger than the drawdown: both read the same finished books', () => {
    const t = trackRecord([
      {
        // buy 10 @ 10, sell 10 @ 9 less 0.09: 100 → 100 → 89.91, a 10.09% loss and a 10.09% fall.
        capital: '100',
        days: 1,
        fills: [
          { t: 1, side: 'buy', price: '10', qty: '10', fee: '0' },
          { t: 2, side: 'sell', price: '9', qty: '10', fee: '0.09' },
        ],
        ended: true,
        tax: '0',
      },
      {
        // buy 5 @ 10; sell 2 @ 14 (cash 78, 3 left at 14: 120); sell 3 @ 8: 102. Peak 120 → 102: 15%.
        // Realised 28 − 20 = 8 and 24 − 30 = −6: +2, withholding 0.4 → 1.6 net.
        capital: '100',
        days: 1,
        fills: [
          { t: 1, side: 'buy', price: '10', qty: '5', fee: '0' },
          { t: 2, side: 'sell', price: '14', qty: '2', fee: '0' },
          { t: 3, side: 'sell', price: '8', qty: '3', fee: '0' },
        ],
        ended: true,
        tax: '0.4',
      },
    ]);
    // (−10.09 + 1.6) ÷ 200 = −0.04245, per day the same over 1-day runs.
    expect(t.returnRate?.toFixed()).toBe('-0.04245');
    expect(t.dailyRate?.toFixed()).toBe('-0.04245');
    expect(t.maxDrawdown?.toFixed()).toBe('0.15');
    expect([t.wins, t.sells]).toEqual([1, 3]);
  });
});

describe('a run marked at every bar', () => {
  it('buy at 100, a close at 70, sell at 95: a 30.07% fall, where its fills alone showed 5.19%', () => {
    // 100 USDT, 0.1% fee. Buy at 100: 100 ÷ (100 × 1.001) → 0.999 for 99.9, fee 0.0999, cash
    // 0.0001. Sell at 95: 94.905 less 0.094905 → cash 94.810195.
    const fills: Fill[] = [
      { t: 1, side: 'buy', price: '100', qty: '0.999', fee: '0.0999' },
      { t: 3, side: 'sell', price: '95', qty: '0.999', fee: '0.094905' },
    ];
    // As the live run marks: after each fill at its price, and at each bar's close (70 at t 2).
    let book = openBook('100');
    let marks = openMarks('100');
    book = applyFill(book, fills[0]!).book;
    marks = markValue(marks, bookValue(book, '100'));
    marks = markValue(marks, bookValue(book, '70'));
    book = applyFill(book, fills[1]!).book;
    marks = markValue(marks, bookValue(book, '95'));
    expect(book.cash.toFixed()).toBe('94.810195');
    // Peak 100 (the capital), trough 0.0001 + 0.999 × 70 = 69.9301: 30.0699 ÷ 100.
    expect(marks.drawdown.toFixed()).toBe('0.300699');
    const run = { capital: '100', days: 1, fills, ended: true, tax: '0' };
    // The fills alone: 100 → 99.9001 → 94.810195, (100 − 94.810195) ÷ 100.
    expect(trackRecord([run]).maxDrawdown?.toFixed()).toBe('0.05189805');
    expect(trackRecord([{ ...run, drawdown: marks.drawdown }]).maxDrawdown?.toFixed()).toBe('0.300699');
    // An unmarked run is counted as one whose fall is its fills' (and says so on the record).
    expect(trackRecord([run, { ...run, drawdown: marks.drawdown }]).fillsOnly).toBe(1);
    expect(trackRecord([{ ...run, drawdown: marks.drawdown }]).fillsOnly).toBe(0);
    // The return is the same book's: (94.810195 − 100) ÷ 100.
    expect(trackRecord([{ ...run, drawdown: marks.drawdown }]).returnRate?.toFixed()).toBe('-0.05189805');
  });
});

describe('settle', () => {
  it('withholds the tax on a realised profit only, and the penalty on an early stop', () => {
    const win = settle('100', '109.89', '0.2', '0');
    expect([win.result, win.tax, win.penalty, win.returned].map(String)).toEqual([
      '9.89',
      '1.978',
      '0',
      '107.912',
    ]);
    const loss = settle('100', '90', '0.2', '0.01');
    expect([loss.tax, loss.penalty, loss.returned].map(String)).toEqual(['0', '1', '89']);
  });
});
