import { z } from 'zod';
import { decimal, epochMs, oneOf, rowId } from '../validation/fields';
import { pageOf } from './content';
import { dec, id, ms } from './wire-kinds';

/**
 * Membership products on the wire: VIP (trial, purchase), polls, the credit score's
 * change log and trading advice. Money is a canonical decimal string (TRY), times epoch ms, ids
 * strings (DECISIONS §4).
 */

/**
 * SPEC §6's VIP states, plus `none` (the trial not taken yet): `trial` and `purchased` are
 * active; `expired` had one of them and it ran out.
 */
export const VIP_STATES = ['none', 'trial', 'expired', 'purchased'] as const;
export type VipState = (typeof VIP_STATES)[number];

export const vipPurchaseSchema = z.object({
  id,
  price: dec,
  days: z.number().int(),
  /** The validity this purchase added: from the end of what was active (or now) to `endsAt`. */
  startsAt: ms,
  endsAt: ms,
  boughtAt: ms,
});
export type VipPurchase = z.infer<typeof vipPurchaseSchema>;

/** The caller's membership and the disclosed terms. */
export const vipStatusSchema = z.object({
  state: z.enum(VIP_STATES),
  active: z.boolean(),
  /** When the active membership ends (trial or purchased), null when none is active. */
  activeUntil: ms.nullable(),
  /** The free trial: its length, whether it can still be started, and when it ran. */
  trialDays: z.number().int(),
  trialAvailable: z.boolean(),
  trialStartedAt: ms.nullable(),
  trialEndsAt: ms.nullable(),
  paidUntil: ms.nullable(),
  /** A purchase: `price` TRY from the real stock account for `validityDays` days. */
  price: dec,
  currency: z.literal('TRY'),
  validityDays: z.number().int(),
  purchases: z.array(vipPurchaseSchema),
});
export type VipStatus = z.infer<typeof vipStatusSchema>;

export const VIP_PLANS = ['trial', 'paid'] as const;
/**
 * A VIP purchase, the fields in a form body (the spec's GET form answers USE_POST
 * and buys nothing: a trade password never rides in a URL). `trial` starts the free trial (once
 * per user, no money); `paid` charges `price` — the price the screen showed, refused with
 * VIP_PRICE_CHANGED when the terms moved — confirmed by the trade password (DECISIONS §3).
 */
export const vipBuyRequestSchema = z.object({
  plan: oneOf(VIP_PLANS),
  price: decimal({ maxLength: 30 }).optional(),
  /**
   * plan=paid: the paid-until the buyer was shown (epoch ms, 0 for none). A purchase extends from
   * it, so a repeated or retried purchase finds it moved and charges nothing (VIP_STATE_CHANGED).
   */
  paidUntil: epochMs.optional(),
  tradePassword: z.string().max(64).default(''),
});

/** The polls, newest first; results only once voted or closed. */
export const POLL_STATUSES = ['upcoming', 'open', 'closed'] as const;
export const pollOptionSchema = z.object({
  id,
  label: z.string(),
  /** null while the results are hidden (not voted and still open). */
  votes: z.number().int().nullable(),
  share: dec.nullable(),
});
export const pollSchema = z.object({
  id,
  question: z.string(),
  opensAt: ms,
  closesAt: ms,
  status: z.enum(POLL_STATUSES),
  options: z.array(pollOptionSchema),
  myOptionId: id.nullable(),
  totalVotes: z.number().int().nullable(),
  resultsVisible: z.boolean(),
});
export type Poll = z.infer<typeof pollSchema>;
export const pollPageSchema = pageOf(pollSchema);

/** One vote per user and poll; the answer is the poll with its results. */
export const voteRequestSchema = z.object({ pollId: rowId, optionId: rowId });

/** Credit score: the published rule's kinds of events. */
export const CREDIT_EVENT_KINDS = [
  'base',
  'kyc_approved',
  'tenure',
  'loan_repaid_on_time',
  'loan_repaid_late',
  'liquidation',
] as const;
export type CreditEventKind = (typeof CREDIT_EVENT_KINDS)[number];

export const creditRuleSchema = z.object({
  base: z.number().int(),
  min: z.number().int(),
  max: z.number().int(),
  kycApproved: z.number().int(),
  tenurePerPeriod: z.number().int(),
  tenurePeriodDays: z.number().int(),
  tenureMax: z.number().int(),
  loanOnTime: z.number().int(),
  loanLate: z.number().int(),
  liquidation: z.number().int(),
});
export type CreditRule = z.infer<typeof creditRuleSchema>;

export const creditChangeSchema = z.object({
  at: ms,
  kind: z.enum(CREDIT_EVENT_KINDS),
  /** The change the rule gives the event, and what the clamp to [min, max] let through. */
  points: z.number().int(),
  applied: z.number().int(),
  scoreAfter: z.number().int(),
});
export type CreditChange = z.infer<typeof creditChangeSchema>;

export const creditLogSchema = pageOf(creditChangeSchema).extend({
  score: z.number().int(),
  rule: creditRuleSchema,
});
export type CreditLog = z.infer<typeof creditLogSchema>;

/** Trading advice: the indicator rules of domain/advice. */
export const ADVICE_KINDS = ['ma_cross', 'rsi_oversold', 'bollinger_breakout'] as const;
export type AdviceKind = (typeof ADVICE_KINDS)[number];

/** How past signals of one kind did, replayed over the source's history (past results, no promise). */
export const trackRecordSchema = z.object({
  kind: z.enum(ADVICE_KINDS),
  /** Completed past signals: hit the target, hit the stop, or closed at the horizon. */
  signals: z.number().int(),
  hits: z.number().int(),
  stops: z.number().int(),
  /** hits / signals, and the mean return per signal (fractions, 4 decimals); null with no signals. */
  hitRate: dec.nullable(),
  averageReturn: dec.nullable(),
});
export type TrackRecord = z.infer<typeof trackRecordSchema>;

export const adviceSchema = z.object({
  symbol: z.string(),
  name: z.string(),
  kind: z.enum(ADVICE_KINDS),
  /** The open time of the daily bar whose close gave the signal. */
  signalAt: ms,
  entry: dec,
  stop: dec,
  target: dec,
  /** The figures of the rationale: indicator values at the signal (as decimal strings). */
  facts: z.record(z.string(), z.string()),
});
export type Advice = z.infer<typeof adviceSchema>;

/** Current advice, newest first, and every kind's record. */
export const adviceListSchema = z.object({
  generatedAt: ms,
  /** Bars the record replays and the horizon (bars) after which an undecided signal is closed. */
  historyBars: z.number().int(),
  horizonBars: z.number().int(),
  /** The stop's lookback (bars) and the target's multiple of the risk. */
  stopLookback: z.number().int(),
  rewardRisk: z.number(),
  list: z.array(adviceSchema),
  records: z.array(trackRecordSchema),
});
export type AdviceList = z.infer<typeof adviceListSchema>;
