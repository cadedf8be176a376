import Decimal from 'decimal.js';
import { stockCosts, type StockCostSettings } from '../rules/costs';
import type { IpoError } from './errors';
import type { PaymentMode } from './lifecycle';

/** Money keeps every digit (amounts are price × whole lots); only the stock costs round, to kuruş. */
const D = Decimal.clone({ precision: 60, rounding: Decimal.ROUND_HALF_UP });

/**
 * An IPO's price terms. `costs` are the stock costs of `domain/rules/costs.ts` (commission with its
 * minimum, BSMV, exchange fee), charged on what is bought: a subscription is a purchase of shares,
 * so the same rules apply; null for an IPO configured without costs.
 */
export type IpoPriceTerms = {
  /** TRY per share. */
  issuePrice: string;
  /** Shares per lot (BIST: 1). */
  lotSize: number;
  costs: StockCostSettings | null;
};

/** Canonical decimal strings, TRY. */
export type IpoCharge = { amount: string; costs: string; total: string };

/** issue price × lots × lot size: exact, no rounding (a kuruş price times whole shares). */
export function subscriptionAmount(terms: IpoPriceTerms, lots: bigint): string {
  return new D(terms.issuePrice).times(lots.toString()).times(terms.lotSize).toFixed();
}

/** What buying `lots` costs in all: the amount and its stock costs. */
export function subscriptionCharge(terms: IpoPriceTerms, lots: bigint): IpoCharge {
  const amount = subscriptionAmount(terms, lots);
  const costs = terms.costs === null ? '0' : stockCosts(amount, terms.costs).total;
  return { amount, costs, total: new D(amount).plus(costs).toFixed() };
}

/**
 * What an application holds from the stock account: the charge of every lot asked for (hold
 * IPOs), or nothing (pay-after IPOs, which are paid after allocation). The screen shows `charge`
 * either way, as what the application may cost.
 */
export function applicationHold(
  terms: IpoPriceTerms,
  mode: PaymentMode,
  lots: bigint,
): IpoCharge & { hold: string } {
  const charge = subscriptionCharge(terms, lots);
  return { ...charge, hold: mode === 'hold' ? charge.total : '0' };
}

/**
 * The money side of an allocation. Hold IPOs: the allotted lots' charge is taken from the hold and
 * the rest (`refund`) released on the refund date. Costs never shrink with the amount, so the
 * charge of the allotted lots never exceeds the hold and the refund is never negative. Pay-after
 * IPOs: `due` is what the user must pay for the allotted lots; nothing is refunded.
 */
export function allocationSettlement(
  terms: IpoPriceTerms,
  mode: PaymentMode,
  requested: bigint,
  allotted: bigint,
): { charge: IpoCharge; refund: string; due: string } {
  const charge = subscriptionCharge(terms, allotted);
  if (mode === 'pay_after') return { charge, refund: '0', due: charge.total };
  const hold = subscriptionCharge(terms, requested).total;
  return { charge, refund: new D(hold).minus(charge.total).toFixed(), due: '0' };
}

/**
 * SPEC §9 "account insufficient for subscription ({0})", with the balance there is and the amount
 * needed: the amount alone read as if it were the balance. Each product says it in its own words
 * (a block trade is not a subscription), so the key is the product's.
 */
export function checkSubscriptionBalance(
  available: string,
  needed: string,
  key: 'IPO_INSUFFICIENT_BALANCE' | 'BLOCK_INSUFFICIENT_BALANCE' = 'IPO_INSUFFICIENT_BALANCE',
): IpoError | null {
  return new D(available).gte(needed)
    ? null
    : { key, params: { amount: needed, available: new D(available).toFixed() } };
}
