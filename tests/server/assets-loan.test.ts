import { describe, expect, it } from 'vitest';
import { sharedWorld } from '../support/shared-world';
import type { AssetsAnswer } from '../../domain/protocol/account';
import type { Loan } from '../../domain/protocol/loans';
import { runLoanPass } from '../../server/loans/accrual';
import { dbTargets } from '../support/server';
import { ipoWorld, PIN } from './ipo-support';
import { borrower, DAY, operator } from './loans-support';
import { api, MONDAY_NOON } from './spot-support';

/**
 * A ₺20,000 loan must not raise "Toplam varlık" by ₺20,000 with nothing showing it is owed.
 * /user/assets carries the debt (principal + accrued interest) and the interest accrued since the
 * stock day reference, so the portfolio's total is net of it and the day's figure counts the
 * interest as a cost, the disbursement as a flow. Default terms: 0.05% a day → 10.00 a day, by
 * the moment: a day and an hour is 10 × 25/24 = 10.4166… → 10.42 (a started kuruş is charged).
 */
describe.each(dbTargets())('/user/assets carries the loan owed on %s', (target) => {
  const t = sharedWorld(
    () => ipoWorld(target),
    async (world) => ({ call: api(world as never), u: await borrower(world.db, '1000') }),
  );

  const assets = async (token: string) => (await t.call.post<AssetsAnswer>('/user/assets', token, {})).data;

  it('has no debt line before a loan', async () => {
    t.world.clock.set(MONDAY_NOON);
    expect((await assets(t.u.token)).loanDebt).toBeUndefined();
  });

  it('owes the whole loan once disbursed; its arrival is a flow, not P&L', async () => {
    const applied = await t.call.post<Loan>('/user/loan/apply', t.u.token, {
      amount: '20000',
      days: '30',
      tradePassword: PIN,
    });
    const id = applied.data.id;
    // Under review nothing is owed yet; the operator's approval of the amount asked disburses it.
    expect((await assets(t.u.token)).loanDebt).toBeUndefined();
    const approved = await operator(t.world, 'loan-approve', { id, amount: '20000' });
    expect(approved.data).toMatchObject({ status: 'active', owed: '20000.00' });
    const answer = await assets(t.u.token);
    expect(answer.loanDebt).toEqual({ currency: 'TRY', owed: '20000.00', interest: '0.00', count: 1 });
    expect(answer.todayCash?.find((c) => c.wallet === 'stock')).toMatchObject({ pnl: '0' });
    // The day's flows: the 1,000 funding and the 20,000 loan.
    expect(Number(answer.todayCash?.find((c) => c.wallet === 'stock')?.flows)).toBe(21000);
    // Loans are the real account's: the demo answer owes nothing.
    expect((await assets(t.u.demo)).loanDebt).toBeUndefined();
  });

  it("a day's interest grows the debt and is the day's cost", async () => {
    const now = MONDAY_NOON + DAY + 3_600_000;
    t.world.clock.set(now);
    expect(await runLoanPass(t.world.db, now)).toBe(1);
    expect((await assets(t.u.token)).loanDebt).toEqual({
      currency: 'TRY',
      owed: '20010.42',
      interest: '10.42',
      count: 1,
    });
  });
});
