import type { IpoError } from './errors';
import { ipoStatus, type IpoWindow, type PaymentMode } from './lifecycle';
import { parseLots } from './lots';
import { applicationHold, checkSubscriptionBalance, type IpoPriceTerms } from './money';

/**
 * The checks of an IPO application that are the IPO's and the account's, in the order a person
 * fixes them: the window, one application per investor, the lots, the balance. The trade
 * password, KYC and demo rules are the server's (they need the user); it runs them first.
 */

export type IpoLotLimits = { minLots: bigint; maxLots: bigint };

export type IpoApplyContext = {
  t: number;
  window: IpoWindow;
  mode: PaymentMode;
  terms: IpoPriceTerms;
  limits: IpoLotLimits;
  alreadyApplied: boolean;
  /** The stock account's free cash, TRY. */
  available: string;
};

export function checkIpoApply(lotsText: string, context: IpoApplyContext): IpoError | null {
  const status = ipoStatus(context.window, context.t);
  if (status !== 'subscribing') return { key: 'IPO_NOT_SUBSCRIBING', params: { status } };
  if (context.alreadyApplied) return { key: 'IPO_ALREADY_APPLIED' };
  if (lotsText === '') return { key: 'FIELD_REQUIRED', params: { field: 'lots' } };
  const lots = parseLots(lotsText);
  if (lots === null) return { key: 'FIELD_INVALID', params: { field: 'lots' } };
  if (lots === 0n) return { key: 'ORDER_AMOUNT_ZERO' };
  if (lots < context.limits.minLots)
    return { key: 'IPO_LOTS_BELOW_MINIMUM', params: { min: context.limits.minLots.toString() } };
  if (lots > context.limits.maxLots)
    return { key: 'IPO_LOTS_ABOVE_MAXIMUM', params: { max: context.limits.maxLots.toString() } };
  if (context.mode === 'hold')
    return checkSubscriptionBalance(context.available, applicationHold(context.terms, 'hold', lots).hold);
  return null;
}

/**
 * The lots auto-apply asks for (issue 14: one lot by default, up to the user's configured
 * maximum, within the IPO's limits), or null when that range is empty — the user then gets the
 * "not applied" message. The balance is checked by `checkIpoApply` like any application.
 */
export function autoApplyLots(limits: IpoLotLimits, userMax: bigint, defaultLots = 1n): bigint | null {
  let lots = defaultLots > limits.minLots ? defaultLots : limits.minLots;
  if (lots > userMax) lots = userMax;
  if (lots > limits.maxLots) lots = limits.maxLots;
  return lots >= limits.minLots && lots >= 1n ? lots : null;
}
