import { z } from 'zod';
import {
  loanApplyRequestSchema,
  loanListRequestSchema,
  loanPageSchema,
  loanRepayRequestSchema,
  loanSchema,
  loanStatementRequestSchema,
  loanStatementSchema,
  loanTermsSchema,
} from '../../domain/protocol/loans';
import { defineRoute, type RouteDef } from '../http/route';
import { applyLoan, requestRepayment } from '../loans/apply';
import { listLoans } from '../loans/reads';
import { loanStatement } from '../loans/statement';
import { loanTerms } from '../loans/terms';

/**
 * Loans (SPEC §1 "arranged through a customer-service manager"): the terms, an
 * application the operator decides (and may change the amount of, which the user must accept),
 * the user's loans, and repayment (held until the operator approves it). Never a condition of
 * withdrawing (DECISIONS §2).
 */
export const loanRoutes: RouteDef[] = [
  defineRoute({
    method: 'GET',
    path: '/user/loan',
    summary: 'Loan terms: amount range, days offered, daily or annual rate (the schedule follows from them)',
    tag: 'loans',
    auth: 'user',
    input: z.object({}),
    output: loanTermsSchema,
    handler: async ({ db, session }) => loanTerms(db, session),
  }),
  defineRoute({
    method: 'POST',
    path: '/user/loan/apply',
    summary:
      'Apply for a loan (amount, days; trade password), or answer a changed amount (id + accept=1 with the trade password, or accept=0)',
    tag: 'loans',
    auth: 'user',
    input: loanApplyRequestSchema,
    output: loanSchema,
    handler: async ({ db, session, trading, input }) => applyLoan(db, session, input, trading.clock.now()),
  }),
  defineRoute({
    method: 'GET',
    path: '/user/loan/order/list',
    summary: "The user's loans, newest first: status, schedule, interest accrued, owed, overdue",
    tag: 'loans',
    auth: 'user',
    input: loanListRequestSchema,
    output: loanPageSchema,
    handler: async ({ db, session, trading, input }) => listLoans(db, session, input, trading.clock.now()),
  }),
  defineRoute({
    method: 'POST',
    path: '/user/loan/repay',
    summary:
      'Repay up to what is owed (interest first); held in the stock account until the operator approves',
    tag: 'loans',
    auth: 'user',
    input: loanRepayRequestSchema,
    output: loanSchema,
    handler: async ({ db, session, trading, input }) =>
      requestRepayment(db, session, input, trading.clock.now()),
  }),
  defineRoute({
    // (added) A loan's own account, so every charge — the overdue penalty too — is on a statement
    // with its reason (interest is owed to the lender, not a move in the user's wallets).
    method: 'GET',
    path: '/user/loan/statement',
    summary: "One loan's account from the ledger: disbursement, interest, overdue penalty, repayments",
    tag: 'loans',
    auth: 'user',
    input: loanStatementRequestSchema,
    output: loanStatementSchema,
    handler: async ({ db, session, input }) => loanStatement(db, session, input.id),
  }),
];
