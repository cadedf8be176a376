import Decimal from 'decimal.js';
import { and, eq, inArray } from 'drizzle-orm';
import { TRY_SCALE } from '../../domain/format/money';
import type { Loan } from '../../domain/protocol/loans';
import { moneyTo } from '../../domain/validation/scale';
import { isUniqueViolation } from '../accounts/profile';
import type { Session } from '../auth/session';
import type { Db } from '../db/client';
import { loanRepayments, loans } from '../db/schema/loans';
import { decimalField } from '../http/decimal-field';
import { ApiError } from '../http/errors';
import { requireKyc } from '../kyc/review';
import { announceBalances } from '../primary/ipo/notify';
import { confirmTradePassword } from '../primary/confirm';
import { accrueLocked, lockLoan } from './accrual';
import { disburseLocked } from './decide';
import { postHold } from './postings';
import { checkAmount, checkDays, checkReal, loanSettings } from './terms';
import { loanOnWire, owedOf, type LoanRow } from './wire';

const OPEN = ['review', 'offered', 'active', 'repaying'] as const;

export type ApplyInput = {
  amount?: string | undefined;
  days?: string | undefined;
  id?: bigint | undefined;
  accept?: '0' | '1' | undefined;
  tradePassword: string;
};

/**
 * A new application (amount, days) waits for the operator; nothing moves.
 * With `id` and `accept`, the answer to an operator's changed amount: 1 takes it (disbursed at
 * once), 0 declines it (rejected, nothing moved). Every check comes before any write.
 */
export async function applyLoan(db: Db, session: Session, input: ApplyInput, now: number): Promise<Loan> {
  checkReal(session);
  if (input.id !== undefined) return answerOffer(db, session, input, now);
  // Money is lent to a verified investor only (SPEC §5: KYC first for certain actions); the
  // screen says so before any input (terms.kycRequired).
  await requireKyc(db, session.userId);
  const s = await loanSettings(db);
  const amount = checkAmount(input.amount, s);
  const days = checkDays(input.days, s);
  await confirmTradePassword(db, session, input.tradePassword);
  const [open] = await db
    .select({ id: loans.id })
    .from(loans)
    .where(and(eq(loans.userId, session.userId), inArray(loans.status, [...OPEN])));
  if (open) throw new ApiError('LOAN_ALREADY_OPEN');
  const [row] = await db
    .insert(loans)
    .values({
      userId: session.userId,
      amount: amount.toFixed(),
      days,
      rateKind: s.rateKind,
      rate: s.rate,
      penaltyRate: s.penaltyRate,
      appliedAt: now,
    })
    .returning()
    .catch((error: unknown) => {
      // A parallel application inserted first (the check above saw neither).
      if (isUniqueViolation(error, 'loans_one_open')) throw new ApiError('LOAN_ALREADY_OPEN');
      throw error;
    });
  if (!row) throw new Error('loan insert returned nothing');
  return loanOnWire(row, now);
}

async function ownLoan(db: Db, session: Session, id: bigint): Promise<LoanRow> {
  const [row] = await db
    .select()
    .from(loans)
    .where(and(eq(loans.id, id), eq(loans.userId, session.userId)));
  if (!row) throw new ApiError('LOAN_NOT_FOUND');
  return row;
}

async function answerOffer(db: Db, session: Session, input: ApplyInput, now: number): Promise<Loan> {
  const id = input.id as bigint;
  if (input.accept === undefined) throw new ApiError('FIELD_REQUIRED', { field: 'accept' });
  const before = await ownLoan(db, session, id);
  if (before.status !== 'offered') throw new ApiError('LOAN_NOT_OFFERED');
  if (input.accept === '1') await confirmTradePassword(db, session, input.tradePassword);
  const row = await db.transaction(async (tx) => {
    const locked = await lockLoan(tx, id);
    if (!locked || locked.status !== 'offered') throw new ApiError('LOAN_NOT_OFFERED');
    if (input.accept === '1') return disburseLocked(tx, locked, new Decimal(locked.offeredAmount ?? 0), now);
    const [done] = await tx
      .update(loans)
      .set({ status: 'rejected', rejectReason: 'declined' })
      .where(eq(loans.id, id))
      .returning();
    return done ?? locked;
  });
  if (row.status === 'active') await announceBalances(db, session.userId, 'real', now);
  return loanOnWire(row, now);
}

/**
 * `amount` (up to what is owed now, charges first), or with `payoff` all
 * that is owed at this moment, is held in the stock
 * account and the loan is `repaying` until the operator approves or rejects the repayment. The
 * charges are brought up to this moment first: the repayment settles them as they stand now, and
 * none accrue while the operator reviews it.
 */
export async function requestRepayment(
  db: Db,
  session: Session,
  input: { id: bigint; amount?: string | undefined; payoff?: '0' | '1' | undefined; tradePassword: string },
  now: number,
): Promise<Loan> {
  checkReal(session);
  const before = await ownLoan(db, session, input.id);
  if (before.status !== 'active') throw new ApiError('LOAN_NOT_REPAYABLE');
  const payoff = input.payoff === '1';
  const asked = payoff ? null : checkRepayAmount(input.amount);
  await confirmTradePassword(db, session, input.tradePassword);
  const out = await db.transaction(async (tx) => {
    const locked = await lockLoan(tx, input.id);
    if (!locked || locked.status !== 'active') throw new ApiError('LOAN_NOT_REPAYABLE');
    const current = await accrueLocked(tx, locked, now);
    const owed = owedOf(current, now);
    const amount = asked ?? owed;
    if (amount.gt(owed)) throw new ApiError('LOAN_REPAY_ABOVE_OWED', { owed: owed.toFixed(2) });
    const [repayment] = await tx
      .insert(loanRepayments)
      .values({
        loanId: current.id,
        userId: session.userId,
        amount: amount.toFixed(),
        late: current.dueAt !== null && now >= current.dueAt,
        requestedAt: now,
      })
      .returning();
    if (!repayment) throw new Error('repayment insert returned nothing');
    const hold = await postHold(tx, session.userId, repayment.id, amount);
    await tx.update(loanRepayments).set({ holdTxId: hold.id }).where(eq(loanRepayments.id, repayment.id));
    const [done] = await tx
      .update(loans)
      .set({ status: 'repaying' })
      .where(eq(loans.id, current.id))
      .returning();
    return { row: done ?? current, amount };
  });
  await announceBalances(db, session.userId, 'real', now);
  return loanOnWire(out.row, now, out.amount.toFixed());
}

function checkRepayAmount(value: string | undefined): Decimal {
  if (value === undefined || value === '') throw new ApiError('FIELD_REQUIRED', { field: 'amount' });
  const amount = decimalField(value, 'amount', moneyTo(TRY_SCALE));
  if (amount.lte(0)) throw new ApiError('FIELD_INVALID', { field: 'amount' });
  return amount;
}
