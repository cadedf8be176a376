import Decimal from 'decimal.js';
import { withdrawFee } from './fees';

/**
 * The amount checks of deposits and withdrawals, in one place for the server's
 * answers and the client's form: the same order, the same keys, the same limits.
 */

export type AmountRules = { min: string; max?: string | null; decimals: number };
export type AmountProblem =
  | { key: 'AMOUNT_NOT_POSITIVE'; params: Record<string, never> }
  | { key: 'AMOUNT_PRECISION'; params: { decimals: number } }
  | { key: 'AMOUNT_BELOW_MINIMUM'; params: { min: string } }
  | { key: 'AMOUNT_ABOVE_MAXIMUM'; params: { max: string } };

/** The first problem of a canonical decimal amount, or null. */
export function amountProblem(amount: string, rules: AmountRules): AmountProblem | null {
  const value = new Decimal(amount);
  if (value.lte(0)) return { key: 'AMOUNT_NOT_POSITIVE', params: {} };
  if (value.decimalPlaces() > rules.decimals)
    return { key: 'AMOUNT_PRECISION', params: { decimals: rules.decimals } };
  if (value.lt(rules.min)) return { key: 'AMOUNT_BELOW_MINIMUM', params: { min: rules.min } };
  if (rules.max !== undefined && rules.max !== null && value.gt(rules.max))
    return { key: 'AMOUNT_ABOVE_MAXIMUM', params: { max: rules.max } };
  return null;
}

/**
 * A bank withdrawal's fee and what arrives: the screens' preview formula (./fees.ts), so what
 * the user was shown is what is booked; receive = amount − fee.
 */
export function bankWithdrawFee(
  amount: string,
  feeRate: string,
  feeMin: string,
  decimals: number,
): { fee: string; receive: string } {
  const fee = withdrawFee(amount, { feeRate, feeMin }, decimals);
  return { fee: fee.toFixed(), receive: new Decimal(amount).minus(fee).toFixed() };
}

/** A crypto withdrawal's fee is the chain's fixed fee, in the coin. */
export function coinWithdrawFee(amount: string, withdrawFee: string): { fee: string; receive: string } {
  const fee = new Decimal(withdrawFee);
  return { fee: fee.toFixed(), receive: new Decimal(amount).minus(fee).toFixed() };
}

/** Decimals a funding amount may carry: lira in kuruş, coins to 8 places. */
export function fundingDecimals(currency: string): number {
  return currency === 'TRY' ? 2 : 8;
}
