import { desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { int, oneOf, rowId, text } from '../../domain/validation/fields';
import { loans } from '../db/schema/loans';
import { canonical } from '../ledger/decimal';
import { approveLoan, decideRepayment, rejectLoan } from '../loans/decide';
import { loanOnWire } from '../loans/wire';
import { defineOperatorRoute } from './define';

const STATUS = oneOf(['review', 'offered', 'active', 'repaying', 'repaid', 'rejected']).optional();

/** Loans through the operator CLI (DECISIONS §2: audited staff actions, no admin screen). */
export const operatorLoanRoutes = [
  defineOperatorRoute({
    path: 'loans',
    action: 'loan.list',
    input: z.object({ status: STATUS, limit: int({ min: 1, max: 500 }).default(50) }),
    run: async ({ db, input, now }) => {
      const query = db.select().from(loans);
      const rows = await (input.status ? query.where(eq(loans.status, input.status)) : query)
        .orderBy(desc(loans.id))
        .limit(input.limit);
      return rows.map((r) => {
        const w = loanOnWire(r, now());
        return {
          id: w.id,
          userId: String(r.userId),
          status: w.status,
          amount: w.amount,
          offered: w.offeredAmount,
          principal: w.principal,
          days: w.days,
          rate: `${canonical(r.rate)} ${r.rateKind}`,
          owed: w.owed,
          overdue: w.overdue,
          appliedAt: new Date(r.appliedAt).toISOString(),
          dueAt: r.dueAt === null ? null : new Date(r.dueAt).toISOString(),
        };
      });
    },
  }),
  defineOperatorRoute({
    path: 'loan-approve',
    action: 'loan.approve',
    input: z.object({ id: rowId, amount: z.string().optional() }),
    target: (input) => `loan:${input.id}`,
    run: async ({ db, input, now }) =>
      loanOnWire(await approveLoan(db, input.id, input.amount, now()), now()),
  }),
  defineOperatorRoute({
    path: 'loan-reject',
    action: 'loan.reject',
    input: z.object({ id: rowId, reason: text({ max: 500 }) }),
    target: (input) => `loan:${input.id}`,
    run: async ({ db, input, now }) => loanOnWire(await rejectLoan(db, input.id, input.reason, now()), now()),
  }),
  defineOperatorRoute({
    path: 'loan-repayment',
    action: 'loan.repayment',
    input: z.object({
      id: rowId,
      decision: oneOf(['approve', 'reject']),
      reason: text({ max: 500 }).optional(),
    }),
    target: (input) => `loan:${input.id}`,
    run: async ({ db, input, now }) =>
      loanOnWire(
        await decideRepayment(db, input.id, input.decision === 'approve', input.reason ?? '', now()),
        now(),
      ),
  }),
];
