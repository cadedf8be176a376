import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import {
  allocateRepayment,
  dailyInterest,
  dailyPenalty,
  dailyRate,
  interestFor,
  isOverdue,
  loanSchedule,
  overdueDays,
} from './money';
import { DAY_MS } from '../time';

const T0 = Date.parse('2026-11-23T09:00:00Z');
const HOUR = 3_600_000;
const daily = { rateKind: 'daily' as const, rate: '0.0005', penaltyRate: '0.0005' };
const annual = { rateKind: 'annual' as const, rate: '0.365', penaltyRate: '0.1825' };

describe('loan interest, worked by hand', () => {
  it('a daily rate is used as is; an annual one is over 365', () => {
    expect(dailyRate(daily).toFixed()).toBe('0.0005');
    expect(dailyRate(annual).toFixed()).toBe('0.001');
    expect(dailyRate({ rateKind: 'annual', rate: '0.4' }).toFixed(10)).toBe('0.0010958904');
  });

  it('accrues by the millisecond from the first moment; a started kuruş is charged', () => {
    const perDay = dailyRate(daily);
    // 17 s: 12,345.67 × 0.0005 × 17 / 86,400 = 0.0012145… → 0.01 (never free)
    expect(interestFor('12345.67', perDay, 17_000).toFixed(2)).toBe('0.01');
    // 6 h: 10,000 × 0.0005 × 6/24 = 1.25 exactly
    expect(interestFor('10000', perDay, 6 * HOUR).toFixed(2)).toBe('1.25');
    // 23 h: 5 × 23/24 = 4.791666… → 4.80
    expect(interestFor('10000', perDay, 23 * HOUR).toFixed(2)).toBe('4.80');
    // nothing before the clock starts
    expect(interestFor('10000', perDay, 0).toFixed(2)).toBe('0.00');
    expect(interestFor('10000', perDay, -5).toFixed(2)).toBe('0.00');
  });

  it("one day's interest and penalty: a started kuruş is charged", () => {
    // 10,000 × 0.0005 = 5 exactly; 12,345.67 × 0.0005 = 6.172835 → 6.18
    expect(dailyInterest('10000', daily).toFixed(2)).toBe('5.00');
    expect(dailyInterest('12345.67', daily).toFixed(2)).toBe('6.18');
    // 10,000 × 0.4 / 365 = 10.958904… → 10.96
    expect(dailyInterest('10000', { rateKind: 'annual', rate: '0.4' }).toFixed(2)).toBe('10.96');
    // penalty 0.0005 a day on 8,000 = 4.00; annual 18.25% / 365 = 0.0005 on 10,000 = 5.00
    expect(dailyPenalty('8000', daily).toFixed(2)).toBe('4.00');
    expect(dailyPenalty('10000', annual).toFixed(2)).toBe('5.00');
  });

  it('the schedule: amount, interest over the term, total, due date and the daily penalty', () => {
    const s = loanSchedule('10000', 30, daily, T0);
    expect(s.dailyInterest.toFixed(2)).toBe('5.00');
    expect(s.interest.toFixed(2)).toBe('150.00');
    expect(s.total.toFixed(2)).toBe('10150.00');
    expect(s.dailyPenalty.toFixed(2)).toBe('5.00');
    expect(s.dueAt).toBe(T0 + 30 * DAY_MS);
    // 12,345.67 for 14 days: 6.172835 × 14 = 86.41969 → 86.42; total 12,432.09
    const odd = loanSchedule('12345.67', 14, daily, T0);
    expect(odd.interest.toFixed(2)).toBe('86.42');
    expect(odd.total.toFixed(2)).toBe('12432.09');
    // annual 40%, 5,000 for 90 days: 5,000 × 0.4 × 90 / 365 = 493.150684… → 493.16
    const yr = loanSchedule('5000', 90, { rateKind: 'annual', rate: '0.4', penaltyRate: '0' }, T0);
    expect(yr.interest.toFixed(2)).toBe('493.16');
    expect(yr.total.toFixed(2)).toBe('5493.16');
    expect(yr.dailyPenalty.toFixed(2)).toBe('0.00');
  });

  it('is overdue from the due instant while anything is owed', () => {
    const due = T0 + 7 * DAY_MS;
    expect(isOverdue(due, due - 1, '10')).toBe(false);
    expect(isOverdue(due, due, '10')).toBe(true);
    expect(isOverdue(due, due + DAY_MS, '0')).toBe(false);
    expect(overdueDays(due, due + DAY_MS - 1)).toBe(0);
    expect(overdueDays(due, due + 3 * DAY_MS)).toBe(3);
  });

  it('a repayment pays charges first, then principal, never more than owed', () => {
    const a = allocateRepayment('100', '35.50', '1000');
    expect(a?.interest.toFixed(2)).toBe('35.50');
    expect(a?.principal.toFixed(2)).toBe('64.50');
    const b = allocateRepayment('20', '35.50', '1000');
    expect(b?.interest.toFixed(2)).toBe('20.00');
    expect(b?.principal.toFixed(2)).toBe('0.00');
    expect(allocateRepayment('1035.50', '35.50', '1000')?.principal.toFixed(2)).toBe('1000.00');
    expect(allocateRepayment('1035.51', '35.50', '1000')).toBeNull();
    expect(allocateRepayment('0', '35.50', '1000')).toBeNull();
    expect(allocateRepayment('1.001', '35.50', '1000')).toBeNull();
    expect(new Decimal(allocateRepayment('5', '0', '5')?.principal ?? 0).toFixed()).toBe('5');
  });
});
