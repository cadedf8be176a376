import { describe, expect, it } from 'vitest';
import { fillsDrawdown, remarkRun } from './remark';

const MINUTE = 60_000;
/**
 * 1,000 USDT; bars closing at 100, 90, 110; 5 bought at 100 (fee 0.50) after the first close,
 * sold at 105 (fee 0.525) after the last. Book after the buy: cash 499.50 and 5 coins.
 *   first close, nothing held: 1,000 (the peak)
 *   the buy at 100: 499.50 + 500 = 999.50
 *   second close 90: 499.50 + 450 = 949.50 → fall 50.50 / 1,000 = 0.0505
 *   third close 110: 499.50 + 550 = 1,049.50, a new peak
 *   the sale at 105: 499.50 + 525 − 0.525 = 1,023.975 → fall 25.525 / 1,049.50 = 0.0243 < 0.0505
 * Marked at its fills alone the fall is the buy's fee: 0.50 / 1,000 = 0.0005.
 */
const run = {
  capital: '1000',
  fills: [
    { t: MINUTE + 500, side: 'buy' as const, price: '100', qty: '5', fee: '0.5' },
    { t: 3 * MINUTE + 500, side: 'sell' as const, price: '105', qty: '5', fee: '0.525' },
  ],
  bars: [
    { t: 0, c: '100' },
    { t: MINUTE, c: '90' },
    { t: 2 * MINUTE, c: '110' },
  ],
  intervalMs: MINUTE,
  firstBarT: 0,
  lastBarT: 2 * MINUTE,
};

describe('re-marking a run recorded before runs were marked', () => {
  it('marks every bar’s close and every fill, as a live run does', () => {
    const marks = remarkRun(run);
    expect(marks?.peak.toFixed()).toBe('1049.5');
    expect(marks?.drawdown.toFixed()).toBe('0.0505');
    expect(fillsDrawdown(run.capital, run.fills).toFixed()).toBe('0.0005');
  });

  it('cannot mark a run one of whose bars is missing', () => {
    expect(remarkRun({ ...run, bars: run.bars.filter((b) => b.t !== MINUTE) })).toBeNull();
    // A run that stepped on no bar is marked at its fills, which is all it had.
    const none = remarkRun({ ...run, bars: [], lastBarT: -MINUTE, fills: run.fills.slice(0, 1) });
    expect(none?.drawdown.toFixed()).toBe('0.0005');
  });
});
