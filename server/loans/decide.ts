import Decimal from 'decimal.js';
import { and, eq } from 'drizzle-orm';
import { allocateRepayment } from '../../domain/loans/money';
import { CANONICAL_DECIMAL } from '../../domain/format/parse';
import type { Db } from '../db/client';
import { loanRepayments, loans } from '../db/schema/loans';
import { ApiError } from '../http/errors';
import { announceBalances } from '../primary/ipo/notify';
import { announceRecord } from '../record-events';
import { lockLoan } from './accrual';
import { tellLoan, type LoanNews } from './notify';
import { postDisburse, postRelease, postRepay } from './postings';
import { loanSettings } from './terms';
import type { LoanRow } from './wire';
import { TRY_SCALE } from '../../domain/format/money';
import { DAY_MS } from '../../domain/time';

/** Pays a locked loan out: the lender's posting and the loan's clock start now. */
export async function disburseLocked(tx: Db, row: LoanRow, amount: Decimal, now: number): Promise<LoanRow> {
  const posted = await postDisburse(tx, row.userId, row.id, amount);
  const [done] = await tx
    .update(loans)
    .set({
      status: 'active',
      principal: amount.toFixed(),
      principalOutstanding: amount.toFixed(),
      disbursedAt: now,
      dueAt: now + row.days * DAY_MS,
      segmentFrom: now,
      accruedAt: now,
      disburseTxId: posted.id,
    })
    .where(eq(loans.id, row.id))
    .returning();
  if (!done) throw new Error('loan disbursement updated nothing');
  return done;
}

async function decided(db: Db, row: LoanRow, news: LoanNews, now: number): Promise<LoanRow> {
  // Loans lend to the real account only (./terms.ts).
  announceRecord(db, { userId: row.userId, accountType: 'real' }, 'loan', row.id, row.status);
  await tellLoan(db, row, news, now);
  await announceBalances(db, row.userId, 'real', now);
  return row;
}

/**
 * `loan approve <id> [--amount X]`: without an amount (or the one asked for) the loan is paid out
 * now; another amount (within the range) is offered to the user, who must accept it before
 * anything moves.
 */
export async function approveLoan(db: Db, id: bigint, amountText: string | undefined, now: number) {
  const s = await loanSettings(db);
  let amount: Decimal | null = null;
  if (amountText !== undefined) {
    if (!CANONICAL_DECIMAL.test(amountText) || amountText.startsWith('-'))
      throw new ApiError('NUMBER_FORMAT', { field: 'amount' });
    amount = new Decimal(amountText);
    if (amount.decimalPlaces() > TRY_SCALE || amount.lt(s.minAmount) || amount.gt(s.maxAmount))
      throw new ApiError('LOAN_AMOUNT_OUT_OF_RANGE', { min: s.minAmount, max: s.maxAmount });
  }
  const row = await db.transaction(async (tx) => {
    const locked = await lockLoan(tx, id);
    if (!locked) throw new ApiError('LOAN_NOT_FOUND');
    if (locked.status !== 'review') throw new ApiError('LOAN_NOT_UNDER_REVIEW', { status: locked.status });
    if (amount === null || amount.eq(locked.amount))
      return disburseLocked(tx, locked, new Decimal(locked.amount), now);
    const [done] = await tx
      .update(loans)
      .set({ status: 'offered', offeredAmount: amount.toFixed() })
      .where(eq(loans.id, id))
      .returning();
    return done ?? locked;
  });
  return decided(db, row, { kind: row.status === 'active' ? 'disbursed' : 'offered' }, now);
}

/** `loan reject <id> --reason`: an application under review (or offered) ends; nothing moved. */
export async function rejectLoan(db: Db, id: bigint, reason: string, now: number) {
  const row = await db.transaction(async (tx) => {
    const locked = await lockLoan(tx, id);
    if (!locked) throw new ApiError('LOAN_NOT_FOUND');
    if (locked.status !== 'review' && locked.status !== 'offered')
      throw new ApiError('LOAN_NOT_UNDER_REVIEW', { status: locked.status });
    const [done] = await tx
      .update(loans)
      .set({ status: 'rejected', rejectReason: reason })
      .where(eq(loans.id, id))
      .returning();
    return done ?? locked;
  });
  return decided(db, row, { kind: 'rejected' }, now);
}

/**
 * `loan repayment approve|reject <loanId>`: the repayment under review is paid to the lender
 * (charges first, then principal; the loan is repaid when nothing is owed) or released. The
 * request booked the charges to its moment; approved, the loan goes on from there on the
 * principal left (a new segment, domain/loans/accrual.ts).
 */
export async function decideRepayment(db: Db, loanId: bigint, approve: boolean, reason: string, now: number) {
  const out = await db.transaction(async (tx) => {
    const locked = await lockLoan(tx, loanId);
    if (!locked) throw new ApiError('LOAN_NOT_FOUND');
    const [repayment] = await tx
      .select()
      .from(loanRepayments)
      .where(and(eq(loanRepayments.loanId, loanId), eq(loanRepayments.status, 'review')))
      .for('update');
    if (locked.status !== 'repaying' || !repayment) throw new ApiError('LOAN_NO_REPAYMENT_UNDER_REVIEW');
    const amount = new Decimal(repayment.amount);
    if (!approve) {
      await postRelease(tx, locked.userId, repayment.id, amount);
      await tx
        .update(loanRepayments)
        .set({ status: 'rejected', rejectReason: reason, decidedAt: now })
        .where(eq(loanRepayments.id, repayment.id));
      const [done] = await tx.update(loans).set({ status: 'active' }).where(eq(loans.id, loanId)).returning();
      return { row: done ?? locked, amount, settled: false };
    }
    const unpaid = new Decimal(locked.interestAccrued).minus(locked.interestPaid);
    const parts = allocateRepayment(amount, unpaid, locked.principalOutstanding);
    if (!parts)
      throw new ApiError('LOAN_REPAY_ABOVE_OWED', {
        owed: unpaid.plus(locked.principalOutstanding).toFixed(2),
      });
    const posted = await postRepay(tx, locked.userId, repayment.id, amount);
    const outstanding = new Decimal(locked.principalOutstanding).minus(parts.principal);
    const settled = outstanding.isZero() && parts.interest.eq(unpaid);
    await tx
      .update(loanRepayments)
      .set({
        status: 'approved',
        decidedAt: now,
        settled,
        interestPart: parts.interest.toFixed(),
        principalPart: parts.principal.toFixed(),
        settleTxId: posted.id,
      })
      .where(eq(loanRepayments.id, repayment.id));
    const [done] = await tx
      .update(loans)
      .set({
        status: settled ? 'repaid' : 'active',
        principalOutstanding: outstanding.toFixed(),
        segmentFrom: locked.accruedAt ?? now,
        segmentInterest: '0',
        segmentPenalty: '0',
        interestPaid: new Decimal(locked.interestPaid).plus(parts.interest).toFixed(),
        principalRepaid: new Decimal(locked.principalRepaid).plus(parts.principal).toFixed(),
        repaidAt: settled ? now : null,
      })
      .where(eq(loans.id, loanId))
      .returning();
    return { row: done ?? locked, amount, settled };
  });
  const amount = out.amount.toFixed(2);
  const news: LoanNews = !approve
    ? { kind: 'repayment_rejected', amount, reason }
    : out.settled
      ? { kind: 'repaid' }
      : { kind: 'repayment_approved', amount };
  return decided(db, out.row, news, now);
}
