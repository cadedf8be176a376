import type Decimal from 'decimal.js';
import { TRY_SCALE } from '../../domain/format/money';
import { moneyTo } from '../../domain/validation/scale';
import type { LoanTerms } from '../../domain/protocol/loans';
import type { Session } from '../auth/session';
import type { Db } from '../db/client';
import { decimalField } from '../http/decimal-field';
import { ApiError } from '../http/errors';
import { isVerified } from '../kyc/review';
import { readSetting, type Settings } from '../settings';

export type LoanSettings = Settings['loans'];

export const loanSettings = (db: Db): Promise<LoanSettings> => readSetting(db, 'loans');

/**
 * The terms as set; `available` false on a demo account (real money only),
 * `kycRequired` while the real account's identity is not verified.
 */
export async function loanTerms(db: Db, session: Session): Promise<LoanTerms> {
  const s = await loanSettings(db);
  const real = session.accountType === 'real';
  return {
    currency: 'TRY',
    minAmount: s.minAmount,
    maxAmount: s.maxAmount,
    days: [...s.days].sort((a, b) => a - b),
    rateKind: s.rateKind,
    rate: s.rate,
    penaltyRate: s.penaltyRate,
    available: real,
    kycRequired: real && !(await isVerified(db, session.userId)),
  };
}

/** Loans lend real paper money to the real account; a demo account has none to lend. */
export function checkReal(session: Session): void {
  if (session.accountType !== 'real') throw new ApiError('LOAN_DEMO_NOT_ALLOWED');
}

/** A positive amount in kuruş within the configured range. */
export function checkAmount(value: string | undefined, s: LoanSettings): Decimal {
  if (value === undefined || value === '') throw new ApiError('FIELD_REQUIRED', { field: 'amount' });
  const amount = decimalField(value, 'amount', moneyTo(TRY_SCALE));
  if (amount.lt(s.minAmount) || amount.gt(s.maxAmount))
    throw new ApiError('LOAN_AMOUNT_OUT_OF_RANGE', { min: s.minAmount, max: s.maxAmount });
  return amount;
}

/** One of the periods offered. */
export function checkDays(value: string | undefined, s: LoanSettings): number {
  if (value === undefined || value === '') throw new ApiError('FIELD_REQUIRED', { field: 'days' });
  const days = /^[1-9]\d{0,3}$/.test(value) ? Number(value) : NaN;
  if (!s.days.includes(days)) throw new ApiError('LOAN_DAYS_NOT_OFFERED', { days: s.days.join(', ') });
  return days;
}
