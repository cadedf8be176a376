import Decimal from 'decimal.js';
import { isCanonicalDecimal } from '../format/parse';
import { withdrawFee } from './fees';

/**
 * The one check of an amount, for the server's answers and every money form of the client: the
 * same order, the same keys, the same limits. Each problem's key names what is wrong, and its
 * params what the user needs to fix it (docs/design.md, "Typing an amount").
 */

export type AmountRules = {
  /** Decimals the amount may carry: the currency's (kuruş for TRY) or the coin's step. */
  decimals: number;
  /** What the amount is counted in ("TRY", "USDT", "BTC"), named in the precision message. */
  unit: string;
  min?: string | null;
  max?: string | null;
  /** The free balance the amount is paid from, when the form knows it. */
  available?: string | null;
  /** A quantity's step (a coin's 0.001), when it is coarser than one unit of the last decimal. */
  step?: string | null;
};
export type AmountProblem =
  | { key: 'AMOUNT_REQUIRED'; params: Record<string, never> }
  | { key: 'AMOUNT_NOT_A_NUMBER'; params: Record<string, never> }
  | { key: 'AMOUNT_NOT_POSITIVE'; params: Record<string, never> }
  | { key: 'AMOUNT_PRECISION'; params: { decimals: number; unit: string } }
  | { key: 'AMOUNT_STEP'; params: { step: string; unit: string } }
  | { key: 'AMOUNT_BELOW_MINIMUM'; params: { min: string } }
  | { key: 'AMOUNT_ABOVE_BALANCE'; params: { available: string } }
  | { key: 'AMOUNT_ABOVE_MAXIMUM'; params: { max: string } };

const given = (limit: string | null | undefined): limit is string => limit !== undefined && limit !== null;

/**
 * The first problem of an amount (a canonical wire decimal; anything else is not a number), or
 * null. Empty is "required", zero or less "must be greater than 0", and each limit says itself.
 */
export function amountProblem(amount: string, rules: AmountRules): AmountProblem | null {
  if (amount.trim() === '') return { key: 'AMOUNT_REQUIRED', params: {} };
  if (!isCanonicalDecimal(amount)) return { key: 'AMOUNT_NOT_A_NUMBER', params: {} };
  const value = new Decimal(amount);
  if (value.lte(0)) return { key: 'AMOUNT_NOT_POSITIVE', params: {} };
  if (value.decimalPlaces() > rules.decimals)
    return { key: 'AMOUNT_PRECISION', params: { decimals: rules.decimals, unit: rules.unit } };
  if (given(rules.step) && !value.mod(rules.step).isZero())
    return { key: 'AMOUNT_STEP', params: { step: rules.step, unit: rules.unit } };
  if (given(rules.min) && value.lt(rules.min))
    return { key: 'AMOUNT_BELOW_MINIMUM', params: { min: rules.min } };
  if (given(rules.available) && value.gt(rules.available))
    return { key: 'AMOUNT_ABOVE_BALANCE', params: { available: rules.available } };
  if (given(rules.max) && value.gt(rules.max))
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
