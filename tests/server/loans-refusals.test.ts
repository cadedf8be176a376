import { describe, expect, it } from 'vitest';
import { sharedWorld } from '../support/shared-world';
import type { Loan, LoanTerms } from '../../domain/protocol/loans';
import { parseCommand } from '../../server/operator/cli-commands';
import { dbTargets } from '../support/server';
import { investor, ipoWorld, PIN, type Investor } from './ipo-support';
import { borrower, operator, untouched } from './loans-support';
import { api, expectCleanLedger } from './spot-support';

/** Every bad input refused with a localized key, and nothing changed (DECISIONS §4). */
describe.each(dbTargets())('loan refusals on %s', (target) => {
  const t = sharedWorld(
    () => ipoWorld(target),
    async (world) => {
      const call = api(world as never);
      const u = await borrower(world.db, '1000');
      const other = await borrower(world.db, '1000');
      const noPin = await borrower(world.db, '1000', null);
      const applied = await call.post<Loan>('/user/loan/apply', other.token, {
        amount: '5000',
        days: '7',
        tradePassword: PIN,
      });
      otherLoan = applied.data.id;
      await operator(world, 'loan-approve', { id: otherLoan });
      return { call, u, other, noPin };
    },
  );
  let otherLoan = '';

  async function refused(
    who: Investor,
    path: string,
    fields: Record<string, string>,
    key: string,
    token = who.token,
  ): Promise<string> {
    const before = await untouched(t.world.db, who.userId);
    const tr = await t.call.post(path, token, fields, 'tr-TR');
    expect(tr.code).toBe(-1001);
    expect(tr.key).toBe(key);
    const en = await t.call.post(path, token, fields, 'en-US');
    expect(en.key).toBe(key);
    expect(tr.msg).not.toBe(en.msg);
    expect(await untouched(t.world.db, who.userId)).toEqual(before);
    return tr.msg;
  }

  const apply = (fields: Record<string, string>) => ({
    amount: '5000',
    days: '30',
    tradePassword: PIN,
    ...fields,
  });

  it('an amount outside the range, or not in kuruş', async () => {
    const msg = await refused(
      t.u,
      '/user/loan/apply',
      apply({ amount: '999.99' }),
      'LOAN_AMOUNT_OUT_OF_RANGE',
    );
    expect(msg).toBe('Kredi tutarı 1.000 ile 100.000 TRY arasında olmalı.');
    await refused(t.u, '/user/loan/apply', apply({ amount: '100000.01' }), 'LOAN_AMOUNT_OUT_OF_RANGE');
    // A well-formed amount with a third decimal is a precision problem, not a number-format one.
    await refused(t.u, '/user/loan/apply', apply({ amount: '5000.001' }), 'AMOUNT_PRECISION');
    await refused(t.u, '/user/loan/apply', apply({ amount: '5.000,00' }), 'NUMBER_FORMAT');
  });

  it('days not offered', async () => {
    await refused(t.u, '/user/loan/apply', apply({ days: '15' }), 'LOAN_DAYS_NOT_OFFERED');
    await refused(t.u, '/user/loan/apply', apply({ days: '' }), 'FIELD_REQUIRED');
  });

  it('a wrong, missing or unset trade password', async () => {
    await refused(t.u, '/user/loan/apply', apply({ tradePassword: '135791' }), 'TRADE_PASSWORD_INCORRECT');
    await refused(t.u, '/user/loan/apply', apply({ tradePassword: '' }), 'TRADE_PASSWORD_REQUIRED');
    await refused(t.noPin, '/user/loan/apply', apply({ tradePassword: '' }), 'TRADE_PASSWORD_NOT_SET');
  });

  it('a demo account', async () => {
    await refused(t.u, '/user/loan/apply', apply({}), 'LOAN_DEMO_NOT_ALLOWED', t.u.demo);
    await refused(
      t.other,
      '/user/loan/repay',
      { id: otherLoan, amount: '1', tradePassword: PIN },
      'LOAN_DEMO_NOT_ALLOWED',
      t.other.demo,
    );
  });

  it('an investor whose identity is not verified, told so by the terms before any input', async () => {
    // Money is lent to a verified investor only (SPEC §5: KYC first for certain actions).
    const unverified = await investor(t.world.db, '1000');
    const terms = async (who: Investor, token = who.token) =>
      (await t.call.get<LoanTerms>('/user/loan', token)).data.kycRequired;
    expect(await terms(unverified)).toBe(true);
    expect(await terms(t.u)).toBe(false);
    // The demo account borrows nothing either way: it is told that instead.
    expect(await terms(unverified, unverified.demo)).toBe(false);
    const msg = await refused(unverified, '/user/loan/apply', apply({}), 'KYC_REQUIRED');
    expect(msg).toBe('Lütfen önce kimlik doğrulamasını (KYC) tamamlayın.');
  });

  it("another user's loan, to accept or to repay", async () => {
    await refused(
      t.u,
      '/user/loan/apply',
      { id: otherLoan, accept: '1', tradePassword: PIN },
      'LOAN_NOT_FOUND',
    );
    await refused(
      t.u,
      '/user/loan/repay',
      { id: otherLoan, amount: '10', tradePassword: PIN },
      'LOAN_NOT_FOUND',
    );
    const mine = await t.call.get<{ list: Loan[] }>('/user/loan/order/list', t.u.token);
    expect(mine.data.list).toEqual([]);
  });

  it('repaying more than owed, or a loan not out', async () => {
    await refused(
      t.other,
      '/user/loan/repay',
      { id: otherLoan, amount: '5000.01', tradePassword: PIN },
      'LOAN_REPAY_ABOVE_OWED',
    );
    await refused(
      t.other,
      '/user/loan/repay',
      { id: otherLoan, amount: '0', tradePassword: PIN },
      'FIELD_INVALID',
    );
    await refused(
      t.other,
      '/user/loan/repay',
      { id: otherLoan, amount: '10', tradePassword: '111111' },
      'TRADE_PASSWORD_INCORRECT',
    );
    await refused(t.other, '/user/loan/apply', apply({}), 'LOAN_ALREADY_OPEN');
    await refused(
      t.other,
      '/user/loan/apply',
      { id: otherLoan, accept: '1', tradePassword: PIN },
      'LOAN_NOT_OFFERED',
    );
  });

  it('parallel applications make one open loan; the rest are LOAN_ALREADY_OPEN', async () => {
    // On PostgreSQL every one of 20 parallel applications passed the "no open loan" check
    // before any had inserted: 18 waited for review and the operator could approve two.
    const racer = await borrower(t.world.db, '1000');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => t.call.post<Loan>('/user/loan/apply', racer.token, apply({}))),
    );
    expect(answers.filter((a) => a.code === 0)).toHaveLength(1);
    for (const a of answers.filter((x) => x.code !== 0)) expect(a.key).toBe('LOAN_ALREADY_OPEN');
    const after = await untouched(t.world.db, racer.userId);
    expect(after.rows).toEqual([{ status: 'review', owed: expect.anything(), accrued: expect.anything() }]);
  });

  it('operator decisions on a loan in the wrong state', async () => {
    const no = await operator(t.world, 'loan-repayment', { id: otherLoan, decision: 'approve' });
    expect(no.key).toBe('LOAN_NO_REPAYMENT_UNDER_REVIEW');
    const again = await operator(t.world, 'loan-approve', { id: otherLoan });
    expect(again.key).toBe('LOAN_NOT_UNDER_REVIEW');
    const range = await operator(t.world, 'loan-approve', { id: '999999', amount: '1' });
    expect(range.key).toBe('LOAN_AMOUNT_OUT_OF_RANGE');
    await expectCleanLedger(t.world.db);
  });

  it('staff reject an application; a user declines a changed amount; nothing moves either way', async () => {
    const before = await untouched(t.world.db, t.u.userId);
    const first = await t.call.post<Loan>('/user/loan/apply', t.u.token, apply({}));
    const rejected = await operator(t.world, 'loan-reject', {
      id: first.data.id,
      reason: 'Gelir belgesi eksik',
    });
    expect(rejected.data).toMatchObject({ status: 'rejected', rejectReason: 'Gelir belgesi eksik' });
    const second = await t.call.post<Loan>('/user/loan/apply', t.u.token, apply({ amount: '3000' }));
    await operator(t.world, 'loan-approve', { id: second.data.id, amount: '2000' });
    const declined = await t.call.post<Loan>('/user/loan/apply', t.u.token, {
      id: second.data.id,
      accept: '0',
    });
    expect(declined.data).toMatchObject({ status: 'rejected', rejectReason: 'declined', principal: null });
    const after = await untouched(t.world.db, t.u.userId);
    expect({ real: after.real, demo: after.demo, ledger: after.ledger }).toEqual({
      real: before.real,
      demo: before.demo,
      ledger: before.ledger,
    });
    expect(after.rows.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    await expectCleanLedger(t.world.db);
  });

  it('the CLI words', () => {
    expect(parseCommand(['loan', 'approve', '7', '--amount', '2500'])).toMatchObject({
      path: 'loan-approve',
      fields: { id: '7', amount: '2500' },
    });
    expect(parseCommand(['loan', 'reject', '7'])).toEqual({ error: 'missing --reason' });
    expect(parseCommand(['loan', 'repayment', 'reject', '7', '--reason', 'x'])).toMatchObject({
      path: 'loan-repayment',
      fields: { id: '7', decision: 'reject', reason: 'x' },
    });
    expect(parseCommand(['loans', '--status', 'review'])).toMatchObject({
      path: 'loans',
      fields: { status: 'review' },
    });
  });
});
