import type Decimal from 'decimal.js';
import type { OptionKind } from '../../../domain/options/black-scholes';
import { breakeven as breakevenOf, intrinsic, optionFee } from '../../../domain/options/money';

/**
 * The ticket's money rules, Decimal in and out, on the broker's own maths (domain/options/money).
 * Premiums themselves come priced from the worker (workers/option-quotes.ts, domain/options/model).
 */
export type Kind = OptionKind;
type Num = Decimal.Value;

/** Per share at expiry: max(S − K, 0) or max(K − S, 0). */
export function payoff(kind: Kind, strike: Num, price: Num): Decimal {
  return intrinsic(kind, price, strike);
}

/** The underlying's price at expiry where the payoff repays the premium (fees aside). */
export function breakeven(kind: Kind, strike: Num, premiumPerShare: Num): Decimal {
  return breakevenOf(kind, strike, premiumPerShare);
}

/** The rule's fee on a premium total: max(total × feeRate, minFee), to the kuruş. */
export function fee(premiumTotal: Num, feeRate: Num, minFee: Num): Decimal {
  return optionFee(premiumTotal, feeRate, minFee);
}
