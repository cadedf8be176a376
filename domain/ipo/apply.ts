import type { IpoError } from './errors';
import { ipoStatus, type IpoWindow, type PaymentMode } from './lifecycle';
import { parseLots } from './lots';
import { applicationHold, checkSubscriptionBalance, type IpoCharge, type IpoPriceTerms } from './money';

/**
 * The checks of an IPO application that are the IPO's and the account's, in the order a person
 * fixes them: the window, one application per investor, the lots, the balance. The trade
 * password, KYC and demo rules are the server's (they need the user); it runs them first.
 */

export type IpoLotLimits = {
  minLots: bigint;
  maxLots: bigint;
  /**
   * Lottery IPOs: the lots of one ticket. An application is a whole number of tickets (SPEC §9
   * "a minimum of {0} shares and multiples thereof"): lots past the last whole ticket could never
   * be allotted, and their money would only sit frozen until the refund date. Absent: any count.
   */
  multipleOf?: bigint;
};

/** What an IPO says about the lots one application may ask for (a server row or the wire's IPO). */
export type IpoLotTerms = { method: string; minLots: string; maxLots: string; ticketLots: string | null };

/**
 * The lot limits of an IPO, the server's and the order form's: a lottery's limits are whole
 * tickets (its minimum rounded up, its maximum down, to the ticket size); other methods take any
 * lot count between the limits.
 */
export function ipoLotLimits(ipo: IpoLotTerms): IpoLotLimits {
  const minLots = BigInt(ipo.minLots);
  const maxLots = BigInt(ipo.maxLots);
  const ticket = ipo.method === 'lottery' && ipo.ticketLots !== null ? BigInt(ipo.ticketLots) : 1n;
  if (ticket <= 1n) return { minLots, maxLots };
  return { minLots: roundUp(minLots, ticket), maxLots: roundDown(maxLots, ticket), multipleOf: ticket };
}

const roundUp = (lots: bigint, step: bigint) => ((lots + step - 1n) / step) * step;
const roundDown = (lots: bigint, step: bigint) => (lots / step) * step;

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
  const lots = checkAppliedLots(lotsText, context.limits);
  if (typeof lots !== 'bigint') return lots;
  if (context.mode === 'hold')
    return checkSubscriptionBalance(context.available, applicationHold(context.terms, 'hold', lots).hold);
  return null;
}

/**
 * The lots an application asks for, checked as every stock subscription (retail, offline) checks
 * them: given, a whole number, not zero, within the limits and, where tickets are drawn, a whole
 * number of tickets. Answers the lots, or the refusal.
 */
export function checkAppliedLots(lotsText: string, limits: IpoLotLimits): bigint | IpoError {
  if (lotsText === '') return { key: 'FIELD_REQUIRED', params: { field: 'lots' } };
  const lots = parseLots(lotsText);
  if (lots === null) return { key: 'FIELD_INVALID', params: { field: 'lots' } };
  if (lots === 0n) return { key: 'ORDER_AMOUNT_ZERO' };
  if (lots < limits.minLots)
    return { key: 'IPO_LOTS_BELOW_MINIMUM', params: { min: limits.minLots.toString() } };
  const step = limits.multipleOf ?? 1n;
  if (step > 1n && lots % step !== 0n)
    return { key: 'IPO_LOTS_NOT_MULTIPLE', params: { ticket: step.toString() } };
  if (lots > limits.maxLots)
    return { key: 'IPO_LOTS_ABOVE_MAXIMUM', params: { max: limits.maxLots.toString() } };
  return lots;
}

/**
 * The lots auto-apply asks for (one lot by default — so the IPO's minimum — up to the
 * user's configured maximum, within the IPO's limits, in whole lottery tickets), or null when
 * that range is empty — the user then gets the "not applied" message. The balance is checked by
 * `checkIpoApply` like any application.
 */
export function autoApplyLots(limits: IpoLotLimits, userMax: bigint, defaultLots = 1n): bigint | null {
  const step = limits.multipleOf ?? 1n;
  let lots = roundUp(defaultLots > limits.minLots ? defaultLots : limits.minLots, step);
  const cap = roundDown(userMax < limits.maxLots ? userMax : limits.maxLots, step);
  if (lots > cap) lots = cap;
  return lots >= limits.minLots && lots >= 1n ? lots : null;
}

/** What auto-apply needs to know of an IPO to say what it would do (the wire's IPO detail has it). */
export type AutoApplyTerms = IpoLotTerms & IpoPriceTerms & { paymentMode: PaymentMode };

/**
 * What auto-apply (server/primary/ipo/auto-apply.ts) would apply for when this IPO opens — its
 * minimum lots, in whole lottery tickets — and what that costs and freezes (nothing for a
 * pay-after IPO), so the switch can say it before it is turned on (DECISIONS §2). Null: no lot
 * count fits, and nothing would be applied for.
 */
export function autoApplyPlan(ipo: AutoApplyTerms): ({ lots: bigint } & IpoCharge & { hold: string }) | null {
  const lots = autoApplyLots(ipoLotLimits(ipo), BigInt(ipo.maxLots));
  return lots === null ? null : { lots, ...applicationHold(ipo, ipo.paymentMode, lots) };
}
