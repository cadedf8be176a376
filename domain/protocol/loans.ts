import { z } from 'zod';
import { decimal, rowId } from '../validation/fields';
import { pageOf } from './content';
import { dec, ms } from './wire-kinds';

/**
 * Loans on the wire (SPEC §1 "credit loans, arranged through a customer-service
 * manager"; DECISIONS §2: amount, days, rate and total repayment shown before applying). Money is
 * TRY as canonical decimal strings, ids strings, times epoch ms (DECISIONS §4). Maths in
 * domain/loans/money.ts and accrual.ts: simple interest accruing by the moment on the principal
 * outstanding, a started kuruş charged, plus a disclosed penalty rate past the due date; the same
 * for the schedule and for accrual.
 *
 * `/user/loan/apply` carries both steps a user takes before money moves: a new application
 * (`amount`, `days`) and the answer to an operator's changed amount (`id` + `accept` = 1 or 0).
 * Both need the trade password (DECISIONS §3); declining needs none. A loan is never a condition
 * of withdrawing.
 */

export const LOAN_RATE_KINDS = ['daily', 'annual'] as const;
/**
 * SPEC §6's statuses: `review` under review, `offered` the operator changed the amount and waits
 * for the user's acceptance, `active` in progress (disbursed), `repaying` repayment under review,
 * `repaid`, `rejected` (by the operator, or the user declined a changed amount).
 */
export const LOAN_STATUSES = ['review', 'offered', 'active', 'repaying', 'repaid', 'rejected'] as const;
export type LoanStatus = (typeof LOAN_STATUSES)[number];

/** The terms, from the server's settings. */
export const loanTermsSchema = z.object({
  currency: z.literal('TRY'),
  minAmount: dec,
  maxAmount: dec,
  /** Borrowing periods offered, in days, ascending. */
  days: z.array(z.number().int().positive()),
  rateKind: z.enum(LOAN_RATE_KINDS),
  /** Per day (`daily`) or per year (`annual`, a day's = rate / 365). */
  rate: dec,
  /** Added to the rate once a loan is past its due date, of the same kind as `rate`. */
  penaltyRate: dec,
  /** false on a demo account: loans are real-account only (the screen says so before any input). */
  available: z.boolean(),
  /**
   * true while the real account's identity is not verified: a loan is lent only to a verified
   * investor (KYC_REQUIRED), and the screen says so before any input. Absent: false.
   */
  kycRequired: z.boolean().optional(),
});
export type LoanTerms = z.infer<typeof loanTermsSchema>;

export const loanApplyRequestSchema = z.object({
  /** A new application: amount (canonical decimal, kuruş) and one of the offered days. */
  amount: decimal().optional(),
  days: z.string().optional(),
  /** The answer to a changed amount: the loan's id and accept = 1 (take it) or 0 (decline). */
  id: rowId.optional(),
  accept: z.enum(['0', '1']).optional(),
  tradePassword: z.string().default(''),
});
export type LoanApplyRequest = z.input<typeof loanApplyRequestSchema>;

export const loanRepayRequestSchema = z.object({
  id: rowId,
  /** Up to what is owed now; charges accrued are paid first, then principal. */
  amount: decimal().optional(),
  /** 1: pay off everything owed at the moment the request is taken (no `amount`). */
  payoff: z.enum(['0', '1']).optional(),
  tradePassword: z.string().default(''),
});
export type LoanRepayRequest = z.input<typeof loanRepayRequestSchema>;

export const loanSchema = z.object({
  id: z.string(),
  status: z.enum(LOAN_STATUSES),
  /** What the user asked for, and what the operator offered instead (null: not changed). */
  amount: dec,
  offeredAmount: dec.nullable(),
  /** What was disbursed (null before), and what of it is still owed. */
  principal: dec.nullable(),
  principalOutstanding: dec,
  days: z.number().int(),
  rateKind: z.enum(LOAN_RATE_KINDS),
  rate: dec,
  /** Added to the rate past the due date (same kind), as disclosed when applying. */
  penaltyRate: dec,
  /**
   * Before disbursement, the schedule of the amount asked (or offered): a day's interest, the
   * term's, the total, and a day's penalty once overdue. Once out, the same on the principal
   * outstanding now: `total` is what repaying it all on the due date costs (now, once past it),
   * principal outstanding + `interest` + the penalty in it (`penaltyAccrued` while none of it is
   * repaid). Once repaid, what the loan cost: principal + `interest` + `penaltyAccrued`.
   */
  dailyInterest: dec,
  dailyPenalty: dec,
  interest: dec,
  total: dec,
  /**
   * Since disbursement, to the moment: the interest accrued, and apart from it (never inside it)
   * the overdue penalty accrued; `repaid` what was paid back of principal and both.
   */
  interestAccrued: dec,
  penaltyAccrued: dec,
  repaid: dec,
  /** Principal outstanding + interest and penalty accrued, unpaid; 0 before disbursement and once repaid. */
  owed: dec,
  /** The repayment under review (frozen in the stock account), when status is `repaying`. */
  repaying: dec.nullable(),
  overdue: z.boolean(),
  overdueDays: z.number().int(),
  rejectReason: z.string().nullable(),
  appliedAt: ms,
  disbursedAt: ms.nullable(),
  dueAt: ms.nullable(),
  repaidAt: ms.nullable(),
});
export type Loan = z.infer<typeof loanSchema>;
export const loanPageSchema = pageOf(loanSchema);

/** What moves a loan's account: paid out, charged (interest; penalty once overdue), repaid. */
export const LOAN_STATEMENT_REASONS = [
  'loan_disburse',
  'loan_interest',
  'loan_penalty',
  'loan_repay',
] as const;
export type LoanStatementReason = (typeof LOAN_STATEMENT_REASONS)[number];

/**
 * One loan's account from the ledger, newest first. `amount` is
 * the change in what is owed (positive: paid out or charged; negative: repaid) and `owedAfter`
 * what was owed after it, as booked (the loan's `owed` also counts charges to the moment).
 */
export const loanStatementSchema = z.object({
  id: z.string(),
  list: z.array(
    z.object({
      id: z.string(),
      at: ms,
      reason: z.enum(LOAN_STATEMENT_REASONS),
      amount: dec,
      owedAfter: dec,
    }),
  ),
});
export type LoanStatement = z.infer<typeof loanStatementSchema>;
