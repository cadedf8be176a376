import Decimal from 'decimal.js';
import { coinWithdrawFee } from './amounts';

/** The terms of one chain that a crypto withdrawal is previewed against. */
export type CoinWithdrawTerms = { minWithdraw: string; withdrawFee: string };

export type CoinWithdrawPreview =
  | { ok: true; fee: string; receive: string }
  | { ok: false; reason: 'BELOW_MINIMUM' | 'ABOVE_AVAILABLE' | 'FEE_EXCEEDS_AMOUNT'; fee: string };

/**
 * What a crypto withdrawal of `amount` costs and delivers, shown before the user confirms
 * (DECISIONS §2): the chain's fixed fee is taken from the amount, so the address receives
 * amount − fee. Refused up front, in this order: below the chain's minimum, more than is
 * available, or not more than the fee (nothing would arrive).
 */
export function previewCoinWithdraw(
  amount: string,
  available: string,
  terms: CoinWithdrawTerms,
): CoinWithdrawPreview {
  const value = new Decimal(amount);
  const fee = new Decimal(terms.withdrawFee);
  const feeText = fee.toFixed();
  if (value.lt(terms.minWithdraw)) return { ok: false, reason: 'BELOW_MINIMUM', fee: feeText };
  if (value.gt(available)) return { ok: false, reason: 'ABOVE_AVAILABLE', fee: feeText };
  if (value.lte(fee)) return { ok: false, reason: 'FEE_EXCEEDS_AMOUNT', fee: feeText };
  // The server books with this same function.
  return { ok: true, ...coinWithdrawFee(amount, terms.withdrawFee) };
}
