import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { LOAN_RATE_KINDS, LOAN_STATUSES } from '../../../domain/protocol/loans';
import { money, ms, rowId, txRef } from './columns';
import { oneOfCheck } from './one-of';
import { parentRef, userRef } from './user-ref';

/**
 * Loans. Real accounts only. Money moves only through the ledger (DECISIONS §2): disbursement
 * from `system:loans:TRY` into the stock account, interest (and, past the due date, penalty)
 * accrual from `system:loans` to `system:loan_interest` (a receivable growing, not user money),
 * a repayment
 * frozen in the stock account while under review and then paid to `system:loans`. The row keeps
 * the terms it was granted on and running totals, each of which the ledger's lines add up to.
 */
export const loans = pgTable(
  'loans',
  {
    id: rowId(),
    userId: userRef(),
    /** review | offered | active | repaying | repaid | rejected */
    status: text('status').notNull().default('review'),
    amount: money('amount').notNull(),
    /** The operator's changed amount, waiting for the user's acceptance (status offered). */
    offeredAmount: money('offered_amount'),
    principal: money('principal'),
    days: integer('days').notNull(),
    /** daily | annual, and the rate, as offered when the user applied. */
    rateKind: text('rate_kind').notNull(),
    rate: money('rate').notNull(),
    /** Added to the rate past the due date (same kind), as disclosed when the user applied. */
    penaltyRate: money('penalty_rate').notNull().default('0'),
    principalOutstanding: money('principal_outstanding').notNull().default('0'),
    /** Every charge posted since disbursement: interest and penalty. */
    interestAccrued: money('interest_accrued').notNull().default('0'),
    /** The penalty part of interestAccrued. */
    penaltyAccrued: money('penalty_accrued').notNull().default('0'),
    interestPaid: money('interest_paid').notNull().default('0'),
    principalRepaid: money('principal_repaid').notNull().default('0'),
    /**
     * The current segment of constant principal (domain/loans/accrual.ts): when it started (the
     * disbursement, or where an approved repayment settled the charges), and the interest and
     * penalty posted in it so far.
     */
    segmentFrom: ms('segment_from'),
    segmentInterest: money('segment_interest').notNull().default('0'),
    segmentPenalty: money('segment_penalty').notNull().default('0'),
    /** Charges are posted up to here (the accrual job's bookmark). */
    accruedAt: ms('accrued_at'),
    rejectReason: text('reject_reason'),
    appliedAt: ms('applied_at').notNull(),
    disbursedAt: ms('disbursed_at'),
    dueAt: ms('due_at'),
    /** When the job first saw it overdue (and told the user). */
    overdueAt: ms('overdue_at'),
    repaidAt: ms('repaid_at'),
    disburseTxId: txRef('disburse_tx_id'),
  },
  (t) => [
    index('loans_user_idx').on(t.userId, t.id),
    // One application waiting per user (apply.ts refuses one beside any open loan; this holds
    // under parallel applications, which on PostgreSQL all passed that check before any had
    // inserted). A loan out was an application first, so it cannot be doubled either.
    uniqueIndex('loans_one_open')
      .on(t.userId)
      .where(sql`${t.status} in ('review', 'offered')`),
    // The accrual job reads loans that are out.
    index('loans_active_idx')
      .on(t.disbursedAt)
      .where(sql`${t.status} in ('active', 'repaying')`),
    oneOfCheck('loans_status', t.status, LOAN_STATUSES),
    oneOfCheck('loans_rate_kind', t.rateKind, LOAN_RATE_KINDS),
    check('loans_amount', sql`${t.amount} > 0`),
  ],
);

/**
 * Every repayment asked for, with how it ended and whether it came after the due date: the
 * record a credit-score rule reads (repaid on time / late) without knowing loan internals.
 */
export const loanRepayments = pgTable(
  'loan_repayments',
  {
    id: rowId(),
    loanId: parentRef('loan_id', () => loans.id),
    userId: userRef(),
    amount: money('amount').notNull(),
    /** review | approved | rejected */
    status: text('status').notNull().default('review'),
    /** Asked for after the due date. */
    late: boolean('late').notNull(),
    /** This repayment cleared the loan. */
    settled: boolean('settled').notNull().default(false),
    interestPart: money('interest_part'),
    principalPart: money('principal_part'),
    rejectReason: text('reject_reason'),
    requestedAt: ms('requested_at').notNull(),
    decidedAt: ms('decided_at'),
    holdTxId: txRef('hold_tx_id'),
    settleTxId: txRef('settle_tx_id'),
  },
  (t) => [
    index('loan_repayments_loan_idx').on(t.loanId, t.id),
    index('loan_repayments_user_idx').on(t.userId, t.id),
    check('loan_repayments_status', sql`${t.status} in ('review', 'approved', 'rejected')`),
    check('loan_repayments_amount', sql`${t.amount} > 0`),
  ],
);
