import Decimal from 'decimal.js';
import { blackScholes, type OptionKind } from '../../../domain/options/black-scholes';
import { breakeven as breakevenOf, intrinsic, optionFee, premiumOf } from '../../../domain/options/money';
import { normCdf as normalCdf } from '../../../domain/options/normal';

/**
 * The ticket's pricing, Decimal in and out, on the broker's own maths (domain/options): the
 * premium shown is the one the server will compute for the same price and time (the float model,
 * truncated to 4 decimals), the fee the one it will charge (truncated to the kuruş, at least the
 * minimum). Prices are per share; `years` is the time to expiry, `vol` and `rate` annual.
 */
export type Kind = OptionKind;
type Num = Decimal.Value;

function model(spot: Num, strike: Num, years: Num, vol: Num, rate: Num, kind: Kind) {
  return blackScholes({
    kind,
    spot: Number(spot),
    strike: Number(strike),
    years: Math.max(Number(years), 0),
    vol: Number(vol),
    rate: Number(rate),
  });
}

/** The standard normal distribution function N(x). */
export function normCdf(x: Num): Decimal {
  return new Decimal(normalCdf(Number(x)));
}

/** The premium per share, truncated to 4 decimals as the server charges it. */
export function premium(spot: Num, strike: Num, years: Num, vol: Num, rate: Num, kind: Kind): Decimal {
  return premiumOf(model(spot, strike, years, vol, rate, kind).price) ?? new Decimal(0);
}

/** ∂premium/∂spot: N(d1) for a call, N(d1) − 1 for a put; a step at the limits. */
export function delta(spot: Num, strike: Num, years: Num, vol: Num, rate: Num, kind: Kind): Decimal {
  return new Decimal(model(spot, strike, years, vol, rate, kind).delta);
}

/** What a day closer to expiry does to the premium per share; 0 at expiry. */
export function thetaPerDay(spot: Num, strike: Num, years: Num, vol: Num, rate: Num, kind: Kind): Decimal {
  return new Decimal(model(spot, strike, years, vol, rate, kind).theta);
}

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
