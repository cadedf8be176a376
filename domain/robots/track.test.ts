import { describe, expect, it } from 'vitest';
import { settle, trackRecord } from './track';

describe('track record from fills', () => {
  it('sums returns net of fees and tax, the worst drawdown, and the win rate of sells', () => {
    const t = trackRecord([
      {
        // buy 5 @ 10 (fee 0.05), sell 5 @ 12 (fee 0.06): realised 60 − 0.06 − 50.05 = 9.89 → a win.
        capital: '100',
        days: 2,
        fills: [
          { t: 1, side: 'buy', price: '10', qty: '5', fee: '0.05' },
          { t: 2, side: 'sell', price: '12', qty: '5', fee: '0.06' },
        ],
        returned: '107.912',
        tax: '1.978',
      },
      {
        // buy 10 @ 10, marked at 8 when half is sold: 100 → 80 is a 20% drawdown; a loss.
        capital: '100',
        days: 3,
        fills: [
          { t: 3, side: 'buy', price: '10', qty: '10', fee: '0' },
          { t: 4, side: 'sell', price: '8', qty: '5', fee: '0' },
        ],
        returned: null,
        tax: '0',
      },
    ]);
    expect(t.runs).toBe(2);
    expect(t.finished).toBe(1);
    expect(t.returnRate?.toFixed()).toBe('0.07912');
    expect(t.dailyRate?.toFixed()).toBe('0.03956');
    expect(t.maxDrawdown.toFixed()).toBe('0.2');
    expect([t.wins, t.sells]).toEqual([1, 2]);
    expect(t.winRate?.toFixed()).toBe('0.5');
    expect(t.fees.toFixed()).toBe('0.11');
    expect(t.tax.toFixed()).toBe('1.978');
  });

  it('is empty before any run', () => {
    const t = trackRecord([]);
    expect([t.returnRate, t.dailyRate, t.winRate]).toEqual([null, null, null]);
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
