// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { countdownOf, estimateOf, lotteryEstimate } from '../../src/screens/ipo/ipo-figures';
import { formatChance } from '../../src/components/trade/primary-format';
import { orderSummary } from '../../src/screens/ipo/order-summary';
import { detail, lotteryDetail } from './ipo-fixtures';

describe('the expected-lots estimate the IPO screens show', () => {
  it('follows equal distribution on the live demand, hand-computed', () => {
    // Pool 1000; others: 100 × 5, 50 × 20, 10 × 100. Mine 50 → groups {5:100, 20:50, 50:1, 100:10}:
    // 5 × 161 = 805 ≤ 1000 → rest 500 among 61; 20 × 61 = 1220 > 500 → share ⌊500/61⌋ = 8.
    expect(estimateOf(detail(), 50n)).toEqual({ method: 'equal', lots: 8n });
    // Mine 5 joins the satisfied group: min(5, share) = 5.
    expect(estimateOf(detail(), 5n)).toEqual({ method: 'equal', lots: 5n });
    // Mine 1: 1 × 161 ≤ 1000 → rest 999 among 160; 5 × 160 = 800 ≤ 999 → 499 among 60 → share 8 ≥ 1.
    expect(estimateOf(detail(), 1n)).toEqual({ method: 'equal', lots: 1n });
  });

  it('falls back to the first-round floor when only the applicant count is known', () => {
    // No groups but 160 applicants: ⌊1000 / 161⌋ = 6.
    expect(estimateOf(detail({ demand: [] }), 50n)).toEqual({ method: 'equal', lots: 6n });
    // Nobody yet: the whole pool is there, so the request itself.
    expect(estimateOf(detail({ demand: [], applicants: 0 }), 50n)).toEqual({ method: 'equal', lots: 50n });
  });

  it('gives a lottery its tickets, the chance per ticket and the average lots', () => {
    // 20 lots = 2 tickets; others 30 × 1 + 20 × 5 = 130 → 132 tickets; 1000 / 10 = 100 winning.
    // chance 100/132 = 0.7575…; average 0.7575… × 2 × 10 = 15.1515… lots.
    const estimate = estimateOf(lotteryDetail(), 20n);
    expect(estimate?.method).toBe('lottery');
    if (estimate?.method !== 'lottery') return;
    expect(estimate.tickets).toBe(2n);
    expect(estimate.chance.startsWith('0.757575')).toBe(true);
    expect(estimate.lots.startsWith('15.1515')).toBe(true);
    expect(formatChance(estimate.chance, 'tr-TR')).toBe('%75,75');
    expect(formatChance(estimate.chance, 'en-US')).toBe('75.75%');
    // More winning tickets than tickets: every ticket wins (chance 1), less than a ticket wins nothing.
    expect(lotteryEstimate(1000n, 10n, [], 30n)).toEqual({
      method: 'lottery',
      tickets: 3n,
      chance: '1',
      lots: '30',
    });
    expect(lotteryEstimate(1000n, 10n, [], 9n)).toMatchObject({ tickets: 0n, lots: '0' });
  });

  it('knows nothing from bad figures rather than guessing', () => {
    expect(estimateOf(detail({ lotsRetail: '1e3' }), 5n)).toBeNull();
    expect(estimateOf(detail({ demand: [{ lots: '5', applicants: '-1' }] }), 5n)).toBeNull();
    expect(estimateOf(detail(), 0n)).toBeNull();
  });
});

describe('countdown', () => {
  it('splits the time left into days and a clock, rounding the last second up', () => {
    const until = 1_000_000_000;
    const left = 2 * 86_400_000 + 3 * 3_600_000 + 4 * 60_000 + 5_000;
    expect(countdownOf(until, until - left)).toEqual({ days: 2, hours: 3, minutes: 4, seconds: 5 });
    expect(countdownOf(until, until - 400)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 1 });
    expect(countdownOf(until, until)).toBeNull();
    expect(countdownOf(null, until)).toBeNull();
  });
});

describe('order summary', () => {
  it('shows the hold with the server default costs, hand-computed', () => {
    // 100 × 18.40 = 1840.00; commission 1840 × 0.0015 = 2.76; BSMV 2.76 × 0.05 = 0.138 → 0.14;
    // exchange fee 1840 × 0.00003 = 0.0552 → 0.06; costs 2.96; total 1842.96.
    const t = ((key: string, params?: Record<string, unknown>) =>
      params && 'lots' in params ? `${String(params.lots)} lot` : key) as never;
    const rows = orderSummary(detail(), 100n, t, 'tr-TR');
    const value = (id: string) => rows.find((row) => row.testId === id)?.value;
    expect(value('order-amount')).toBe('₺1.840,00');
    expect(value('order-commission')).toBe('₺2,76');
    expect(value('order-bsmv')).toBe('₺0,14');
    expect(value('order-exchange-fee')).toBe('₺0,06');
    expect(value('order-total')).toBe('₺1.842,96');
    expect(value('order-hold')).toBe('₺1.842,96');
    expect(value('order-refund-at')).toBe('26.11.2026 18:00');
    const none = orderSummary(detail(), null, t, 'tr-TR');
    expect(none.find((row) => row.testId === 'order-total')?.value).toBe('--');
  });
});
