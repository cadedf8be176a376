import Decimal from 'decimal.js';
import { TRY_SCALE } from '../format/money';

export type WithdrawFeeTerms = { feeRate: string; feeMin: string };

/**
 * The fee of a TRY withdrawal to a card, shown before the user confirms and booked by
 * the server with this same function: max(feeMin, amount × feeRate), rounded UP to the kuruş so
 * the fee shown is never less than the fee booked. What arrives is amount − fee.
 */
export function withdrawFee(amount: Decimal.Value, terms: WithdrawFeeTerms, decimals = TRY_SCALE): Decimal {
  const proportional = new Decimal(amount).times(terms.feeRate);
  const fee = Decimal.max(proportional, terms.feeMin);
  return fee.toDecimalPlaces(decimals, Decimal.ROUND_UP);
}

export type WithdrawPreview =
  | { ok: true; fee: string; receive: string }
  /** The fee would eat the whole amount: nothing would arrive (FEE_EXCEEDS_AMOUNT). */
  | { ok: false; fee: string };

/** Fee and "you receive" for `amount`, as canonical decimal strings. */
export function withdrawPreview(
  amount: Decimal.Value,
  terms: WithdrawFeeTerms,
  decimals = TRY_SCALE,
): WithdrawPreview {
  const fee = withdrawFee(amount, terms, decimals);
  const receive = new Decimal(amount).minus(fee);
  if (receive.lte(0)) return { ok: false, fee: fee.toFixed() };
  return { ok: true, fee: fee.toFixed(), receive: receive.toFixed() };
}
