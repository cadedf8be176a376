import type { IpoError } from './errors';
import { checkAppliedLots } from './apply';
import { applicationHold, checkSubscriptionBalance, type IpoPriceTerms } from './money';
import { DAY_MS } from '../time';

/**
 * Offline subscription (SPEC "offline subscription"): an IPO's institutional tranche
 * (`lotsInstitutional`), taken in its own window BEFORE the retail one — the book-building days
 * of a Turkish IPO, when larger investors bid outside the retail window:
 *
 * - window: the `OFFLINE_WINDOW_DAYS` before the retail subscription opens, [start − 5 d, start);
 * - one application per investor, of at least `OFFLINE_MIN_MULTIPLE` × the retail minimum
 *   (institutional tickets are larger; never more than the tranche) and at most the tranche;
 * - the price is the issue price; the whole request (+ stock costs) is held at application;
 * - at the IPO's allocation date the tranche is allotted PRO RATA to demand (domain/ipo/pro-rata:
 *   ⌊request × tranche / demand⌋, leftovers to the largest remainders), the allotted lots are
 *   charged and the rest of the hold released at once; an undersubscribed tranche gives everyone
 *   their request and the lots nobody asked for stay with the issuer;
 * - the shares are delivered on the listing date, T+1 locked like retail IPO shares.
 */
export const OFFLINE_WINDOW_DAYS = 5;
export const OFFLINE_MIN_MULTIPLE = 100n;

export type OfflineStatus = 'upcoming' | 'open' | 'closed';
export type OfflineWindow = { opensAt: number; closesAt: number };

export function offlineWindow(subscribeStart: number): OfflineWindow {
  return { opensAt: subscribeStart - OFFLINE_WINDOW_DAYS * DAY_MS, closesAt: subscribeStart };
}

export function offlineStatus(window: OfflineWindow, t: number): OfflineStatus {
  if (t < window.opensAt) return 'upcoming';
  return t < window.closesAt ? 'open' : 'closed';
}

export type OfflineLimits = { minLots: bigint; maxLots: bigint };

/** The lots one offline application may ask for, from the retail minimum and the tranche. */
export function offlineLimits(retailMinLots: bigint, tranche: bigint): OfflineLimits {
  const min = retailMinLots * OFFLINE_MIN_MULTIPLE;
  return { minLots: min < tranche ? min : tranche, maxLots: tranche };
}

export type OfflineApplyContext = {
  t: number;
  window: OfflineWindow;
  terms: IpoPriceTerms;
  limits: OfflineLimits;
  alreadyApplied: boolean;
  /** The stock account's free cash, TRY. */
  available: string;
};

/**
 * The checks in the order a person fixes them: the window, once, the lots, the balance. The
 * refusals are the retail application's keys: their words fit both channels.
 */
export function checkOfflineApply(lotsText: string, context: OfflineApplyContext): IpoError | null {
  if (offlineStatus(context.window, context.t) !== 'open')
    return { key: 'IPO_NOT_SUBSCRIBING', params: { status: 'offline_closed' } };
  if (context.alreadyApplied) return { key: 'IPO_ALREADY_APPLIED' };
  const lots = checkAppliedLots(lotsText, context.limits);
  if (typeof lots !== 'bigint') return lots;
  return checkSubscriptionBalance(context.available, applicationHold(context.terms, 'hold', lots).hold);
}
