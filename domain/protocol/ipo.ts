import { z } from 'zod';
import { ALLOCATION_METHODS, APPLICATION_STATUSES, IPO_STATUSES, PAYMENT_MODES } from '../ipo/lifecycle';
import { oneOf, rowId, statusPageRequestSchema } from '../validation/fields';
import { pageOf } from './content';
import { dec, id, lots, ms } from './wire-kinds';

/**
 * Stock IPOs on the wire: the offerings (`/stock/index/new/*`, public) and the
 * user's applications (`/stock/order/new/*`, signed in). Money is a canonical decimal string (TRY),
 * lots are whole-number strings (they are bigint in domain/ipo), ids strings, times epoch ms
 * (DECISIONS §4). The statuses are domain/ipo/lifecycle's, computed by the server at answer time.
 */

/** The stock costs charged on what is bought (domain/rules/costs), so the screen shows the total held. */
export const ipoCostsSchema = z.object({
  commissionRate: dec,
  minCommission: dec,
  bsmvRate: dec,
  exchangeFeeRate: dec,
});

/**
 * An offering's dates, an IPO's and a coin sale's alike (domain/ipo/lifecycle `IpoWindow`): the
 * subscription window, when the operator closed it early (null unless so), allocation, refund
 * and listing.
 */
export const offeringWindow = {
  subscribeStart: ms,
  subscribeEnd: ms,
  closedAt: ms.nullable(),
  allocationAt: ms,
  refundAt: ms,
  listingAt: ms,
};

/** One IPO with its prospectus facts, as every list and the detail show it. */
export const ipoSchema = z.object({
  id,
  /** The ticker it lists under; an instrument of the catalogue, not tradable before `listingAt`. */
  symbol: z.string(),
  name: z.string(),
  /** A short description of the company in the caller's language. */
  summary: z.string(),
  sector: z.string(),
  currency: z.literal('TRY'),
  /** TRY per share. */
  issuePrice: dec,
  /** Shares per lot (BIST: 1). */
  lotSize: z.number().int(),
  /** Lots offered to retail investors (the pool applications share) and to institutions. */
  lotsRetail: lots,
  lotsInstitutional: lots,
  /** The lots one application may ask for. */
  minLots: lots,
  maxLots: lots,
  ...offeringWindow,
  method: z.enum(ALLOCATION_METHODS),
  /** Lottery only: lots per ticket ("lottery count" = ⌊lots / ticketLots⌋); null for equal. */
  ticketLots: lots.nullable(),
  paymentMode: z.enum(PAYMENT_MODES),
  /** pay_after only: the payment deadline (the refund date unless configured); null for hold. */
  payBy: ms.nullable(),
  status: z.enum(IPO_STATUSES),
  /** What the countdown counts to: the next status change; null once listed. */
  countdownUntil: ms.nullable(),
  /** Applications so far and the lots they asked for (live; the estimate's input). */
  applicants: z.number().int(),
  requestedLots: lots,
  /** Set once allocated: the lots handed out. */
  allottedLots: lots.nullable(),
  /** The price it lists at (the issue price); the simulator trades it from there after listing. */
  listingPrice: dec,
  /** Lottery only, and only once the window has closed: the seed the draw used (for audit). */
  lotterySeed: z.string().nullable(),
  /** Whether the caller has applied (null for guests). */
  applied: z.boolean().nullable(),
});
export type Ipo = z.infer<typeof ipoSchema>;

/** Applicants per requested size, ascending: domain/ipo/estimate `expectedLots(pool, demand, mine)`. */
export const demandGroupSchema = z.object({ lots, applicants: lots });

/** One IPO plus what the apply form needs. */
export const ipoDetailSchema = ipoSchema.extend({
  demand: z.array(demandGroupSchema),
  /** null: the IPO is configured without costs. */
  costs: ipoCostsSchema.nullable(),
});
export type IpoDetail = z.infer<typeof ipoDetailSchema>;

export const ipoPageSchema = pageOf(ipoSchema);
export type IpoPage = z.infer<typeof ipoPageSchema>;

/**
 * The IPO lists: every IPO, newest window first (optionally one status); those accepting
 * subscriptions now; those not open yet, soonest first.
 */
export const ipoListRequestSchema = statusPageRequestSchema(IPO_STATUSES);

/**
 * What every application to an IPO starts with, to its retail pool or its institutional
 * tranche (domain/protocol/bulk `offlineApplicationSchema`): which IPO, at what price a share.
 */
export const ipoApplicationHead = {
  id,
  ipoId: id,
  symbol: z.string(),
  name: z.string(),
  issuePrice: dec,
  lotSize: z.number().int(),
};

/** An application's money, either tranche alike, from application to allotment and refund. */
export const ipoApplicationMoney = {
  /** What the lots asked for cost: issue price × lots × lot size, its stock costs, and both. */
  amount: dec,
  costs: dec,
  total: dec,
  /** Held from the stock account at application (0 for pay_after). */
  held: dec,
  /** Lots won; null before allocation. */
  allottedLots: lots.nullable(),
  /** Taken for the lots won (amount plus costs); "0" before allocation. */
  charged: dec,
  /** Released back to the account; "0" until the refund date. */
  refunded: dec,
};

/** One application of the signed-in user's active account (real or demo). */
export const ipoApplicationSchema = z.object({
  ...ipoApplicationHead,
  paymentMode: z.enum(PAYMENT_MODES),
  method: z.enum(ALLOCATION_METHODS),
  status: z.enum(APPLICATION_STATUSES),
  /** Lots asked for; lottery count (tickets) for lottery IPOs, else null. */
  lots,
  tickets: lots.nullable(),
  ...ipoApplicationMoney,
  /** Applied by the auto-apply switch rather than by hand. */
  auto: z.boolean(),
  appliedAt: ms,
  allocatedAt: ms.nullable(),
  /** When the refund is released (scheduled), and when it was (null until then). */
  refundAt: ms,
  refundedAt: ms.nullable(),
  listingAt: ms,
  /** When the won shares were booked as holdings (listing day), null until then. */
  listedAt: ms.nullable(),
  /**
   * pay_after only: what the lots won cost (amount plus costs), to be paid by `payBy`; "0" before
   * allocation, for nothing won, and for hold IPOs (whose charge is taken from the hold).
   */
  due: dec,
  /** pay_after only: the payment deadline; null for hold IPOs. */
  payBy: ms.nullable(),
  /** pay_after only: when the user paid (the lots are then theirs); null until then. */
  paidAt: ms.nullable(),
});
export type IpoApplication = z.infer<typeof ipoApplicationSchema>;
export const ipoApplicationPageSchema = pageOf(ipoApplicationSchema);

/** The user's applications, newest first (optionally one status). */
export const ipoApplicationListRequestSchema = statusPageRequestSchema(APPLICATION_STATUSES);

/** `apply` (the default): a new application; `pay`: pay the lots won in a pay_after IPO. */
export const IPO_APPLY_ACTIONS = ['apply', 'pay'] as const;

/**
 * Apply for `lots` of IPO `id`, confirmed with the trade password
 * (DECISIONS §3). `lots` is a whole number; its range and the balance are checked by
 * domain/ipo/apply and refused with IPO_* keys. The answer is the new application.
 *
 * With `action=pay` the same endpoint pays a pay_after IPO's allotment (SPEC §4 "allocated pending
 * payment" → paid): one application per investor per IPO, so `id` names it; `lots` is not sent.
 * The amount is the application's `due`; IPO_PAYMENT_CLOSED once it is paid, lapsed or not owed.
 * The wire keeps to the listed endpoints rather than adding a payment path.
 */
export const ipoApplyRequestSchema = z.object({
  id: rowId,
  action: oneOf(IPO_APPLY_ACTIONS).default('apply'),
  /** Checked by domain/ipo/apply `checkIpoApply` (FIELD_REQUIRED, FIELD_INVALID, ORDER_AMOUNT_ZERO…). */
  lots: z.string().default(''),
  tradePassword: z.string(),
});
export type IpoApplyRequest = z.input<typeof ipoApplyRequestSchema>;
