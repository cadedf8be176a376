import { z } from 'zod';
import { withRequestId } from './request-id';
import { decimal, int, oneOf, rowId, statusPageRequestSchema } from '../validation/fields';
import { pageOf } from './content';
import { dec, id, ms } from './wire-kinds';

/**
 * Stock options on the wire (DECISIONS §3): cash-settled European calls and puts on a
 * stock, premium priced by Black-Scholes (domain/options) on the market source's volatility and a
 * configured rate. Money and prices are canonical decimal strings (TRY), contract counts whole-number
 * strings, ids strings, times epoch ms (DECISIONS §4).
 *
 * `/stock/order/option/apply` carries both money-moving actions the contract list gives options:
 * `buy` opens a position, `close` sells one back before expiry at the live model price minus the
 * disclosed spread (there is no separate close endpoint in endpoints.txt).
 */
const count = z.string();

export const OPTION_KINDS = ['call', 'put'] as const;
export type OptionKind = (typeof OPTION_KINDS)[number];
/** `day`: today's close; `week`: the week's last session's close; `month`: the month's (market calendar). */
export const OPTION_EXPIRY_KINDS = ['day', 'week', 'month'] as const;
/** `open` until expiry; `expired`: settled at the expiry price; `closed`: sold back early. */
export const OPTION_STATUSES = ['open', 'expired', 'closed'] as const;
export type OptionStatus = (typeof OPTION_STATUSES)[number];

/**
 * The premium's unit, the same everywhere it appears (a rule's, a quote's, a request's and a
 * position's `premium`): TRY per share of the underlying. A contract is `multiplier` shares, so
 * one contract costs premium × multiplier and `premiumTotal` = premium × multiplier × contracts.
 */
export const PREMIUM_UNIT = 'per_share' as const;

/** One expiry the rules offer: the session close it settles at. */
export const optionExpirySchema = z.object({
  kind: z.enum(OPTION_EXPIRY_KINDS),
  /** The instant it settles (the session's close on the market calendar), the expiry's identity. */
  expiresAt: ms,
});
export type OptionExpiry = z.infer<typeof optionExpirySchema>;

/** What can be bought on one underlying, and on what terms. */
export const optionRuleRequestSchema = z.object({ symbol: z.string().min(1).max(20) });

export const optionRuleSchema = z.object({
  symbol: z.string(),
  name: z.string(),
  currency: z.literal('TRY'),
  /** Decimals of the underlying's price (and of strikes). */
  priceScale: z.number().int(),
  /** The underlying's price the strikes were laid around and premiums priced on (the book's mid, or the last trade while a side is empty), and the last trade's time. */
  spot: dec,
  spotAt: ms,
  /** Annualised volatility of the source (e.g. "0.32") and the annual risk-free rate (e.g. "0.40"). */
  volatility: dec,
  rate: dec,
  /** Shares one contract settles on: payoff = max(S − K, 0) or max(K − S, 0) × multiplier. */
  multiplier: z.number().int(),
  /** Strikes on a grid around the spot, ascending; every expiry offers all of them. */
  strikes: z.array(dec),
  /** Soonest first; an expiry inside `minLifeMs` of now is not offered. */
  expiries: z.array(optionExpirySchema),
  /** The fee: max(premium total × feeRate, minFee), charged on buying (and on closing early). */
  feeRate: dec,
  minFee: dec,
  /** SPEC §5's minimum option buy amount: premium total (before fee) at least this. */
  minPremium: dec,
  /** At most this many contracts in one order. */
  maxContracts: count,
  /** Early close pays the live model premium × (1 − closeSpread) × multiplier × contracts, less the fee. */
  closeSpread: dec,
  /** A buy is refused if the premium rose above the shown one by more than this share of it. */
  priceTolerance: dec,
  /** How long a quote (`action: 'quote'`) is honoured, in seconds. */
  quoteSeconds: z.number().int(),
  /** Whether the underlying's market is open now (options are bought and closed only then). */
  marketOpen: z.boolean(),
  /**
   * How the underlying moves per session of trading (domain/options/model `PriceProcess`, with
   * `volatility` above): premiums are the discounted mean payoff on this process.
   */
  process: z.object({
    sessionsPerYear: z.number(),
    sessionMs: z.number().int(),
    jumpsPerSession: z.number(),
    jumpShare: z.number(),
    clusterStepMs: z.number().int(),
    persistence: z.number(),
    afterglowShare: z.number(),
    clustering: z.number(),
  }),
  /**
   * The coming sessions (opening and closing instants) trading time to expiry is counted in;
   * null when the market trades around the clock (every hour counts).
   */
  sessions: z.array(z.object({ open: ms, close: ms })).nullable(),
});
export type OptionRule = z.infer<typeof optionRuleSchema>;

/**
 * A quote's id: random, unguessable (base64url). Anything else is FIELD_INVALID, never looked up.
 */
const quoteIdField = z
  .string({ error: 'FIELD_INVALID_TYPE' })
  .regex(/^[A-Za-z0-9_-]{1,64}$/, { error: 'FIELD_INVALID' });

/**
 * `quote` prices a buy or a close now and stores the figures
 * under a `quoteId` the broker honours until `validUntil` (the rule's `quoteSeconds`), once:
 * `side: 'buy'` with the buy's terms, `side: 'close'` with the position's `id`. It runs every
 * check the buy or close runs. `buy`: `contracts` of the (symbol, kind, strike, expiresAt)
 * option; `premium` is the premium (per share, PREMIUM_UNIT) the sheet showed. With a `quoteId` the terms and
 * `premium` must be the quote's, and the quote's premium is charged exactly (QUOTE_EXPIRED past
 * its life, QUOTE_NOT_FOUND when it is not the caller's, already used, or for other terms,
 * OPTION_QUOTE_STALE once the stock's mid has moved a tick from the quote's `spot`);
 * without one the server prices now and refuses with OPTION_PRICE_CHANGED when its premium is
 * higher by more than the rule's tolerance. `close`: position `id`, and `contracts` to close
 * only part of it (the closed part becomes a closed position of its own, with its share of the
 * premium and fee paid; the rest stays open); `premium` is the close premium per share shown,
 * likewise with or without a `quoteId` (a quote closes the contracts it was asked for). The trade password is needed when the
 * user turned on order confirmation (DECISIONS §3). The answer is the position (the quote for
 * `quote`).
 */
export const optionBuyRequestSchema = z.object({
  action: z.literal('buy'),
  symbol: z.string().min(1).max(20),
  kind: oneOf(OPTION_KINDS),
  strike: decimal(),
  /** The expiry's `expiresAt` (epoch ms) as a form field: a whole-number string, like every form field. */
  expiresAt: int({ min: 1, max: Number.MAX_SAFE_INTEGER }),
  contracts: z.string(),
  premium: decimal(),
  quoteId: quoteIdField.optional(),
  tradePassword: z.string().optional(),
  ...withRequestId,
});
export const optionCloseRequestSchema = z.object({
  action: z.literal('close'),
  id: rowId,
  /** How many of the position's contracts to close (a whole number up to those held); all when absent. */
  contracts: z.string().optional(),
  premium: decimal(),
  quoteId: quoteIdField.optional(),
  tradePassword: z.string().optional(),
  ...withRequestId,
});
export const OPTION_QUOTE_SIDES = ['buy', 'close'] as const;
export const optionQuoteBuyRequestSchema = z.object({
  action: z.literal('quote'),
  side: z.literal('buy'),
  symbol: z.string().min(1).max(20),
  kind: oneOf(OPTION_KINDS),
  strike: decimal(),
  expiresAt: int({ min: 1, max: Number.MAX_SAFE_INTEGER }),
  contracts: z.string(),
});
export const optionQuoteCloseRequestSchema = z.object({
  action: z.literal('quote'),
  side: z.literal('close'),
  id: rowId,
  /** As a close's `contracts`: part of the position, or all of it when absent. */
  contracts: z.string().optional(),
});
export const optionApplyRequestSchema = z.discriminatedUnion('action', [
  optionBuyRequestSchema,
  optionCloseRequestSchema,
  z.discriminatedUnion('side', [optionQuoteBuyRequestSchema, optionQuoteCloseRequestSchema]),
]);
export type OptionApplyRequest = z.input<typeof optionApplyRequestSchema>;
/** A quote's terms as the client sends them (`action: 'quote'` added by the API function). */
export type OptionQuoteRequest =
  | Omit<z.input<typeof optionQuoteBuyRequestSchema>, 'action'>
  | Omit<z.input<typeof optionQuoteCloseRequestSchema>, 'action'>;

/**
 * A quote (`action: 'quote'`): the figures the broker charges or pays if the buy or close comes
 * with `quoteId` before `validUntil`. Per share `premium` (a close's: the model × (1 − spread)),
 * `premiumTotal` = premium × multiplier × contracts, the `fee`, and `total`: a buy's cost
 * (premiumTotal + fee), a close's proceeds (premiumTotal − fee). `spot` is the underlying's
 * price it was priced on.
 */
export const optionQuoteSchema = z.object({
  quoteId: z.string(),
  side: z.enum(OPTION_QUOTE_SIDES),
  /** The position a close quote is for; null for a buy. */
  id: id.nullable(),
  symbol: z.string(),
  kind: z.enum(OPTION_KINDS),
  strike: dec,
  expiresAt: ms,
  contracts: count,
  multiplier: z.number().int(),
  spot: dec,
  premium: dec,
  premiumTotal: dec,
  fee: dec,
  total: dec,
  /** Epoch ms: honoured until then. */
  validUntil: ms,
  /**
   * Per share, at the quote's spot: ∂premium/∂spot, ∂delta/∂spot, the premium's change for one
   * volatility point and one per cent of rate, and over one day of the calendar in force.
   */
  greeks: z.object({ delta: dec, gamma: dec, vega: dec, theta: dec, rho: dec }),
});
export type OptionQuote = z.infer<typeof optionQuoteSchema>;

/** One option position of the signed-in user's active account (SPEC §4 option order). */
export const optionPositionSchema = z.object({
  id,
  symbol: z.string(),
  name: z.string(),
  kind: z.enum(OPTION_KINDS),
  strike: dec,
  expiresAt: ms,
  contracts: count,
  multiplier: z.number().int(),
  /** The underlying's price when bought ("open price"). */
  openPrice: dec,
  /** Per share (PREMIUM_UNIT), as charged; premiumTotal = premium × multiplier × contracts. */
  premium: dec,
  premiumTotal: dec,
  fee: dec,
  /** premiumTotal + fee: the most this position can lose (the screen says so). */
  cost: dec,
  status: z.enum(OPTION_STATUSES),
  /** The underlying's price it settled at (expired) or when it was closed; null while open. */
  closePrice: dec.nullable(),
  /** Credited: the payoff at expiry, or the early-close proceeds after its fee; null while open. */
  payoff: dec.nullable(),
  closeFee: dec.nullable(),
  /** payoff − cost, and pnl / cost (DECISIONS §3: P&L ratio = P&L / premium paid); null while open. */
  pnl: dec.nullable(),
  pnlRatio: dec.nullable(),
  openedAt: ms,
  closedAt: ms.nullable(),
});
export type OptionPosition = z.infer<typeof optionPositionSchema>;
export const optionPositionPageSchema = pageOf(optionPositionSchema);
/** The apply answer: a position for `buy`/`close`, a quote for `quote`. */
export const optionApplyAnswerSchema = z.union([optionQuoteSchema, optionPositionSchema]);

/** Newest first, optionally one status. */
export const optionListRequestSchema = statusPageRequestSchema(OPTION_STATUSES);

/** The active account's totals, summed from the ledger. */
export const optionStatisticsSchema = z.object({
  /** Premiums and fees paid on buys (and fees on early closes). */
  premiumPaid: dec,
  feesPaid: dec,
  /** Payoffs at expiry plus early-close proceeds. */
  payoffReceived: dec,
  /** payoffReceived − premiumPaid − feesPaid over settled and closed positions. */
  pnl: dec,
  /** Settled or closed positions with pnl > 0, and with pnl ≤ 0. */
  wins: z.number().int(),
  losses: z.number().int(),
  open: z.number().int(),
});
export type OptionStatistics = z.infer<typeof optionStatisticsSchema>;
