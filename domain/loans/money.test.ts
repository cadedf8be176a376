import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import {
  allocateRepayment,
  dailyInterest,
  dailyRate,
  daysElapsed,
  isOverdue,
  loanSchedule,
  overdueDays,
} from './money';
import { DAY_MS } from '../time';

const T0 = Date.parse('2026-11-23T09:00:00Z');
const daily = { rateKind: 'daily' as const, rate: '0.0005' };
const annual = { rateKind: 'annual' as const, rate: '0.365' };

describe('loan interest, worked by hand', () => {
  it('a daily rate is used as is; an annual one is over 365', () => {
    expect(dailyRate(daily).toFixed()).toBe('0.0005');
    expect(dailyRate(annual).toFixed()).toBe('0.001');
    expect(dailyRate({ rateKind: 'annual', rate: '0.4' }).toFixed(10)).toBe('0.0010958904');
  });

  it("one day's interest truncates to kuruş", () => {
    // 10000 × 0.0005 = 5 exactly; 12345.67 × 0.0005 = 6.172835 → 6.17
    expect(dailyInterest('10000', daily).toFixed(2)).toBe('5.00');
    expect(dailyInterest('12345.67', daily).toFixed(2)).toBe('6.17');
    // 10000 × 0.4 / 365 = 10.958904… → 10.95 (never rounded up to 10.96)
    expect(dailyInterest('10000', { rateKind: 'annual', rate: '0.4' }).toFixed(2)).toBe('10.95');
    // 999.99 × 0.0005 = 0.499995 → 0.49
    expect(dailyInterest('999.99', daily).toFixed(2)).toBe('0.49');
  });

  it('the schedule: amount, interest = daily × days, total and due date', () => {
    const s = loanSchedule('10000', 30, daily, T0);
    expect(s.dailyInterest.toFixed(2)).toBe('5.00');
    expect(s.interest.toFixed(2)).toBe('150.00');
    expect(s.total.toFixed(2)).toBe('10150.00');
    expect(s.dueAt).toBe(T0 + 30 * DAY_MS);
    // 12345.67 for 14 days: 6.17 × 14 = 86.38; total 12432.05
    const odd = loanSchedule('12345.67', 14, daily, T0);
    expect(odd.interest.toFixed(2)).toBe('86.38');
    expect(odd.total.toFixed(2)).toBe('12432.05');
    // annual 40%, 5000 for 90 days: 5000 × 0.4 / 365 = 5.479452 → 5.47; × 90 = 492.30; total 5492.30
    const yr = loanSchedule('5000', 90, { rateKind: 'annual', rate: '0.4' }, T0);
    expect(yr.interest.toFixed(2)).toBe('492.30');
    expect(yr.total.toFixed(2)).toBe('5492.30');
  });

  it('counts whole days since disbursement', () => {
    expect(daysElapsed(T0, T0)).toBe(0);
    expect(daysElapsed(T0, T0 + DAY_MS - 1)).toBe(0);
    expect(daysElapsed(T0, T0 + DAY_MS)).toBe(1);
    expect(daysElapsed(T0, T0 + 30 * DAY_MS + 5)).toBe(30);
    expect(daysElapsed(T0, T0 - 1000)).toBe(0);
  });

  it('is overdue from the due instant while anything is owed', () => {
    const due = T0 + 7 * DAY_MS;
    expect(isOverdue(due, due - 1, '10')).toBe(false);
    expect(isOverdue(due, due, '10')).toBe(true);
    expect(isOverdue(due, due + DAY_MS, '0')).toBe(false);
    expect(overdueDays(due, due + DAY_MS - 1)).toBe(0);
    expect(overdueDays(due, due + 3 * DAY_MS)).toBe(3);
  });

  it('a repayment pays interest first, then principal, never more than owed', () => {
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
