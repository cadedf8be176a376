import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Loan, LoanTerms } from '../../domain/protocol/loans';
import { messages } from '../../server/db/schema/content';
import { loanRepayments } from '../../server/db/schema/loans';
import { operatorAudit } from '../../server/db/schema/system';
import { runLoanPass } from '../../server/loans/accrual';
import { loanRecord } from '../../server/loans/record';
import { dbTargets } from '../support/server';
import { ipoWorld, PIN, type Investor, type IpoWorld } from './ipo-support';
import { borrower, DAY, operator, stockTry, systemBalance } from './loans-support';
import { api, expectCleanLedger, MONDAY_NOON } from './spot-support';

/**
 * A loan end to end on a virtual clock, worked by hand with the default terms (0.05% a day,
 * 1,000–100,000 TRY, 7/14/30/60/90 days). The user holds 1,000 TRY and asks for 20,000 for 30
 * days; the operator offers 10,000, which the user accepts at T0 (Monday 12:00 Istanbul):
 *   stock 1,000 + 10,000 = 11,000; system:loans −10,000; a day's interest 10,000 × 0.0005 = 5.00
 * T0+3d+1h: 3 days accrue 15.00 → owed 10,015.00 (loans −10,015.00, loan_interest 15.00)
 *   repays 2,015.00 (held: available 8,985.00, frozen 2,015.00); approved: 15.00 interest and
 *   2,000.00 principal → outstanding 8,000.00, loans −8,000.00, frozen 0
 * T0+5d+1h: days 4–5 at 8,000 × 0.0005 = 4.00 → 8.00; owed 8,008.00
 * T0+31d+1h (due T0+30d): days 6–31, 26 × 4.00 = 104.00 → owed 8,112.00, overdue 1 day, told once
 *   a repayment of 500.00 is rejected (released); then 8,112.00 is repaid (late) and approved:
 *   stock 8,985 − 8,112 = 873.00 = 1,000 + 10,000 − 10,127.00; loans 0; loan_interest 127.00
 */
describe.each(dbTargets())('a loan applied, adjusted, accepted, accrued and repaid on %s', (target) => {
  let world: IpoWorld;
  let call: ReturnType<typeof api>;
  let u: Investor;
  let id = '';
  const T0 = MONDAY_NOON;
  beforeAll(async () => {
    world = await ipoWorld(target);
    call = api(world as never);
    u = await borrower(world.db, '1000');
  });
  afterAll(async () => world?.close());

  const list = async () => (await call.get<{ list: Loan[] }>('/user/loan/order/list', u.token)).data.list;

  it('answers the terms from the settings', async () => {
    const terms = await call.get<LoanTerms>('/user/loan', u.token);
    expect(terms.data).toEqual({
      currency: 'TRY',
      minAmount: '1000',
      maxAmount: '100000',
      days: [7, 14, 30, 60, 90],
      rateKind: 'daily',
      rate: '0.0005',
      available: true,
      kycRequired: false,
    });
    expect((await call.get<LoanTerms>('/user/loan', u.demo)).data.available).toBe(false);
  });

  it('takes an application under review, with its schedule, moving no money', async () => {
    const res = await call.post<Loan>('/user/loan/apply', u.token, {
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
      interest: '300.00',
      total: '20300.00',
      owed: '0.00',
      overdue: false,
    });
    id = res.data.id;
    expect(await stockTry(world.db, u.userId)).toEqual({ available: '1000.00', frozen: '0.00' });
    await expectCleanLedger(world.db);
  });

  it('the operator changes the amount; nothing moves until the user accepts', async () => {
    const listed = await operator(world, 'loans', { status: 'review' });
    expect(listed.code).toBe(0);
    expect(JSON.stringify(listed.data)).toContain(`"id":"${id}"`);
    const offered = await operator(world, 'loan-approve', { id, amount: '10000' });
    expect(offered.code).toBe(0);
    expect(offered.data).toMatchObject({ status: 'offered', offeredAmount: '10000.00', total: '10150.00' });
    expect(await stockTry(world.db, u.userId)).toEqual({ available: '1000.00', frozen: '0.00' });
    const [loan] = await list();
    expect(loan).toMatchObject({ status: 'offered', amount: '20000.00', offeredAmount: '10000.00' });
    // The offer reads as every screen shows money, in each language (DECISIONS §3).
    const told = await world.db.select().from(messages).where(eq(messages.userId, u.userId));
    const offer = told.find((m) => m.title['en-US']?.startsWith('A new amount'));
    expect(offer?.body['tr-TR']).toContain('₺10.000,00 önerdi (başvuru: ₺20.000,00)');
    expect(offer?.body['en-US']).toContain('offered ₺10,000.00 (you asked for ₺20,000.00)');
    // A loan is the real account's: its news stays out of the demo account's inbox.
    expect(offer?.accountType).toBe('real');
    const audit = await world.db.select().from(operatorAudit).where(eq(operatorAudit.action, 'loan.approve'));
    expect(audit.at(-1)).toMatchObject({ target: `loan:${id}`, result: 'ok' });
  });

  it('the user accepts with the trade password: 10,000 disbursed into the stock account', async () => {
    world.clock.set(T0);
    const res = await call.post<Loan>('/user/loan/apply', u.token, { id, accept: '1', tradePassword: PIN });
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
    expect(await stockTry(world.db, u.userId)).toEqual({ available: '11000.00', frozen: '0.00' });
    expect(await systemBalance(world.db, 'loans')).toBe('-10000.00');
    await expectCleanLedger(world.db);
  });

  it('accrues whole days on the virtual clock, once', async () => {
    world.clock.set(T0 + DAY - 1);
    expect(await runLoanPass(world.db, T0 + DAY - 1)).toBe(0);
    const now = T0 + 3 * DAY + 3_600_000;
    world.clock.set(now);
    expect(await runLoanPass(world.db, now)).toBe(1);
    expect(await runLoanPass(world.db, now)).toBe(0);
    const [loan] = await list();
    expect(loan).toMatchObject({ interestAccrued: '15.00', owed: '10015.00', overdue: false });
    expect(await systemBalance(world.db, 'loans')).toBe('-10015.00');
    expect(await systemBalance(world.db, 'loan_interest')).toBe('15.00');
    expect(await stockTry(world.db, u.userId)).toEqual({ available: '11000.00', frozen: '0.00' });
    await expectCleanLedger(world.db);
  });

  it('a repayment is held, then approved: interest first, then principal', async () => {
    const res = await call.post<Loan>('/user/loan/repay', u.token, {
      id,
      amount: '2015',
      tradePassword: PIN,
    });
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({ status: 'repaying', repaying: '2015.00', owed: '10015.00' });
    expect(await stockTry(world.db, u.userId)).toEqual({ available: '8985.00', frozen: '2015.00' });
    const ok = await operator(world, 'loan-repayment', { id, decision: 'approve' });
    expect(ok.code).toBe(0);
    expect(ok.data).toMatchObject({ status: 'active', owed: '8000.00', repaid: '2015.00' });
    expect(await stockTry(world.db, u.userId)).toEqual({ available: '8985.00', frozen: '0.00' });
    expect(await systemBalance(world.db, 'loans')).toBe('-8000.00');
    await expectCleanLedger(world.db);
  });

  it('accrues on the principal outstanding', async () => {
    const now = T0 + 5 * DAY + 3_600_000;
    world.clock.set(now);
    await runLoanPass(world.db, now);
    const [loan] = await list();
    expect(loan).toMatchObject({ interestAccrued: '23.00', owed: '8008.00' });
  });

  it('past the due date: overdue, shown plainly and told once', async () => {
    const now = T0 + 31 * DAY + 3_600_000;
    world.clock.set(now);
    await runLoanPass(world.db, now);
    await runLoanPass(world.db, now);
    const [loan] = await list();
    expect(loan).toMatchObject({ interestAccrued: '127.00', owed: '8112.00', overdue: true, overdueDays: 1 });
    expect((await loanRecord(world.db, u.userId)).loansOverdue).toBe(1);
    const told = await world.db.select().from(messages).where(eq(messages.userId, u.userId));
    expect(told.filter((m) => JSON.stringify(m.title).includes('overdue'))).toHaveLength(1);
    await expectCleanLedger(world.db);
  });

  it('a rejected repayment is released; the full one is approved and the loan is repaid', async () => {
    await call.post<Loan>('/user/loan/repay', u.token, { id, amount: '500', tradePassword: PIN });
    expect(await stockTry(world.db, u.userId)).toEqual({ available: '8485.00', frozen: '500.00' });
    const no = await operator(world, 'loan-repayment', { id, decision: 'reject', reason: 'Eksik açıklama' });
    expect(no.data).toMatchObject({ status: 'active', owed: '8112.00' });
    expect(await stockTry(world.db, u.userId)).toEqual({ available: '8985.00', frozen: '0.00' });

    const res = await call.post<Loan>('/user/loan/repay', u.token, {
      id,
      amount: '8112',
      tradePassword: PIN,
    });
    expect(res.data).toMatchObject({ status: 'repaying', repaying: '8112.00' });
    const ok = await operator(world, 'loan-repayment', { id, decision: 'approve' });
    expect(ok.data).toMatchObject({ status: 'repaid', owed: '0.00', repaid: '10127.00', overdue: false });
    expect(await stockTry(world.db, u.userId)).toEqual({ available: '873.00', frozen: '0.00' });
    expect(await systemBalance(world.db, 'loans')).toBe('0.00');
    expect(await systemBalance(world.db, 'loan_interest')).toBe('127.00');
    await expectCleanLedger(world.db);
  });

  it('keeps a record of repayments, on time or late, for a credit-score rule', async () => {
    const rows = await world.db
      .select()
      .from(loanRepayments)
      .where(eq(loanRepayments.userId, u.userId))
      .orderBy(asc(loanRepayments.id));
    expect(rows.map((r) => [r.status, Number(r.amount).toFixed(2), r.late, r.settled])).toEqual([
      ['approved', '2015.00', false, false],
      ['rejected', '500.00', true, false],
      ['approved', '8112.00', true, true],
    ]);
    expect(await loanRecord(world.db, u.userId)).toEqual({
      repaymentsOnTime: 1,
      repaymentsLate: 1,
      loansRepaid: 1,
      loansOverdue: 0,
    });
    // The credit score reads it: one event for the loan (its clearing repayment came after the due
    // date, so late, −10), not one per repayment.
    const log = await call.post<{ list: { kind: string; points: number }[] }>(
      '/user/point/change/log',
      u.token,
      {},
    );
    const loanEvents = log.data.list.filter((e) => e.kind.startsWith('loan_'));
    expect(loanEvents).toEqual([expect.objectContaining({ kind: 'loan_repaid_late', points: -10 })]);
  });
});
