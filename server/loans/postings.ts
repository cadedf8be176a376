import type Decimal from 'decimal.js';
import type { Db } from '../db/client';
import { systemAccount, userAccount } from '../ledger/account-ref';
import { freeze, unfreeze } from '../ledger/moves';
import { postTransaction, type PostedTransaction } from '../ledger/post';

/**
 * Loans' postings (DECISIONS §2), all in TRY and all naming the loan. Disbursement: the lender
 * (`system:loans`) pays into the stock account. Accrual: the lender's claim grows by the interest
 * accrued (and, past the due date, by the penalty, under its own reason), earned by
 * `system:loan_interest` (no user money moves until repayment). Repayment:
 * held (frozen) in the stock account while under review, then paid to the lender.
 */
export const LOAN_REFERENCE = 'loan';
export const LOAN_REASONS = {
  disburse: 'loan_disburse',
  interest: 'loan_interest',
  penalty: 'loan_penalty',
  hold: 'loan_repay_hold',
  release: 'loan_repay_release',
  repay: 'loan_repay',
} as const;

const stock = (userId: bigint, bucket: 'available' | 'frozen' = 'available') =>
  userAccount(userId, 'real', 'stock', 'TRY', bucket);
const lender = systemAccount('loans', 'TRY');

export function postDisburse(
  db: Db,
  userId: bigint,
  loanId: bigint,
  amount: Decimal,
): Promise<PostedTransaction> {
  return postTransaction(db, {
    reason: LOAN_REASONS.disburse,
    referenceType: LOAN_REFERENCE,
    referenceId: String(loanId),
    memo: `loan ${loanId} disbursed`,
    idempotencyKey: `loan:${loanId}:disburse`,
    lines: [
      { account: lender, amount: amount.neg().toFixed() },
      { account: stock(userId), amount: amount.toFixed() },
    ],
  });
}

/**
 * Interest or penalty accrued up to `at`. `total` is the loan's charges after this posting: it
 * only grows, so the key makes a pass racing another post each step once.
 */
export function postCharge(
  db: Db,
  loanId: bigint,
  kind: 'interest' | 'penalty',
  amount: Decimal,
  at: number,
  total: Decimal,
): Promise<PostedTransaction> {
  return postTransaction(db, {
    reason: LOAN_REASONS[kind],
    referenceType: LOAN_REFERENCE,
    referenceId: String(loanId),
    memo: `loan ${loanId} ${kind === 'interest' ? 'interest' : 'overdue penalty'} to ${new Date(at).toISOString()}`,
    idempotencyKey: `loan:${loanId}:${kind}:${total.toFixed()}`,
    lines: [
      { account: lender, amount: amount.neg().toFixed() },
      { account: systemAccount('loan_interest', 'TRY'), amount: amount.toFixed() },
    ],
  });
}

const move = (userId: bigint, repaymentId: bigint, amount: Decimal, reason: string) => ({
  reason,
  referenceType: 'loan_repayment',
  referenceId: String(repaymentId),
  userId,
  accountType: 'real' as const,
  wallet: 'stock' as const,
  currency: 'TRY',
  amount,
});

/** The repayment held while the operator reviews it; INSUFFICIENT_BALANCE when it is not there. */
export const postHold = (db: Db, userId: bigint, repaymentId: bigint, amount: Decimal) =>
  freeze(db, move(userId, repaymentId, amount, LOAN_REASONS.hold));

/** A rejected repayment's hold back to available. */
export const postRelease = (db: Db, userId: bigint, repaymentId: bigint, amount: Decimal) =>
  unfreeze(db, move(userId, repaymentId, amount, LOAN_REASONS.release));

/** An approved repayment: the held money to the lender. */
export function postRepay(
  db: Db,
  userId: bigint,
  repaymentId: bigint,
  amount: Decimal,
): Promise<PostedTransaction> {
  return postTransaction(db, {
    reason: LOAN_REASONS.repay,
    referenceType: 'loan_repayment',
    referenceId: String(repaymentId),
    memo: `loan repayment ${repaymentId}`,
    lines: [
      { account: stock(userId, 'frozen'), amount: amount.neg().toFixed() },
      { account: lender, amount: amount.toFixed() },
    ],
  });
}
