import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sharedWorld } from '../support/shared-world';
import type { Loan, LoanTerms } from '../../domain/protocol/loans';
import { messages } from '../../server/db/schema/content';
import { loanRepayments } from '../../server/db/schema/loans';
import { operatorAudit } from '../../server/db/schema/system';
import { runLoanPass } from '../../server/loans/accrual';
import { loanRecord } from '../../server/loans/record';
import { dbTargets } from '../support/server';
import { ipoWorld, PIN } from './ipo-support';
import { borrower, DAY, operator, stockTry, systemBalance } from './loans-support';
import { api, expectCleanLedger, MONDAY_NOON } from './spot-support';

/**
 * A loan end to end on a virtual clock, worked by hand with the default terms (0.05% a day, and
 * 0.05% a day more once overdue; 1,000–100,000 TRY, 7/14/30/60/90 days). Interest accrues by the
 * moment on the principal outstanding, a started kuruş charged. The user holds 1,000 TRY and asks
 * for 20,000 for 30 days; the operator offers 10,000, which the user accepts at T0 (Monday 12:00
 * Istanbul): stock 1,000 + 10,000 = 11,000; system:loans −10,000; a day's interest 5.00
 * T0+1d−1ms: shown 5 × 86,399,999/86,400,000 → 5.00, not booked yet
 * T0+3d+1h: 5 × (3 + 1/24) = 15.2083… → 15.21 booked; owed 10,015.21
 *   repays 2,015.21 (held: available 8,984.79, frozen 2,015.21); approved: 15.21 charges and
 *   2,000.00 principal → outstanding 8,000.00 from T0+3d+1h, a day's interest 4.00
 * T0+5d+1h: 2 days on 8,000 = 8.00 → charges 23.21; owed 8,008.00
 * T0+31d+1h (due T0+30d): 28 days on 8,000 = 112.00 interest, and the penalty from the due date,
 *   8,000 × 0.0005 × 25/24 = 4.1666… → 4.17 → charges 15.21 + 112.00 + 4.17 = 131.38,
 *   owed 8,000 + 131.38 − 15.21 = 8,116.17, overdue 1 day, told once
 *   a repayment of 500.00 is rejected (released); then 8,116.17 is repaid (late) and approved:
 *   stock 8,984.79 − 8,116.17 = 868.62 = 1,000 + 10,000 − 10,131.38; loans 0; loan_interest 131.38
 */
describe.each(dbTargets())('a loan applied, adjusted, accepted, accrued and repaid on %s', (target) => {
  const t = sharedWorld(
    () => ipoWorld(target),
    async (world) => {
      const call = api(world as never);
      const u = await borrower(world.db, '1000');
      return { call, u };
    },
  );
  let id = '';
  const T0 = MONDAY_NOON;

  const list = async () => (await t.call.get<{ list: Loan[] }>('/user/loan/order/list', t.u.token)).data.list;

  it('answers the terms from the settings', async () => {
    const terms = await t.call.get<LoanTerms>('/user/loan', t.u.token);
    expect(terms.data).toEqual({
      currency: 'TRY',
      minAmount: '1000',
      maxAmount: '100000',
      days: [7, 14, 30, 60, 90],
      rateKind: 'daily',
      rate: '0.0005',
      penaltyRate: '0.0005',
      available: true,
      kycRequired: false,
    });
    expect((await t.call.get<LoanTerms>('/user/loan', t.u.demo)).data.available).toBe(false);
  });

  it('takes an application under review, with its schedule, moving no money', async () => {
    const res = await t.call.post<Loan>('/user/loan/apply', t.u.token, {
      amount: '20000',
      days: '30',
      tradePassword: PIN,
    });
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({
      status: 'review',
      amount: '20000.00',
      offeredAmount: null,
      principal: null,
      days: 30,
      dailyInterest: '10.00',
      dailyPenalty: '10.00',
      penaltyRate: '0.0005',
      interest: '300.00',
      total: '20300.00',
      owed: '0.00',
      overdue: false,
    });
    id = res.data.id;
    expect(await stockTry(t.world.db, t.u.userId)).toEqual({ available: '1000.00', frozen: '0.00' });
    await expectCleanLedger(t.world.db);
  });

  it('the operator changes the amount; nothing moves until the user accepts', async () => {
    const listed = await operator(t.world, 'loans', { status: 'review' });
    expect(listed.code).toBe(0);
    expect(JSON.stringify(listed.data)).toContain(`"id":"${id}"`);
    const offered = await operator(t.world, 'loan-approve', { id, amount: '10000' });
    expect(offered.code).toBe(0);
    expect(offered.data).toMatchObject({ status: 'offered', offeredAmount: '10000.00', total: '10150.00' });
    expect(await stockTry(t.world.db, t.u.userId)).toEqual({ available: '1000.00', frozen: '0.00' });
    const [loan] = await list();
    expect(loan).toMatchObject({ status: 'offered', amount: '20000.00', offeredAmount: '10000.00' });
    // The offer reads as every screen shows money, in each language (DECISIONS §3).
    const told = await t.world.db.select().from(messages).where(eq(messages.userId, t.u.userId));
    const offer = told.find((m) => m.title['en-US']?.startsWith('A new amount'));
    expect(offer?.body['tr-TR']).toContain('₺10.000,00 önerdi (başvuru: ₺20.000,00)');
    expect(offer?.body['en-US']).toContain('offered ₺10,000.00 (you asked for ₺20,000.00)');
    // A loan is the real account's: its news stays out of the demo account's inbox.
    expect(offer?.accountType).toBe('real');
    const audit = await t.world.db
      .select()
      .from(operatorAudit)
      .where(eq(operatorAudit.action, 'loan.approve'));
    expect(audit.at(-1)).toMatchObject({ target: `loan:${id}`, result: 'ok' });
  });

  it('the user accepts with the trade password: 10,000 disbursed into the stock account', async () => {
    t.world.clock.set(T0);
    const res = await t.call.post<Loan>('/user/loan/apply', t.u.token, {
      id,
      accept: '1',
      tradePassword: PIN,
    });
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({
      status: 'active',
      principal: '10000.00',
      dailyInterest: '5.00',
      interest: '150.00',
      total: '10150.00',
      owed: '10000.00',
      disbursedAt: T0,
      dueAt: T0 + 30 * DAY,
    });
    expect(await stockTry(t.world.db, t.u.userId)).toEqual({ available: '11000.00', frozen: '0.00' });
    expect(await systemBalance(t.world.db, 'loans')).toBe('-10000.00');
    await expectCleanLedger(t.world.db);
  });

  it('accrues by the moment on the virtual clock, booked at each whole day, once', async () => {
    t.world.clock.set(T0 + DAY - 1);
    expect(await runLoanPass(t.world.db, T0 + DAY - 1)).toBe(0);
    // Shown to the moment before the clock books it.
    expect((await list())[0]).toMatchObject({ interestAccrued: '5.00', owed: '10005.00' });
    expect(await systemBalance(t.world.db, 'loan_interest')).toBe('0.00');
    const now = T0 + 3 * DAY + 3_600_000;
    t.world.clock.set(now);
    expect(await runLoanPass(t.world.db, now)).toBe(1);
    expect(await runLoanPass(t.world.db, now)).toBe(0);
    const [loan] = await list();
    expect(loan).toMatchObject({ interestAccrued: '15.21', owed: '10015.21', overdue: false });
    expect(await systemBalance(t.world.db, 'loans')).toBe('-10015.21');
    expect(await systemBalance(t.world.db, 'loan_interest')).toBe('15.21');
    expect(await stockTry(t.world.db, t.u.userId)).toEqual({ available: '11000.00', frozen: '0.00' });
    await expectCleanLedger(t.world.db);
  });

  it('a repayment is held, then approved: interest first, then principal', async () => {
    const res = await t.call.post<Loan>('/user/loan/repay', t.u.token, {
      id,
      amount: '2015.21',
      tradePassword: PIN,
    });
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({ status: 'repaying', repaying: '2015.21', owed: '10015.21' });
    expect(await stockTry(t.world.db, t.u.userId)).toEqual({ available: '8984.79', frozen: '2015.21' });
    const ok = await operator(t.world, 'loan-repayment', { id, decision: 'approve' });
    expect(ok.code).toBe(0);
    // Every figure follows the principal left: a day's interest on 8,000 is 4.00, and the total
    // to the due date (T0+30d) is 8,000 + 26 d 23 h × 4.00 = 8,107.8333… → 8,107.84.
    expect(ok.data).toMatchObject({
      status: 'active',
      owed: '8000.00',
      repaid: '2015.21',
      principalOutstanding: '8000.00',
      dailyInterest: '4.00',
      dailyPenalty: '4.00',
      total: '8107.84',
      interest: '107.84',
    });
    expect(await stockTry(t.world.db, t.u.userId)).toEqual({ available: '8984.79', frozen: '0.00' });
    expect(await systemBalance(t.world.db, 'loans')).toBe('-8000.00');
    await expectCleanLedger(t.world.db);
  });

  it('accrues on the principal outstanding', async () => {
    const now = T0 + 5 * DAY + 3_600_000;
    t.world.clock.set(now);
    await runLoanPass(t.world.db, now);
    const [loan] = await list();
    expect(loan).toMatchObject({ interestAccrued: '23.21', owed: '8008.00', dailyInterest: '4.00' });
  });

  it('past the due date: overdue, charged the penalty, shown plainly and told once', async () => {
    const now = T0 + 31 * DAY + 3_600_000;
    t.world.clock.set(now);
    await runLoanPass(t.world.db, now);
    await runLoanPass(t.world.db, now);
    const [loan] = await list();
    expect(loan).toMatchObject({
      interestAccrued: '127.21',
      penaltyAccrued: '4.17',
      // 15.21 of the interest was repaid: 8,000 + 112.00 + 4.17 = 8,116.17.
      interest: '112.00',
      owed: '8116.17',
      total: '8116.17',
      overdue: true,
      overdueDays: 1,
    });
    expect(await systemBalance(t.world.db, 'loan_interest')).toBe('131.38');
    expect((await loanRecord(t.world.db, t.u.userId)).loansOverdue).toBe(1);
    const told = await t.world.db.select().from(messages).where(eq(messages.userId, t.u.userId));
    expect(told.filter((m) => JSON.stringify(m.title).includes('overdue'))).toHaveLength(1);
    await expectCleanLedger(t.world.db);
  });

  it('a rejected repayment is released; the full one is approved and the loan is repaid', async () => {
    await t.call.post<Loan>('/user/loan/repay', t.u.token, { id, amount: '500', tradePassword: PIN });
    expect(await stockTry(t.world.db, t.u.userId)).toEqual({ available: '8484.79', frozen: '500.00' });
    const no = await operator(t.world, 'loan-repayment', {
      id,
      decision: 'reject',
      reason: 'Eksik açıklama',
    });
    expect(no.data).toMatchObject({ status: 'active', owed: '8116.17' });
    expect(await stockTry(t.world.db, t.u.userId)).toEqual({ available: '8984.79', frozen: '0.00' });

    const res = await t.call.post<Loan>('/user/loan/repay', t.u.token, {
      id,
      amount: '8116.17',
      tradePassword: PIN,
    });
    expect(res.data).toMatchObject({ status: 'repaying', repaying: '8116.17' });
    const ok = await operator(t.world, 'loan-repayment', { id, decision: 'approve' });
    expect(ok.data).toMatchObject({ status: 'repaid', owed: '0.00', repaid: '10131.38', overdue: false });
    expect(await stockTry(t.world.db, t.u.userId)).toEqual({ available: '868.62', frozen: '0.00' });
    expect(await systemBalance(t.world.db, 'loans')).toBe('0.00');
    expect(await systemBalance(t.world.db, 'loan_interest')).toBe('131.38');
    await expectCleanLedger(t.world.db);
  });

  it('keeps a record of repayments, on time or late, for a credit-score rule', async () => {
    const rows = await t.world.db
      .select()
      .from(loanRepayments)
      .where(eq(loanRepayments.userId, t.u.userId))
      .orderBy(asc(loanRepayments.id));
    expect(rows.map((r) => [r.status, Number(r.amount).toFixed(2), r.late, r.settled])).toEqual([
      ['approved', '2015.21', false, false],
      ['rejected', '500.00', true, false],
      ['approved', '8116.17', true, true],
    ]);
    expect(await loanRecord(t.world.db, t.u.userId)).toEqual({
      repaymentsOnTime: 1,
      repaymentsLate: 1,
      loansRepaid: 1,
      loansOverdue: 0,
    });
    // The credit score reads it: one event for the loan (its clearing repayment came after the due
    // date, so late, −10), not one per repayment.
    const log = await t.call.post<{ list: { kind: string; points: number }[] }>(
      '/user/point/change/log',
      t.u.token,
      {},
    );
    const loanEvents = log.data.list.filter((e) => e.kind.startsWith('loan_'));
    expect(loanEvents).toEqual([expect.objectContaining({ kind: 'loan_repaid_late', points: -10 })]);
  });
});
