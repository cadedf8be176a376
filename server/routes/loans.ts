import { loanEndpoints } from '../../domain/protocol/endpoints/loans';
import { implementAll } from '../http/route';
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
export const loanRoutes = implementAll(loanEndpoints, 'loans', {
  terms: {
    summary: 'Loan terms: amount range, days offered, daily or annual rate (the schedule follows from them)',
    handler: async ({ db, session }) => loanTerms(db, session),
  },
  apply: {
    summary:
      'Apply for a loan (amount, days; trade password), or answer a changed amount (id + accept=1 with the trade password, or accept=0)',
    handler: async ({ db, session, trading, input }) => applyLoan(db, session, input, trading.clock.now()),
  },
  list: {
    summary: "The user's loans, newest first: status, schedule, interest accrued, owed, overdue",
    handler: async ({ db, session, trading, input }) => listLoans(db, session, input, trading.clock.now()),
  },
  repay: {
    summary:
      'Repay up to what is owed (interest first); held in the stock account until the operator approves',
    handler: async ({ db, session, trading, input }) =>
      requestRepayment(db, session, input, trading.clock.now()),
  },
  // A loan's own account, so every charge — the overdue penalty too — is on a statement with its
  // reason (interest is owed to the lender, not a move in the user's wallets).
  statement: {
    summary: "One loan's account from the ledger: disbursement, interest, overdue penalty, repayments",
    handler: async ({ db, session, input }) => loanStatement(db, session, input.id),
  },
});
