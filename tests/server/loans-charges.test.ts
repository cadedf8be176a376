import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sharedWorld } from '../support/shared-world';
import type { Loan, LoanStatement } from '../../domain/protocol/loans';
import { messages } from '../../server/db/schema/content';
import { runLoanPass } from '../../server/loans/accrual';
import { dbTargets } from '../support/server';
import { ipoWorld, PIN } from './ipo-support';
import { borrower, DAY, operator, stockTry, systemBalance, untouched } from './loans-support';
import { api, expectCleanLedger, MONDAY_NOON } from './spot-support';

const HOUR = 3_600_000;

/**
 * Charges by the moment, worked by hand with the default terms (0.05% a day, and 0.05% a day
 * more once overdue; a started kuruş is charged):
 *   12,345.67 repaid 17 s after disbursement: 12,345.67 × 0.0005 × 17/86,400 = 0.0012… → 0.01
 *   10,000 repaid after 6 h: 10,000 × 0.0005 × 6/24 = 1.25
 *   10,000 for 7 days, looked at 12 h past due: interest 5 × 7.5 = 37.50, penalty 5 × 0.5 = 2.50
 */
describe.each(dbTargets())('loan charges by the moment, and the overdue penalty, on %s', (target) => {
  const t = sharedWorld(
    () => ipoWorld(target),
    async (world) => ({ call: api(world as never), u: await borrower(world.db, '1000') }),
  );

  const list = async () => (await t.call.get<{ list: Loan[] }>('/user/loan/order/list', t.u.token)).data.list;

  /** Applies, and the operator pays it out at `at`. */
  async function disbursed(amount: string, days: string, at: number): Promise<string> {
    t.world.clock.set(at - HOUR);
    const applied = await t.call.post<Loan>('/user/loan/apply', t.u.token, {
      amount,
      days,
      tradePassword: PIN,
    });
    expect(applied.code).toBe(0);
    t.world.clock.set(at);
    const paid = await operator(t.world, 'loan-approve', { id: applied.data.id });
    expect(paid.data).toMatchObject({ status: 'active', owed: Number(amount).toFixed(2) });
    return applied.data.id;
  }

  /** Repays `amount`, or with `payoff` whatever is owed at the moment (it must be `amount`). */
  async function repaidInFull(id: string, amount: string, payoff = false) {
    const fields: Record<string, string> = payoff ? { id, payoff: '1' } : { id, amount };
    const res = await t.call.post<Loan>('/user/loan/repay', t.u.token, { ...fields, tradePassword: PIN });
    expect(res.data).toMatchObject({ status: 'repaying', repaying: amount });
    expect(res.code).toBe(0);
    const ok = await operator(t.world, 'loan-repayment', { id, decision: 'approve' });
    expect(ok.data).toMatchObject({ status: 'repaid', owed: '0.00', repaid: amount });
  }

  it('a loan repaid 17 s after it was paid out pays the interest accrued: a started kuruş', async () => {
    const t0 = MONDAY_NOON;
    const id = await disbursed('12345.67', '7', t0);
    t.world.clock.set(t0 + 17_000);
    const [loan] = await list();
    expect(loan).toMatchObject({ interestAccrued: '0.01', owed: '12345.68', dailyInterest: '6.18' });
    // Not a kuruş more than owed, nor less.
    const over = await t.call.post<Loan>('/user/loan/repay', t.u.token, {
      id,
      amount: '12345.69',
      tradePassword: PIN,
    });
    expect(over.key).toBe('LOAN_REPAY_ABOVE_OWED');
    await repaidInFull(id, '12345.68');
    expect(await systemBalance(t.world.db, 'loan_interest')).toBe('0.01');
    expect(await stockTry(t.world.db, t.u.userId)).toEqual({ available: '999.99', frozen: '0.00' });
    await expectCleanLedger(t.world.db);
  });

  it('a loan repaid within the day pays the interest of the hours it was out', async () => {
    const t0 = MONDAY_NOON + 2 * DAY;
    const id = await disbursed('10000', '7', t0);
    t.world.clock.set(t0 + 6 * HOUR);
    // Paid off: whatever is owed at this moment, the 6 hours' interest settled with it.
    await repaidInFull(id, '10001.25', true);
    const statement = await t.call.get<LoanStatement>('/user/loan/statement', t.u.token, { id });
    expect(statement.data.list.map((r) => [r.reason, r.amount, r.owedAfter])).toEqual([
      ['loan_repay', '-10001.25', '0.00'],
      ['loan_interest', '1.25', '10001.25'],
      ['loan_disburse', '10000.00', '10000.00'],
    ]);
    expect(await systemBalance(t.world.db, 'loan_interest')).toBe('1.26');
    await expectCleanLedger(t.world.db);
  });

  it('past due, the penalty is charged under its own reason and shown on the statement', async () => {
    const t0 = MONDAY_NOON + 4 * DAY;
    const id = await disbursed('10000', '7', t0);
    // The schedule disclosed the penalty before applying; once out it says the same.
    expect((await list())[0]).toMatchObject({
      penaltyRate: '0.0005',
      dailyPenalty: '5.00',
      total: '10035.00',
    });
    const now = t0 + 7 * DAY + 12 * HOUR;
    t.world.clock.set(now);
    expect(await runLoanPass(t.world.db, now)).toBe(1);
    // The user is told, with the penalty it now bears.
    const told = await t.world.db.select().from(messages).where(eq(messages.userId, t.u.userId));
    const overdue = told.find((m) => m.title['en-US']?.includes('overdue'));
    expect(overdue?.body['en-US']).toContain('an overdue penalty of 0.05% a day on the principal');
    expect(overdue?.body['tr-TR']).toContain('günlük %0,05 gecikme faizi');
    const [loan] = await list();
    // Interest and penalty apart, never one inside the other: 10,000 + 37.50 + 2.50 = 10,040.
    expect(loan).toMatchObject({
      overdue: true,
      interestAccrued: '37.50',
      penaltyAccrued: '2.50',
      interest: '37.50',
      owed: '10040.00',
      total: '10040.00',
    });
    const statement = await t.call.get<LoanStatement>('/user/loan/statement', t.u.token, { id });
    expect(statement.code).toBe(0);
    expect(statement.data.list.map((r) => [r.reason, r.amount, r.owedAfter])).toEqual([
      ['loan_penalty', '2.50', '10040.00'],
      ['loan_interest', '37.50', '10037.50'],
      ['loan_disburse', '10000.00', '10000.00'],
    ]);
    // Another user's loan is not theirs to read; a malformed id is refused with its key.
    const other = await borrower(t.world.db, '0');
    const foreign = await t.call.get<LoanStatement>('/user/loan/statement', other.token, { id });
    expect(foreign).toMatchObject({ code: -1001, key: 'LOAN_NOT_FOUND' });
    const bad = await t.call.get<LoanStatement>('/user/loan/statement', t.u.token, { id: 'x' }, 'tr-TR');
    expect(bad.code).toBe(-1001);
    expect(bad.key).toBeTruthy();
    // A repayment names an amount or asks to pay it all off; neither is refused, nothing moves.
    const before = await untouched(t.world.db, t.u.userId);
    const neither = await t.call.post<Loan>('/user/loan/repay', t.u.token, { id, tradePassword: PIN });
    expect(neither).toMatchObject({ code: -1001, key: 'FIELD_REQUIRED' });
    expect(await untouched(t.world.db, t.u.userId)).toEqual(before);
    expect(await systemBalance(t.world.db, 'loans')).toBe('-10040.00');
    await expectCleanLedger(t.world.db);
  });
});
